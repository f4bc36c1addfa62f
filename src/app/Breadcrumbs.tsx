import { Link } from 'react-router';
import type { Breadcrumb } from '../core/breadcrumbs';
import './breadcrumbs.css';

/** §2.1 visible breadcrumbs: every crumb links back except the last, the current page. */
export function Breadcrumbs({ items }: { items: Breadcrumb[] }) {
  if (items.length < 2) return null;
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {items.map((item, i) => (
          <li key={`${item.type}:${item.href}`} data-crumb-type={item.type}>
            {i === items.length - 1 ? (
              <span aria-current="page">{item.text}</span>
            ) : (
              <Link to={item.href}>{item.text}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
