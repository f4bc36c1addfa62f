import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { MenuEntry } from '../../core/storeData';
import { SafeLink } from '../../renderer/SafeLink';
import { useStore } from '../StoreContext';
import { Icon } from './icons';
import { CurrencySelector } from '../../commerce/currency/CurrencySelector';

/**
 * §2.1 sidebar: a slide-over on small screens (closed by the backdrop, the close icon or a route change),
 * with drill-down into submenus (§2.4). Layouts with a fixed sidebar show it permanently on large screens.
 */
export function Sidebar({ open, fixed, onClose }: { open: boolean; fixed: boolean; onClose: () => void }) {
  const { state } = useStore();
  const [drill, setDrill] = useState<MenuEntry | null>(null);
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    // Closing forgets the drill-down, so the menu opens at the top level next time.
    setWasOpen(open);
    if (!open) setDrill(null);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  return (
    <>
      <div className={`sidebar-backdrop${open ? ' sidebar-backdrop--open' : ''}`} onClick={onClose} aria-hidden="true" />
      <aside className={`sidebar${open ? ' sidebar--open' : ''}${fixed ? ' sidebar--fixed' : ''}`} aria-label="Menu" aria-hidden={!open && !fixed} inert={!open && !fixed ? true : undefined}>
        <div className="sidebar__head">
          {drill ? (
            <button type="button" className="sidebar__back" onClick={() => setDrill(null)}>
              ‹ Back
            </button>
          ) : (
            <Link to="/" className="sidebar__brand">
              {state.company.name}
            </Link>
          )}
          <button type="button" className="header__icon" onClick={onClose} aria-label="Close menu">
            <Icon name="close" />
          </button>
        </div>
        <nav>
          <ul className="sidebar__list">
            {drill
              ? [
                  <li key="all">
                    <SafeLink href={drill.href}>All {drill.text}</SafeLink>
                  </li>,
                  ...(drill.submenu ?? []).flatMap((segment) =>
                    (segment.items ?? [{ text: segment.title, link: segment.link ?? drill.href }]).map((item) => (
                      <li key={segment.title + item.text}>
                        <SafeLink href={item.link}>{item.text}</SafeLink>
                      </li>
                    )),
                  ),
                ]
              : state.mainMenu.map((entry) => (
                  <li key={entry.text}>
                    {entry.submenu?.length ? (
                      <button type="button" className="sidebar__drill" onClick={() => setDrill(entry)}>
                        {entry.text} <Icon name="chevron" size="1.1rem" />
                      </button>
                    ) : (
                      <SafeLink href={entry.href}>{entry.text}</SafeLink>
                    )}
                  </li>
                ))}
          </ul>
        </nav>
        <div className="sidebar__currency">
          <CurrencySelector />
        </div>
      </aside>
    </>
  );
}
