import { Link } from 'react-router';
import { useStore } from '../../app/StoreContext';
import { hasDashboardAccess } from '../../core/access';
import { AuthShell, Notice } from '../AuthShell';
import { useSession } from '../session';
import { SignOutButton } from './SignOut';
import { useHydrated } from '../../lib/hydration';
import { daysUntil, shortDate } from '../../core/cutoff';

/** The launch date (yyyy-mm-dd, from the Access settings) as the start of that day in UTC. */
const launchOf = (iso: string | undefined): Date | null => (iso && shortDate(iso) ? new Date(`${iso}T00:00:00Z`) : null);

/** /countdown/ (§2.2): the coming-soon page for visitors not yet allowed into the store, counting down to the launch date. */
export function CountdownScreen() {
  const { state } = useStore();
  const launch = launchOf(state.subdomain.comingSoonPageData.launchDate);
  // The days left depend on the visitor's clock: counted once the app runs in the browser.
  const hydrated = useHydrated();
  const days = launch && hydrated ? daysUntil(launch) : null;
  return (
    <div className="auth-countdown">
      <AuthShell
        title="Coming soon"
        intro={
          <>
            <p>{state.company.name} is getting ready to open its doors. Check back soon.</p>
            {launch && (
              <p className="auth-countdown__launch">
                Opening on <time dateTime={state.subdomain.comingSoonPageData.launchDate}>{shortDate(state.subdomain.comingSoonPageData.launchDate!)}</time>
                {days !== null && days > 0 && <span role="timer"> — {days === 1 ? '1 day to go' : `${days} days to go`}</span>}
              </p>
            )}
          </>
        }
      >
        <p>Are you the owner of this store?</p>
        <Link className="pod-button pod-button--secondary pod-button--block" to="/login/">
          Sign in
        </Link>
      </AuthShell>
    </div>
  );
}

/** /subscription-verified (§2.2): shown after an email address is verified. */
export function SubscriptionVerifiedScreen() {
  return (
    <AuthShell title="Thank you!">
      <Notice>
        <p>Your email address is verified. Thanks for subscribing — we'll be in touch with news and offers.</p>
      </Notice>
      <Link className="pod-button pod-button--primary pod-button--block" to="/">
        Continue shopping
      </Link>
    </AuthShell>
  );
}

/** The 403 page of a dashboard-permission failure (§6 dashboard permissions: "403 page on failure"). */
export function ForbiddenScreen() {
  const { user } = useSession({ load: 'always' });
  return (
    <AuthShell title="You don't have access to this page" intro={<p>Error 403 — permission denied.</p>}>
      <p>
        {user
          ? hasDashboardAccess(user)
            ? "Your account doesn't have the permission this page needs. Ask the store owner or our team to grant it."
            : "Your account doesn't have a store dashboard. Create a store by signing up with a store, or sign in with the account that owns it."
          : 'Sign in with an account that has access to this page.'}
      </p>
      <div className="auth-actions">
        {user && hasDashboardAccess(user) && (
          <Link className="pod-button pod-button--primary" to="/dashboard/">
            Go to your dashboard
          </Link>
        )}
        {!user && (
          <Link className="pod-button pod-button--primary" to="/login/">
            Sign in
          </Link>
        )}
        <Link className="pod-button pod-button--secondary" to="/">
          Back to the store
        </Link>
        {user && <SignOutButton />}
      </div>
    </AuthShell>
  );
}
