import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { MenuEntry } from '../../core/storeData';
import { SafeLink } from '../../renderer/SafeLink';
import { useStore } from '../StoreContext';
import { Icon } from './icons';
import { AccountLink } from '../../auth/AccountLink';
import { useKeepTypedText } from '../../lib/hydration';
import { useBasket } from '../../commerce/basket/store';
import { useFavouritesEnabled } from '../../commerce/favourites/enabled';
import { CurrencySelector } from '../../commerce/currency/CurrencySelector';

/** §9: a mega-menu closes 200 ms after the pointer leaves it. */
export const MENU_HOVER_CLOSE_DELAY_MS = 200;

/** §2.4 header: logo, main menu with mega-menu segments, search, favourites and basket icons, and the account link. */
/** "1 item", "3 items": the header icons' names for screen readers. */
const itemCount = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

export function Header({ onMenu }: { onMenu: () => void }) {
  const { state } = useStore();
  const basket = useBasket();
  const basketCount = basket.main.count;
  // §2.4: the heart shows when favourites are enabled (split test) and the list is not empty.
  const favouritesCount = useFavouritesEnabled() ? basket.favourites.items.length : 0;
  // §2.4 optional search bar (theme menu.searchBar); the search page has its own field.
  const searchBar = state.subdomain.theme.properties['menu.searchBar'] === true;
  const { pathname } = useLocation();
  return (
    <header className="header">
      <div className="header__inner">
        <button type="button" className="header__icon header__menu-button" onClick={onMenu} aria-label="Open menu">
          <Icon name="menu" />
        </button>
        <Link to="/" className="header__logo" aria-label={`${state.company.name} home`}>
          {state.company.logo ? <img src={state.company.logo.src} alt={state.company.logo.alt || state.company.name} width={state.company.logo.width} height={state.company.logo.height} /> : <span>{state.company.name}</span>}
        </Link>
        <nav className="header__nav" aria-label="Main">
          <ul className="menu">
            {state.mainMenu.map((entry) => (
              <MenuItem key={entry.text + entry.href} entry={entry} />
            ))}
          </ul>
        </nav>
        <div className="header__actions">
          {searchBar && pathname !== '/search/' && <HeaderSearch />}
          <Link className={`header__icon${searchBar ? ' header__search-icon' : ''}`} to="/search/" aria-label="Search">
            <Icon name="search" />
          </Link>
          {favouritesCount > 0 && (
            <Link className="header__icon" to="/favourites/" aria-label={`Favourites, ${itemCount(favouritesCount)}`}>
              <Icon name="heart" />
            </Link>
          )}
          <Link className="header__icon header__basket" to="/basket/" aria-label={`Basket, ${itemCount(basketCount)}`}>
            <Icon name="basket" />
            {basketCount > 0 && <span className="header__badge">{basketCount}</span>}
          </Link>
          {/* On phones the currency moves into the menu, leaving the header room for a readable logo. */}
          <div className="header__currency-slot">
            <CurrencySelector />
          </div>
          <AccountLink />
        </div>
      </div>
    </header>
  );
}

/** The header's search field: a term goes to /search/?q=…, where the search page runs it. */
function HeaderSearch() {
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  // A term typed into the drawn page before the app took over is kept once it has.
  const keepTyped = useKeepTypedText();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The field itself, not the state: a term typed just before the app took over reaches the state a moment later.
    const q = (event.currentTarget.elements.namedItem('q') as HTMLInputElement).value.trim();
    void navigate(q ? `/search/?q=${encodeURIComponent(q)}` : '/search/');
    setTerm('');
  };
  return (
    // A real GET form: sent before the app has taken over the drawn page (or without JavaScript), it still opens
    // /search/?q=term.
    <form ref={keepTyped} className="header__search" role="search" action="/search/" method="get" onSubmit={submit}>
      <input type="search" name="q" aria-label="Search the shop" placeholder="Search" value={term} onChange={(e) => setTerm(e.target.value)} maxLength={200} />
      <button type="submit" className="header__icon" aria-label="Search">
        <Icon name="search" />
      </button>
    </form>
  );
}

/** One main-menu entry; one with a submenu opens its mega-menu on hover or focus. */
export function MenuItem({ entry }: { entry: MenuEntry }) {
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);
  const item = useRef<HTMLLIElement>(null);
  const hasSubmenu = (entry.submenu?.length ?? 0) > 0;
  useEffect(() => {
    // Focus or a pointer that reached the server-drawn entry before the app took over opens it now, as it would have.
    const el = item.current;
    if (hasSubmenu && el && (el.contains(document.activeElement) || el.matches(':hover'))) setOpen(true);
  }, [hasSubmenu]);
  const show = () => {
    window.clearTimeout(closeTimer.current);
    setOpen(true);
  };
  const hide = () => {
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setOpen(false), MENU_HOVER_CLOSE_DELAY_MS);
  };
  return (
    <li
      ref={item}
      className={`menu__entry${open ? ' menu__entry--open' : ''}`}
      onMouseEnter={hasSubmenu ? show : undefined}
      onMouseLeave={hasSubmenu ? hide : undefined}
      onFocus={hasSubmenu ? show : undefined}
      onBlur={hasSubmenu ? hide : undefined}
      onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
    >
      <SafeLink href={entry.href} className="menu__link" style={{ color: entry.color || undefined, background: entry.backgroundColor || undefined }} aria-haspopup={hasSubmenu || undefined} aria-expanded={hasSubmenu ? open : undefined}>
        {entry.text}
      </SafeLink>
      {hasSubmenu && (
        <div className="mega-menu" hidden={!open} onClick={() => setOpen(false)}>
          <div className="mega-menu__inner">
            {entry.submenu!.map((segment) => (
              <div className="mega-menu__segment" key={segment.title}>
                {segment.link ? (
                  <SafeLink className="mega-menu__title" href={segment.link}>
                    {segment.title}
                  </SafeLink>
                ) : (
                  <span className="mega-menu__title">{segment.title}</span>
                )}
                {segment.mode === 'image' && segment.image ? (
                  <SafeLink href={segment.image.link ?? segment.link ?? '#'} className="mega-menu__image">
                    <img src={segment.image.src} alt={segment.image.title ?? ''} loading="lazy" />
                    {segment.image.title && <span>{segment.image.title}</span>}
                  </SafeLink>
                ) : (
                  <ul>
                    {segment.items?.map((item) => (
                      <li key={item.text + item.link}>
                        <SafeLink href={item.link} style={{ color: item.color || undefined }}>
                          {item.text}
                        </SafeLink>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            ))}
          </div>
        </div>
      )}
    </li>
  );
}
