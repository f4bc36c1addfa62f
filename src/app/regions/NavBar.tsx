import { NavLink } from 'react-router';
import { Icon } from './icons';
import { HELP_URL } from '../../core/help';

const ITEMS = [
  { to: '/', text: 'Home', icon: 'menu' },
  { to: '/search/', text: 'Search', icon: 'search' },
  { to: '/basket/', text: 'Basket', icon: 'basket' },
  { to: HELP_URL, text: 'Help', icon: 'chevron' },
] as const;

/** §2.1 bottom nav bar (3rem high): phones only, in the layouts that show it. */
export function NavBar() {
  return (
    <nav className="nav-bar" aria-label="Quick links">
      {ITEMS.map((item) => (
        <NavLink key={item.to} to={item.to} end className="nav-bar__item">
          <Icon name={item.icon} size="1.25rem" />
          <span>{item.text}</span>
        </NavLink>
      ))}
    </nav>
  );
}
