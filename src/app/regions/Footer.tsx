import { Link } from 'react-router';
import { SafeLink } from '../../renderer/SafeLink';
import { useStore } from '../StoreContext';
import { POLICY_URLS } from '../../core/policies';
import { BLOG_URL } from '../../core/blog';
import { HELP_URL } from '../../core/help';

/** The footer (theme footer visibility, §2.1) and the minimal sub-footer beneath it. */
export function Footer({ minimal = false }: { minimal?: boolean }) {
  const { state, pages } = useStore();
  // §2.2: policy pages are linked only when the store lists them (not for a direct payment processor).
  const policies = POLICY_URLS.map((url) => pages.find((p) => p.url === url)).filter((p) => p !== undefined);
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
        <nav aria-label="Information">
          <ul className="footer__links">
            <li>
              <Link to={HELP_URL}>Help centre</Link>
            </li>
            <li>
              <Link to={BLOG_URL}>Journal</Link>
            </li>
            <li>
              <Link to="/sitemap/">Sitemap</Link>
            </li>
            {policies.map((page) => (
              <li key={page.url}>
                <Link to={page.url}>{page.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
