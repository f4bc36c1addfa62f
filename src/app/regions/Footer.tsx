import { Link } from 'react-router';
import { SafeLink } from '../../renderer/SafeLink';
import { useStore } from '../StoreContext';

/** The footer (theme footer visibility, §2.1) and the minimal sub-footer beneath it. */
export function Footer({ minimal = false }: { minimal?: boolean }) {
  const { state } = useStore();
  const year = new Date().getFullYear();
  if (minimal) {
    return (
      <div className="sub-footer">
        <span>
          © {year} {state.company.name}
        </span>
      </div>
    );
  }
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <Link to="/" className="footer__name">
            {state.company.name}
          </Link>
          {typeof state.subdomain.meta.description === 'string' && <p>{state.subdomain.meta.description}</p>}
        </div>
        <nav aria-label="Footer">
          <ul className="footer__links">
            {state.mainMenu.map((entry) => (
              <li key={entry.text}>
                <SafeLink href={entry.href}>{entry.text}</SafeLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
