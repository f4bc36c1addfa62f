import { Link } from 'react-router';
import { hasDashboardAccess } from '../core/access';
import { displayName, useSession } from './session';
import './accountLink.css';

/**
 * The header's account entry: "Sign in" → /login/ for visitors; the user's first name → /dashboard/ once signed
 * in (a shopper without a store goes to their account security page instead, since the dashboard would refuse
 * them). On phones only the icon shows; its accessible name always says where it goes.
 */
export function AccountLink() {
  const { user } = useSession();
  const to = user ? (hasDashboardAccess(user) ? '/dashboard/' : '/account/security/') : '/login/';
  const text = user ? displayName(user) : 'Sign in';
  const label = user ? `Your account, ${text}` : 'Sign in';
  return (
    <Link className="account-link" to={to} aria-label={label} title={label}>
      <svg width="1.5rem" height="1.5rem" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 3a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9Zm0 2a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Zm0 8.5c4.1 0 8 2 8 5.5V21H4v-2c0-3.5 3.9-5.5 8-5.5Zm0 2c-3.2 0-5.8 1.4-6 3.5h12c-.2-2.1-2.8-3.5-6-3.5Z"
        />
      </svg>
      <span className="account-link__text">{text}</span>
    </Link>
  );
}
