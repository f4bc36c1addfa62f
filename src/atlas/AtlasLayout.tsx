import { NavLink, Outlet } from 'react-router';
import { ATLAS_PATHS } from './routes';
import './atlas.css';

const LINKS = [
  { to: ATLAS_PATHS.permissions, text: 'Permission requests' },
  { to: ATLAS_PATHS.outbox, text: 'Outbox' },
  { to: ATLAS_PATHS.users, text: 'Users' },
] as const;

/**
 * The atlas frame inside the tool layout's content: a left navigation list (a scrolling row of tabs on phones)
 * beside the current screen. The layout's own sidebar keeps the store menu.
 */
export function AtlasLayout() {
  return (
    <div className="atlas">
      <nav className="atlas__nav" aria-label="Atlas">
        <p className="atlas__brand">
          Atlas <span className="atlas__brand-sub">Staff tools</span>
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
