import { useCallback, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../auth/form/serverErrors';
import { useSession } from '../auth/session';
import { fullName, listUsers, setMuted, type AtlasUser } from './atlasApi';
import { ATLAS_PATHS } from './paths';
import { AtlasPage, Badge, EmptyState, ErrorState, LiveMessage, LoadingState, When, useLoad } from './ui';

const pageOf = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

const href = (search: string, page: number) => {
  const q = new URLSearchParams();
  if (search) q.set('search', search);
  if (page > 1) q.set('page', String(page));
  const qs = q.toString();
  return `${ATLAS_PATHS.users}${qs ? `?${qs}` : ''}`;
};

/** /atlas/users/: find users by email or name, see their status, mute and unmute them (§6, §7). */
export function UsersScreen() {
  const [params, setParams] = useSearchParams();
  const search = (params.get('search') ?? '').trim();
  const page = pageOf(params.get('page'));
  const fetcher = useCallback((signal: AbortSignal) => listUsers(search, page, signal), [search, page]);
  const { load, update, reload } = useLoad(fetcher);
  const [draft, setDraft] = useState(search);
  const [shownSearch, setShownSearch] = useState(search);
  if (shownSearch !== search) {
    // Back/forward changed the search: the box follows the address.
    setShownSearch(search);
    setDraft(search);
  }
  const [busy, setBusy] = useState<Record<number, boolean>>({});
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const { user: me } = useSession();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams();
    if (draft.trim()) next.set('search', draft.trim());
    setParams(next);
  };

  const toggleMute = async (user: AtlasUser) => {
    const mute = user.mutedAt === null;
    setBusy((b) => ({ ...b, [user.id]: true }));
    try {
      const mutedAt = await setMuted(user.id, mute);
      update((p) => ({ ...p, data: p.data.map((u) => (u.id === user.id ? { ...u, mutedAt } : u)) }));
      setMessage({ tone: 'success', text: `${mute ? 'Muted' : 'Unmuted'} ${fullName(user)} (${user.email}).` });
    } catch (error) {
      setMessage({ tone: 'error', text: `Could not ${mute ? 'mute' : 'unmute'} ${fullName(user)}: ${errorText(error)}` });
    } finally {
      setBusy(({ [user.id]: _, ...rest }) => rest);
    }
  };

  return (
    <AtlasPage title="Users" intro={<p>Search by email or name. Mute or unmute a user; every change is logged.</p>}>
      <form className="atlas-search" role="search" onSubmit={submit}>
        <label className="atlas-field__label" htmlFor="atlas-user-search">
          Search users
        </label>
        <div className="atlas-search__row">
          <input
            id="atlas-user-search"
            className="atlas-field__input"
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="Email, first or last name"
            autoComplete="off"
            maxLength={200}
          />
          <button type="submit" className="pod-button pod-button--primary atlas-button">
            Search
          </button>
          {search && (
            <Link className="pod-button pod-button--secondary atlas-button" to={ATLAS_PATHS.users}>
              Clear
            </Link>
          )}
        </div>
      </form>
      <LiveMessage message={message} />
      {load.status === 'loading' && <LoadingState label="Loading users…" />}
      {load.status === 'failed' && <ErrorState message={load.message} onRetry={reload} />}
      {load.status === 'ready' && load.data.data.length === 0 && <EmptyState>{search ? `No users match “${search}”.` : 'No users yet.'}</EmptyState>}
      {load.status === 'ready' && load.data.data.length > 0 && (
        <>
          <p className="atlas-count">
            {load.data.total} {load.data.total === 1 ? 'user' : 'users'}
            {search && ` matching “${search}”`}
            {load.data.lastPage > 1 && ` · page ${load.data.page} of ${load.data.lastPage}`}
          </p>
          <table className="atlas-table" role="table" aria-label="Users">
            <thead role="rowgroup">
              <tr role="row">
                <th role="columnheader" scope="col">User</th>
                <th role="columnheader" scope="col">Status</th>
                <th role="columnheader" scope="col">Stores</th>
                <th role="columnheader" scope="col">Joined</th>
                <th role="columnheader" scope="col">Muted since</th>
                <th role="columnheader" scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {load.data.data.map((u) => {
                const name = fullName(u);
                return (
                  <tr role="row" key={u.id} className={u.mutedAt ? 'atlas-row--muted' : undefined} data-user-id={u.id}>
                    <td role="cell" className="atlas-table__title" data-label="User">
                      <strong>{name}</strong>
                      <span className="atlas-muted">{u.email}</span>
                      <span className="atlas-muted">#{u.id}</span>
                    </td>
                    <td role="cell" data-label="Status">
                      <span className="atlas-badges">
                        {u.verified ? <Badge tone="good">Verified</Badge> : <Badge tone="warning">Unverified</Badge>}
                        {u.internal && <Badge tone="neutral">Staff</Badge>}
                        {u.mutedAt && <Badge tone="bad">Muted</Badge>}
                      </span>
                    </td>
                    <td role="cell" data-label="Stores">
                      {u.stores.length === 0 ? (
                        <span className="atlas-muted">None</span>
                      ) : (
                        <ul className="atlas-chips" aria-label={`Stores of ${name}`}>
                          {u.stores.map((s) => (
                            <li key={s.divisionId}>
                              #{s.divisionId} {s.role}
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                    <td role="cell" data-label="Joined">
                      <When at={u.createdAt} />
                    </td>
                    <td role="cell" data-label="Muted since">
                      <When at={u.mutedAt} fallback="Not muted" />
                    </td>
                    <td role="cell" data-label="Actions" className="atlas-table__actions">
                      <button
                        type="button"
                        className={`pod-button atlas-button ${u.mutedAt ? 'pod-button--secondary' : 'pod-button--secondary atlas-button--danger'}`}
                        disabled={busy[u.id] === true || me?.id === u.id}
                        title={me?.id === u.id ? 'You cannot mute yourself' : undefined}
                        aria-label={`${u.mutedAt ? 'Unmute' : 'Mute'} ${name} (${u.email})`}
                        onClick={() => void toggleMute(u)}
                      >
                        {busy[u.id] ? (u.mutedAt ? 'Unmuting…' : 'Muting…') : u.mutedAt ? 'Unmute' : 'Mute'}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {load.data.lastPage > 1 && (
            <nav className="atlas-pager" aria-label="Pages of users">
              {page > 1 ? (
                <Link className="pod-button pod-button--secondary atlas-button" to={href(search, page - 1)}>
                  Previous page
                </Link>
              ) : (
                <span className="pod-button pod-button--secondary atlas-button" aria-disabled="true">
                  Previous page
                </span>
              )}
              <span>
                Page {load.data.page} of {load.data.lastPage}
              </span>
              {page < load.data.lastPage ? (
                <Link className="pod-button pod-button--secondary atlas-button" to={href(search, page + 1)}>
                  Next page
                </Link>
              ) : (
                <span className="pod-button pod-button--secondary atlas-button" aria-disabled="true">
                  Next page
                </span>
              )}
            </nav>
          )}
        </>
      )}
    </AtlasPage>
  );
}
