import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useStore } from '../../app/StoreContext';
import type { AccessMembership } from '../../core/access';
import type { StoreCoreData } from '../../core/storeData';
import { api } from '../../lib/api';
import { AuthShell, Notice } from '../AuthShell';
import { errorText } from '../form/serverErrors';
import { displayName, useSession } from '../session';
import { SignOutButton } from './SignOut';
import { SetupChecklist } from './SetupChecklist';

/** What the dashboard shows of one store: its name, address and storefront pages. */
export interface StoreSummary {
  divisionId: number;
  name: string;
  /** Where "View store" goes: "/" for the store this site serves, https://{domain}/ for others with a domain. */
  href: string | null;
  internal: boolean;
  pages: { title: string; url: string }[];
}

export function summariseStore(data: StoreCoreData, currentDivisionId: number): StoreSummary {
  const { division, customDomainName } = data.state.subdomain;
  const here = division.id === currentDivisionId;
  const base = here ? '' : customDomainName ? `https://${customDomainName}` : null;
  return {
    divisionId: division.id,
    name: division.name || data.state.company.name,
    href: base === null ? null : `${base}/`,
    internal: here,
    pages: data.pages
      .filter((p) => p.storefront !== false && p.url !== '/404/')
      .map((p) => ({ title: p.title || p.url, url: base === null ? p.url : `${base}${p.url}` })),
  };
}

type Loaded = { status: 'loading' } | { status: 'ready'; store: StoreSummary } | { status: 'failed'; message: string };

function useStoreSummary(membership: AccessMembership): Loaded {
  const current = useStore();
  const currentId = current.state.subdomain.division.id;
  const isCurrent = membership.divisionId === currentId;
  const [state, setState] = useState<Loaded>(() => (isCurrent ? { status: 'ready', store: summariseStore(current, currentId) } : { status: 'loading' }));
  useEffect(() => {
    if (isCurrent) return;
    let live = true;
    api<StoreCoreData>(`/omnis/v3/frontend/${membership.divisionId}/getStoreCoreData/json/`)
      .then((data) => live && setState({ status: 'ready', store: summariseStore(data, currentId) }))
      .catch((error: unknown) => live && setState({ status: 'failed', message: errorText(error) }));
    return () => {
      live = false;
    };
  }, [isCurrent, membership.divisionId, currentId]);
  return state;
}

function StoreCard({ membership }: { membership: AccessMembership }) {
  const loaded = useStoreSummary(membership);
  const headingId = `store-${membership.divisionId}`;
  if (loaded.status !== 'ready') {
    return (
      <li className="auth-store" aria-busy={loaded.status === 'loading'}>
        <p className="auth-store__role">{membership.role}</p>
        {loaded.status === 'loading' ? (
          <p className="auth-loading">
            <span className="pod-spinner" aria-hidden="true" /> Loading store…
          </p>
        ) : (
          <p className="auth-field__error">{loaded.message}</p>
        )}
      </li>
    );
  }
  const { store } = loaded;
  return (
    <li className="auth-store" aria-labelledby={headingId}>
      <div className="auth-store__head">
        <h3 className="auth-store__name" id={headingId}>
          {store.name}
        </h3>
        <span className="auth-store__role">{membership.role}</span>
      </div>
      <SetupChecklist divisionId={store.divisionId} />
      {store.href ? (
        store.internal ? (
          <Link className="pod-button pod-button--primary" to={store.href}>
            View store
          </Link>
        ) : (
          <a className="pod-button pod-button--primary" href={store.href}>
            View store
          </a>
        )
      ) : (
        <p>This store doesn't have a web address yet.</p>
      )}
      <p>
        <Link to={`/dashboard/pages/?store=${store.divisionId}`}>Edit pages in the page builder</Link>
        {' · '}
        <Link to={`/dashboard/products/?store=${store.divisionId}`}>Products</Link>
        {' · '}
        <Link to={`/dashboard/orders/?store=${store.divisionId}`}>Orders</Link>
        {' · '}
        <Link to={`/dashboard/shipping/?store=${store.divisionId}`}>Shipping and free delivery</Link>
        {' · '}
        <Link to={`/dashboard/settings/?store=${store.divisionId}`}>Store settings</Link>
      </p>
      {store.pages.length > 0 && (
        <>
          <p className="auth-field__label">Pages</p>
          <ul className="auth-store__pages" aria-label={`Pages of ${store.name}`}>
            {store.pages.map((page) => (
              <li key={page.url}>{store.href === null ? page.title : store.internal ? <Link to={page.url}>{page.title}</Link> : <a href={page.url}>{page.title}</a>}</li>
            ))}
          </ul>
        </>
      )}
    </li>
  );
}

/** /dashboard/ (§2.2): the signed-in owner's home — their stores, account security, sign out. */
export function DashboardScreen() {
  const { user } = useSession({ load: 'always' });
  if (!user) {
    return (
      <AuthShell title="Dashboard">
        <p className="auth-loading" role="status">
          <span className="pod-spinner" aria-hidden="true" /> Loading your dashboard…
        </p>
      </AuthShell>
    );
  }
  return (
    <AuthShell title={`Hello, ${displayName(user)}`} intro={<p>Here are your stores.</p>}>
      {user.force2fa && (
        <Notice tone="warning">
          <p>
            Your store requires two-factor authentication. <Link to="/account/security/">Turn it on now</Link>.
          </p>
        </Notice>
      )}
      {user.stores.length > 0 ? (
        <ul className="auth-stores" aria-label="Your stores">
          {user.stores.map((membership) => (
            <StoreCard key={membership.divisionId} membership={membership} />
          ))}
        </ul>
      ) : (
        <p>{user.internal ? "You're signed in as staff: you can work on any store." : "You don't manage a store yet."}</p>
      )}
      <div className="auth-toolbar">
        <Link to="/account/security/">Account security</Link>
        <SignOutButton />
      </div>
    </AuthShell>
  );
}
