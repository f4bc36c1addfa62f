import { useEffect, useState, type CSSProperties } from 'react';
import { NavLink, Outlet } from 'react-router';
import atlasTheme from '../../themes/atlas.json';
import atlasDarkTheme from '../../themes/atlasDark.json';
import { cssVariableName } from '../core/theme/css';
import { ATLAS_PATHS } from './paths';
import './atlas.css';

const LINKS = [
  { to: ATLAS_PATHS.orders, text: 'Orders' },
  { to: ATLAS_PATHS.quotes, text: 'Quotes' },
  { to: ATLAS_PATHS.production, text: 'Production' },
  { to: ATLAS_PATHS.picking, text: 'Picking' },
  { to: ATLAS_PATHS.permissions, text: 'Permission requests' },
  { to: ATLAS_PATHS.outbox, text: 'Outbox' },
  { to: ATLAS_PATHS.users, text: 'Users' },
  { to: ATLAS_PATHS.chat, text: 'Live chat' },
] as const;

/** The §3 atlas theme (atlasDark when the device prefers dark), as CSS variables on the atlas root only. */
function useAtlasTheme(): CSSProperties {
  const query = typeof window !== 'undefined' && window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  const [dark, setDark] = useState(query?.matches ?? false);
  useEffect(() => {
    if (!query) return;
    const change = (e: MediaQueryListEvent) => setDark(e.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, [query]);
  const properties: Record<string, unknown> = { ...atlasTheme.properties, ...(dark ? atlasDarkTheme.properties : {}) };
  const style: Record<string, string> = {};
  for (const [key, value] of Object.entries(properties)) if (typeof value === 'string') style[cssVariableName(key)] = value;
  return { ...style, background: 'var(--page-background)', color: 'var(--text-color)', colorScheme: dark ? 'dark' : 'light' } as CSSProperties;
}

/**
 * The atlas frame: its own calm theme and bar (no storefront header or menu), a navigation list on the left
 * (a scrolling row of tabs on phones) beside the current screen.
 */
export function AtlasLayout() {
  const style = useAtlasTheme();
  return (
    <div className="atlas" style={style} data-theme="atlas">
      <nav className="atlas__nav" aria-label="Atlas">
        <p className="atlas__brand">
          Atlas <span className="atlas__brand-sub">Factory and staff</span>
        </p>
        <ul className="atlas__links">
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className={({ isActive }) => `atlas__link${isActive ? ' atlas__link--active' : ''}`}>
                {link.text}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="atlas__main">
        <Outlet />
      </div>
    </div>
  );
}
