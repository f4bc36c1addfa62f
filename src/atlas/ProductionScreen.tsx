import { useCallback } from 'react';
import { Link } from 'react-router';
import { ORDER_PRIORITIES } from '../core/orderLifecycle';
import { logPretreat, printLabels, productionQueue } from './floorApi';
import { AtlasPage, Badge, EmptyState, ErrorState, LiveMessage, LoadingState, When, useAction, useLoad } from './ui';

/** /atlas/production/: paid orders waiting for labels, and the labels to make grouped by product, colour and print count. */
export function ProductionScreen() {
  const fetcher = useCallback((signal: AbortSignal) => productionQueue(signal), []);
  const { load, reload } = useLoad(fetcher);
  const { busy, message, run } = useAction(reload);


  return (
    <AtlasPage
      title="Production"
      intro={<p>Print labels for new orders, then work through the queue: each row is what one print run loads together.</p>}
      actions={
        <button type="button" className="pod-button pod-button--secondary atlas-button" onClick={reload}>
          Refresh
        </button>
      }
    >
      <LiveMessage message={message} />
      {load.status === 'loading' && <LoadingState label="Loading the production queue…" />}
      {load.status === 'failed' && <ErrorState message={load.message} onRetry={reload} />}
      {load.status === 'ready' && (
        <>
          <section aria-labelledby="awaiting-title" className="atlas-section">
            <div className="atlas-section__head">
              <h2 id="awaiting-title" className="atlas-section-title">
                Waiting for labels ({load.data.awaitingLabels.length})
              </h2>
              {load.data.awaitingLabels.length > 0 && (
                <button
                  type="button"
                  className="pod-button pod-button--primary atlas-button"
                  disabled={busy}
                  onClick={() => void run(() => printLabels({ orderIds: load.data.awaitingLabels.slice(0, 100).map((o) => o.id) }), 'Labels printed.')}
                >
                  Print labels for {Math.min(100, load.data.awaitingLabels.length)} orders
                </button>
              )}
            </div>
            {load.data.awaitingLabels.length === 0 ? (
              <EmptyState>Every paid order has its labels.</EmptyState>
            ) : (
              <ul className="atlas-chips atlas-chips--orders">
                {load.data.awaitingLabels.map((o) => (
                  <li key={o.id}>
                    <Link to={`/atlas/orders/${o.id}/`}>#{o.id}</Link> · {o.units} {o.units === 1 ? 'unit' : 'units'}
                    {o.priority > 0 && <Badge tone={o.priority === 2 ? 'bad' : 'warning'}>{ORDER_PRIORITIES[o.priority]?.name}</Badge>} · <When at={o.createdAt} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="queue-title" className="atlas-section">
            <h2 id="queue-title" className="atlas-section-title">
              To make
            </h2>
            {load.data.groups.length === 0 ? (
              <EmptyState>Nothing to make right now.</EmptyState>
            ) : (
              <table className="atlas-table" aria-label="Production queue">
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col">Colour</th>
                    <th scope="col">Printed</th>
                    <th scope="col">Units</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {load.data.groups.map((g) => (
                    <tr key={`${g.product}|${g.colour}|${g.timesPrinted}`}>
                      <td className="atlas-table__title" data-label="Product">
                        <strong>{g.product}</strong>
                        {g.priority > 0 && <Badge tone={g.priority === 2 ? 'bad' : 'warning'}>{ORDER_PRIORITIES[g.priority]?.name}</Badge>}
                        <span className="atlas-muted">{g.orderIds.length} {g.orderIds.length === 1 ? 'order' : 'orders'}</span>
                      </td>
                      <td data-label="Colour">{g.colour ?? '—'}</td>
                      <td data-label="Printed">{g.timesPrinted === 0 ? 'Not yet' : `${g.timesPrinted}×`}</td>
                      <td data-label="Units">{g.units}</td>
                      <td data-label="Actions" className="atlas-table__actions">
                        <button type="button" className="pod-button pod-button--primary atlas-button" disabled={busy} onClick={() => void run(() => printLabels({ labelIds: g.labelIds }), `${g.units} labels printed.`)}>
                          Print PDF
                        </button>
                        <button type="button" className="pod-button pod-button--secondary atlas-button" disabled={busy} onClick={() => void run(() => printLabels({ labelIds: g.labelIds }, 'zpl'), `${g.units} labels sent as ZPL.`)}>
                          ZPL
                        </button>
                        <button type="button" className="pod-button pod-button--secondary atlas-button" disabled={busy} onClick={() => void run(() => logPretreat(g.labelIds), `Pre-treat logged for ${g.units} units.`)}>
                          Pre-treated
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
    </AtlasPage>
  );
}
