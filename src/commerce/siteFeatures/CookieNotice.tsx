import { Link } from 'react-router';
import { setConsent } from './consent';
import { DEFAULT_COOKIE_MESSAGE } from './rules';

/**
 * The cookie notice (§3 cookie-policy plugin: message, allowEssentialOnly; §5.2 when it shows). Not a modal: the
 * shop stays usable, but no analytics or tracking script loads until the visitor accepts them.
 */
export default function CookieNotice({ message, allowEssentialOnly }: { message?: string; allowEssentialOnly: boolean }) {
  return (
    <section className="cookie-notice" role="region" aria-label="Cookie notice">
      <p className="cookie-notice__text">
        {message || DEFAULT_COOKIE_MESSAGE} <Link to="/use-of-cookies-and-disclaimer/">Use of cookies</Link>
      </p>
      <div className="cookie-notice__actions">
        {allowEssentialOnly && (
          <button type="button" className="pod-button pod-button--secondary" onClick={() => setConsent('essential')}>
            Essential only
          </button>
        )}
        <button type="button" className="pod-button pod-button--primary" onClick={() => setConsent('all')}>
          Accept all cookies
        </button>
      </div>
    </section>
  );
}
