import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useStore } from '../app/StoreContext';
import { errorText } from '../auth/form/serverErrors';
import { ApiError } from '../lib/api';
import { answerRequest, fullName, listRequests, REQUEST_STATUSES, type Decision, type PermissionRequest, type RequestStatus } from './atlasApi';
import { AtlasPage, Badge, EmptyState, ErrorState, LiveMessage, LoadingState, When, useLoad } from './ui';

const STATUS_TEXT: Record<RequestStatus, string> = { pending: 'Pending', approved: 'Approved', denied: 'Denied' };
const STATUS_TONE = { pending: 'pending', approved: 'good', denied: 'bad' } as const;
const parseStatus = (value: string | null): RequestStatus | null => (REQUEST_STATUSES as readonly (string | null)[]).includes(value) ? (value as RequestStatus) : null;

/** /atlas/permissions/: permission requests (§6), pending first, answered with Approve or Deny. */
export function PermissionsScreen() {
  const [params, setParams] = useSearchParams();
  const status = parseStatus(params.get('status'));
  const fetcher = useCallback((signal: AbortSignal) => listRequests(status, signal), [status]);
  const { load, update, reload } = useLoad(fetcher);
  const [busy, setBusy] = useState<Record<number, Decision>>({});
  const [rowError, setRowError] = useState<Record<number, string>>({});
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const store = useStore();
  const here = store.state.subdomain.division;

  const storeName = (divisionId: number | null) =>
    divisionId === null ? 'No store (account-wide)' : divisionId === here.id ? `${here.name || store.state.company.name} (#${divisionId})` : `Store #${divisionId}`;

  const answer = async (request: PermissionRequest, decision: Decision) => {
    // Both buttons are disabled at once: a second click cannot answer twice.
    setBusy((b) => ({ ...b, [request.id]: decision }));
    setRowError(({ [request.id]: _, ...rest }) => rest);
    try {
      const answered = await answerRequest(request.id, decision);
      update((list) => list.map((r) => (r.id === answered.id ? answered : r)));
      setMessage({
        tone: 'success',
        text: `${decision === 'approve' ? 'Approved' : 'Denied'} ${fullName(answered.user)}'s request for ${answered.permissions.join(', ')}.`,
      });
    } catch (error) {
      const text = errorText(error);
      setRowError((e) => ({ ...e, [request.id]: text }));
      setMessage({ tone: 'error', text });
      // Someone else answered it first: show what they decided.
      if (error instanceof ApiError && error.status === 409) reload();
    } finally {
      setBusy(({ [request.id]: _, ...rest }) => rest);
    }
  };

  const pending = load.status === 'ready' ? load.data.filter((r) => r.status === 'pending').length : 0;

  return (
    <AtlasPage
      title="Permission requests"
      intro={<p>Store owners and editors ask for dashboard permissions here. Pending requests come first.</p>}
      actions={
        <>
          <label className="atlas-field atlas-field--inline">
            <span className="atlas-field__label">Status</span>
            <select
              className="atlas-field__input"
              value={status ?? ''}
              onChange={(e) => {
                const next = new URLSearchParams(params);
                if (e.target.value) next.set('status', e.target.value);
                else next.delete('status');
                setParams(next);
              }}
            >
              <option value="">All</option>
              {REQUEST_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_TEXT[s]}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="pod-button pod-button--secondary atlas-button" onClick={reload}>
            Refresh
          </button>
        </>
      }
    >
      <LiveMessage message={message} />
      {load.status === 'loading' && <LoadingState label="Loading permission requests…" />}
      {load.status === 'failed' && <ErrorState message={load.message} onRetry={reload} />}
      {load.status === 'ready' && load.data.length === 0 && (
        <EmptyState>{status ? `No ${STATUS_TEXT[status].toLowerCase()} permission requests.` : 'No permission requests yet.'}</EmptyState>
      )}
      {load.status === 'ready' && load.data.length > 0 && (
        <>
          <p className="atlas-count">
            {load.data.length} {load.data.length === 1 ? 'request' : 'requests'}
            {pending > 0 && `, ${pending} pending`}
          </p>
          <table className="atlas-table" role="table" aria-label="Permission requests">
            <thead role="rowgroup">
              <tr role="row">
                <th role="columnheader" scope="col">Requested by</th>
                <th role="columnheader" scope="col">Store</th>
                <th role="columnheader" scope="col">Permissions</th>
                <th role="columnheader" scope="col">Reason</th>
                <th role="columnheader" scope="col">Requested</th>
                <th role="columnheader" scope="col">Status</th>
                <th role="columnheader" scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {load.data.map((request) => {
                const deciding = busy[request.id];
                const name = fullName(request.user);
                return (
                  <tr role="row" key={request.id} className={request.status === 'pending' ? 'atlas-row--pending' : undefined} data-request-id={request.id}>
                    <td role="cell" className="atlas-table__title" data-label="Requested by">
                      <strong>{name}</strong>
                      <span className="atlas-muted">{request.user.email}</span>
                    </td>
                    <td role="cell" data-label="Store">
                      {storeName(request.divisionId)}
                    </td>
                    <td role="cell" data-label="Permissions">
                      <ul className="atlas-chips" aria-label="Permissions">
                        {request.permissions.map((p) => (
                          <li key={p}>
                            <code>{p}</code>
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td role="cell" data-label="Reason" className="atlas-table__text">
                      {request.reason}
                    </td>
                    <td role="cell" data-label="Requested">
                      <When at={request.createdAt} />
                    </td>
                    <td role="cell" data-label="Status">
                      <Badge tone={STATUS_TONE[request.status]}>{STATUS_TEXT[request.status]}</Badge>
                      {request.answeredAt && (
                        <span className="atlas-muted">
                          <When at={request.answeredAt} />
                        </span>
                      )}
                    </td>
                    <td role="cell" data-label="Actions" className="atlas-table__actions">
                      {request.status === 'pending' ? (
                        <div className="atlas-actions" role="group" aria-label={`Answer ${name}'s request`}>
                          <button
                            type="button"
                            className="pod-button pod-button--primary atlas-button"
                            disabled={deciding !== undefined}
                            aria-label={`Approve ${name}'s request for ${request.permissions.join(', ')}`}
                            onClick={() => void answer(request, 'approve')}
                          >
                            {deciding === 'approve' ? 'Approving…' : 'Approve'}
                          </button>
                          <button
                            type="button"
                            className="pod-button pod-button--secondary atlas-button atlas-button--danger"
                            disabled={deciding !== undefined}
                            aria-label={`Deny ${name}'s request for ${request.permissions.join(', ')}`}
                            onClick={() => void answer(request, 'deny')}
                          >
                            {deciding === 'deny' ? 'Denying…' : 'Deny'}
                          </button>
                        </div>
                      ) : (
                        <span className="atlas-muted">{request.answeredBy ? `Answered by user #${request.answeredBy}` : 'Answered'}</span>
                      )}
                      {rowError[request.id] && (
                        <p className="atlas-error" role="alert">
                          {rowError[request.id]}
                        </p>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      )}
    </AtlasPage>
  );
}
