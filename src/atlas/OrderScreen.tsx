import { useCallback, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { formatMoney } from '../core/currency';
import { ORDER_PRIORITIES, ORDER_STATUS_LABELS, type OrderStatus } from '../core/orderLifecycle';
import { cancelLabel, changeStatus, dispatch, getOrder, printLabels, reprint, setPriority, type Address, type AtlasOrder } from './floorApi';
import { FullRefundForm, ItemActionsForm } from './OrderItemActions';
import { ATLAS_PATHS } from './paths';
import { AtlasPage, Badge, EmptyState, ErrorState, LiveMessage, LoadingState, When, useAction, useLoad } from './ui';
import { ProgressMeter, StatusBadge } from './floorUi';

function AddressBlock({ title, address }: { title: string; address: Address }) {
  return (
    <div className="atlas-card">
      <h2 className="atlas-card__title">{title}</h2>
      <address className="atlas-address">
        {[`${address.firstName} ${address.lastName}`, address.company, address.street, [address.city, address.state].filter(Boolean).join(', '), address.zip, address.country]
          .filter(Boolean)
          .map((line, i) => (
            <span key={i}>{line}</span>
          ))}
      </address>
    </div>
  );
}

/** /atlas/orders/{id}/: everything about one order and what staff can do with it. */
export function OrderScreen() {
  const id = Number(useParams().orderId);
  const fetcher = useCallback((signal: AbortSignal) => getOrder(id, signal), [id]);
  const { load, reload } = useLoad(fetcher);
  const { busy, message, run } = useAction(reload);
  const [nextStatus, setNextStatus] = useState('');
  const [tracking, setTracking] = useState('');
  const [carrier, setCarrier] = useState('');
  const [cancelling, setCancelling] = useState<number | null>(null);
  const [cancelReason, setCancelReason] = useState('');
  const [reprintReason, setReprintReason] = useState('');


  if (!Number.isInteger(id) || id <= 0) return <ErrorState message="404 Not found" onRetry={reload} />;
  if (load.status === 'loading') return <LoadingState label={`Loading order #${id}…`} />;
  if (load.status === 'failed') return <ErrorState message={load.message} onRetry={reload} />;
  const o: AtlasOrder = load.data;
  const money = (minor: number) => formatMoney(minor, o.currency);
  const units = o.items.filter((i) => !o.items.some((c) => c.parentItemId === i.id)).reduce((n, i) => n + i.activeQuantity, 0);

  const submitStatus = (e: FormEvent) => {
    e.preventDefault();
    if (nextStatus) void run(() => changeStatus(o.id, nextStatus), `Order #${o.id} moved to ${nextStatus}.`);
  };
  const submitDispatch = (e: FormEvent) => {
    e.preventDefault();
    void run(() => dispatch(o.id, tracking.trim(), carrier.trim() || undefined), `Order #${o.id} dispatched with tracking code ${tracking.trim()}.`);
  };
  const submitCancelLabel = (e: FormEvent, labelId: number) => {
    e.preventDefault();
    const reason = cancelReason.trim();
    if (!reason) return;
    setCancelling(null);
    void run(() => cancelLabel(labelId, reason), `Label ${labelId} cancelled.`).then((ok) => ok && setCancelReason(''));
  };

  return (
    <AtlasPage
      title={`Order #${o.number}`}
      intro={
        <p>
          {o.store.name} · placed <When at={o.createdAt} /> · {o.email}
        </p>
      }
      actions={
        <>
          <Link className="pod-button pod-button--secondary atlas-button" to={ATLAS_PATHS.orders}>
            All orders
          </Link>
          <button type="button" className="pod-button pod-button--primary atlas-button" disabled={busy} onClick={() => void run(() => printLabels({ orderIds: [o.id] }), `Labels of order #${o.id} printed.`)}>
            Print labels (PDF)
          </button>
          <button type="button" className="pod-button pod-button--secondary atlas-button" disabled={busy} onClick={() => void run(() => printLabels({ orderIds: [o.id] }, 'zpl'), `Labels of order #${o.id} sent as ZPL.`)}>
            ZPL
          </button>
          <a className="pod-button pod-button--secondary atlas-button" href={`/omnis/v3/atlas/orders/${o.id}/packing-slip/`} target="_blank" rel="noreferrer">
            Packing slip
          </a>
        </>
      }
    >
      <LiveMessage message={message} />
      <div className="atlas-summary">
        <StatusBadge status={o.status} label={o.statusLabel} />
        <ProgressMeter percent={o.progress} label="Order progress" />
        <span>
          {units} {units === 1 ? 'unit' : 'units'} · {money(o.total)} · {o.factory === 'newport' ? 'Newport (paper)' : 'Distro'}
        </span>
        {o.pigeonhole && ['consolidated', 'packing'].includes(o.status) && <Badge tone="neutral">Pigeonhole {o.pigeonhole}</Badge>}
        {o.parentOrderId && (
          <span>
            {o.childOrderType ?? 'Child'} of <Link to={`/atlas/orders/${o.parentOrderId}/`}>#{o.parentOrderId}</Link>
            {o.reprintReason && ` (${o.reprintReason})`}
          </span>
        )}
      </div>

      <div className="atlas-grid">
        <form className="atlas-card atlas-form" onSubmit={submitStatus} aria-label="Change status">
          <h2 className="atlas-card__title">Status</h2>
          {o.allowedTransitions.length === 0 ? (
            <p className="atlas-muted">This order cannot move any further.</p>
          ) : (
            <div className="atlas-search__row">
              <select className="atlas-field__input" aria-label="Next status" value={nextStatus} onChange={(e) => setNextStatus(e.target.value)}>
                <option value="">Move to…</option>
                {o.allowedTransitions.map((s) => (
                  <option key={s} value={s}>
                    {s} — {ORDER_STATUS_LABELS[s as OrderStatus]}
                  </option>
                ))}
              </select>
              <button type="submit" className="pod-button pod-button--primary atlas-button" disabled={busy || !nextStatus}>
                Change
              </button>
            </div>
          )}
          <label className="atlas-field">
            <span className="atlas-field__label">Priority</span>
            <select className="atlas-field__input" value={o.priority} disabled={busy} onChange={(e) => void run(() => setPriority(o.id, Number(e.target.value)), 'Priority changed.')}>
              {ORDER_PRIORITIES.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
        </form>

        {o.status === 'packing' && (
          <form className="atlas-card atlas-form" onSubmit={submitDispatch} aria-label="Dispatch">
            <h2 className="atlas-card__title">Dispatch</h2>
            <label className="atlas-field">
              <span className="atlas-field__label">Tracking code</span>
              <input className="atlas-field__input" value={tracking} onChange={(e) => setTracking(e.target.value)} required minLength={4} maxLength={40} autoComplete="off" />
            </label>
            <label className="atlas-field">
              <span className="atlas-field__label">Carrier (optional)</span>
              <input className="atlas-field__input" value={carrier} onChange={(e) => setCarrier(e.target.value)} maxLength={40} placeholder="Royal Mail" />
            </label>
            <button type="submit" className="pod-button pod-button--primary atlas-button" disabled={busy || tracking.trim().length < 4}>
              Mark dispatched
            </button>
          </form>
        )}

        <ItemActionsForm order={o} busy={busy} run={run} />
        <AddressBlock title="Shipping address" address={o.shippingAddress} />
        <AddressBlock title="Billing address" address={o.billingAddress} />
      </div>

      <h2 className="atlas-section-title">Items and labels</h2>
      <table className="atlas-table" aria-label="Items">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Active</th>
            <th scope="col">Labels</th>
          </tr>
        </thead>
        <tbody>
          {o.items.map((item) => (
            <tr key={item.id} data-item-id={item.id}>
              <td className="atlas-table__title" data-label="Item">
                <strong>{item.name}</strong>
                <span className="atlas-muted">{[item.colour, item.size, item.sku].filter(Boolean).join(' · ')}</span>
                <span className="atlas-muted">{money(item.lineTotal)}</span>
                {item.printFiles.length > 0 && (
                  <span className="atlas-print-files" aria-label="Print files">
                    {item.printFiles.map((f) =>
                      f.status === 'done' ? (
                        <a key={f.area} href={f.url} target="_blank" rel="noreferrer" className="atlas-print-file" title={`${f.width} × ${f.height} px`}>
                          {f.area} print file
                        </a>
                      ) : (
                        <span key={f.area} className="atlas-muted">
                          {f.area}: {f.status === 'queued' ? 'print file rendering…' : 'print file failed'}
                        </span>
                      ),
                    )}
                  </span>
                )}
              </td>
              <td data-label="Active">
                {item.activeQuantity} of {item.quantity}
                {item.returned > 0 && <span className="atlas-muted">{item.returned} returned</span>}
                {item.cancelledLabels > 0 && <span className="atlas-muted">{item.cancelledLabels} cancelled</span>}
              </td>
              <td data-label="Labels">
                {item.labels.length === 0 ? (
                  <span className="atlas-muted">{o.items.some((c) => c.parentItemId === item.id) ? 'Made as its items' : 'Not printed yet'}</span>
                ) : (
                  <ul className="atlas-labels">
                    {item.labels.map((l) => (
                      <li key={l.id} data-label-id={l.id}>
                        <code>{l.id}</code> {l.counter}/{l.count} · {l.pickface}{' '}
                        {l.cancelledAt ? <Badge tone="neutral">Cancelled</Badge> : l.pickedAt ? <Badge tone="good">Picked</Badge> : <Badge tone="pending">To pick</Badge>}{' '}
                        <span className="atlas-muted">printed {l.timesPrinted}×</span>
                        {l.printFiles.map((f) => (
                          <a key={f.area} href={f.url} target="_blank" rel="noreferrer" className="atlas-print-file">
                            {f.area}
                          </a>
                        ))}
                        {!l.cancelledAt && (
                          <span className="atlas-label-actions">
                            <button type="button" className="atlas-link-button" disabled={busy} onClick={() => void run(() => printLabels({ labelIds: [l.id], reason: 'Reprint' }), `Label ${l.id} reprinted.`)}>
                              Reprint
                            </button>
                            {!l.pickedAt && cancelling !== l.id && (
                              <button type="button" className="atlas-link-button atlas-button--danger" disabled={busy} onClick={() => setCancelling(l.id)}>
                                Cancel
                              </button>
                            )}
                          </span>
                        )}
                        {cancelling === l.id && (
                          <form className="atlas-inline-form" aria-label={`Cancel label ${l.id}`} onSubmit={(e) => submitCancelLabel(e, l.id)}>
                            <label className="atlas-field">
                              <span className="atlas-field__label">Why cancel label {l.id}?</span>
                              <input className="atlas-field__input" value={cancelReason} onChange={(e) => setCancelReason(e.target.value)} required maxLength={500} autoFocus />
                            </label>
                            <div className="atlas-search__row">
                              <button type="submit" className="pod-button pod-button--primary atlas-button atlas-button--danger" disabled={busy || !cancelReason.trim()}>
                                Cancel label
                              </button>
                              <button type="button" className="pod-button pod-button--secondary atlas-button" onClick={() => setCancelling(null)}>
                                Keep it
                              </button>
                            </div>
                          </form>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <div className="atlas-grid">
        <section className="atlas-card" aria-label="Tracking codes">
          <h2 className="atlas-card__title">Tracking</h2>
          {o.trackingCodes.length === 0 ? (
            <p className="atlas-muted">Not dispatched yet.</p>
          ) : (
            <ul>
              {o.trackingCodes.map((t) => (
                <li key={t.code}>
                  <strong>{t.carrier ? `${t.carrier} ` : ''}{t.code}</strong> · <When at={t.createdAt} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="atlas-card" aria-label="Payments and refunds">
          <h2 className="atlas-card__title">Payments</h2>
          {o.paymentAttempts.length === 0 && <p className="atlas-muted">No payment attempts.</p>}
          <ul>
            {o.paymentAttempts.map((a, i) => (
              <li key={i}>
                {a.isSuccessful ? <Badge tone="good">Paid</Badge> : <Badge tone="bad">Failed</Badge>} {a.paymentMethodName} · {money(a.amount)} · {a.message} · <When at={a.createdAt} />
              </li>
            ))}
            {o.refunds.map((r) => (
              <li key={`r${r.id}`}>
                <Badge tone={r.status === 'succeeded' ? 'neutral' : r.status === 'failed' ? 'bad' : 'pending'}>Refund {r.status}</Badge> {money(r.amount)}
                {r.itemId !== null && ` · ${r.quantity ?? 'all'} × ${o.items.find((i) => i.id === r.itemId)?.name ?? `item ${r.itemId}`}`} · {r.reason}
                {r.message && r.status === 'failed' && ` · ${r.message}`} · <When at={r.createdAt} />
              </li>
            ))}
          </ul>
          <FullRefundForm order={o} busy={busy} run={run} />
        </section>
        <section className="atlas-card" aria-label="Reprint">
          <h2 className="atlas-card__title">Reprint</h2>
          <div className="atlas-search__row">
            <select className="atlas-field__input" aria-label="Reprint reason" value={reprintReason} onChange={(e) => setReprintReason(e.target.value)}>
              <option value="">Reason…</option>
              {o.reprintReasons.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </select>
            <button type="button" className="pod-button pod-button--secondary atlas-button" disabled={busy || !reprintReason} onClick={() => void run(() => reprint(o.id, Number(reprintReason)), 'Reprint order created.')}>
              Reprint all
            </button>
          </div>
          {o.childOrders.length > 0 && (
            <ul>
              {o.childOrders.map((c) => (
                <li key={c.id}>
                  <Link to={`/atlas/orders/${c.id}/`}>#{c.id}</Link> {c.type} · {c.status}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <h2 className="atlas-section-title">Status log</h2>
      {o.statusLog.length === 0 ? (
        <EmptyState>No status changes yet.</EmptyState>
      ) : (
        <ol className="atlas-log">
          {o.statusLog.map((l, i) => (
            <li key={i}>
              <When at={l.createdAt} /> · <strong>{l.status}</strong>
              {l.previousStatus && l.previousStatus !== l.status && <span className="atlas-muted"> from {l.previousStatus}</span>}
              {l.user && <span className="atlas-muted"> by {l.user}</span>}
              {l.note && <span> — {l.note}</span>}
            </li>
          ))}
        </ol>
      )}
    </AtlasPage>
  );
}
