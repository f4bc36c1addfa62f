import { useCallback, useEffect, useRef, useState } from 'react';
import { listOutbox, type OutboxMail } from './atlasApi';
import { AtlasPage, Badge, EmptyState, ErrorState, LoadingState, When, useLoad } from './ui';

/** /atlas/outbox/: the latest 100 mails, for staff; one opens in a reading panel. */
export function OutboxScreen() {
  const fetcher = useCallback((signal: AbortSignal) => listOutbox(signal), []);
  const { load, reload } = useLoad(fetcher);
  const [openId, setOpenId] = useState<number | null>(null);
  const panelHeading = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const mails = load.status === 'ready' ? load.data : [];
  const open = mails.find((m) => m.id === openId) ?? null;

  useEffect(() => {
    // Opening a mail moves focus to its panel (which also scrolls it into view on phones).
    if (openId !== null) panelHeading.current?.focus();
  }, [openId]);

  const close = () => {
    setOpenId(null);
    opener.current?.focus();
  };

  return (
    <AtlasPage
      title="Outbox"
      intro={<p>The latest 100 mails the platform wrote, newest first. Queued mails have not been delivered by SMTP yet.</p>}
      actions={
        <button type="button" className="pod-button pod-button--secondary atlas-button" onClick={reload}>
          Refresh
        </button>
      }
    >
      {load.status === 'loading' && <LoadingState label="Loading the outbox…" />}
      {load.status === 'failed' && <ErrorState message={load.message} onRetry={reload} />}
      {load.status === 'ready' && mails.length === 0 && <EmptyState>The outbox is empty: no mails have been written yet.</EmptyState>}
      {load.status === 'ready' && mails.length > 0 && (
        <div className={`atlas-split${open ? ' atlas-split--open' : ''}`}>
          <table className="atlas-table" role="table" aria-label="Mails">
            <thead role="rowgroup">
              <tr role="row">
                <th role="columnheader" scope="col">Subject</th>
                <th role="columnheader" scope="col">To</th>
                <th role="columnheader" scope="col">Written</th>
                <th role="columnheader" scope="col">Delivery</th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {mails.map((mail) => (
                <tr role="row" key={mail.id} className={mail.id === openId ? 'atlas-row--selected' : undefined}>
                  <td role="cell" className="atlas-table__title" data-label="Subject">
                    <button
                      type="button"
                      className="atlas-link-button"
                      aria-expanded={mail.id === openId}
                      aria-controls={mail.id === openId ? 'atlas-mail' : undefined}
                      onClick={(e) => {
                        opener.current = e.currentTarget;
                        setOpenId(mail.id === openId ? null : mail.id);
                      }}
                    >
                      {mail.subject || '(no subject)'}
                    </button>
                  </td>
                  <td role="cell" data-label="To" className="atlas-table__text">
                    {mail.to}
                  </td>
                  <td role="cell" data-label="Written">
                    <When at={mail.created_at} />
                  </td>
                  <td role="cell" data-label="Delivery">
                    <Delivery mail={mail} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {open && (
            <section id="atlas-mail" className="atlas-mail" aria-labelledby="atlas-mail-title">
              <div className="atlas-mail__head">
                <h2 id="atlas-mail-title" className="atlas-mail__title" tabIndex={-1} ref={panelHeading}>
                  {open.subject || '(no subject)'}
                </h2>
                <button type="button" className="pod-button pod-button--secondary atlas-button" onClick={close}>
                  Close
                </button>
              </div>
              <dl className="atlas-mail__meta">
                <dt>To</dt>
                <dd>{open.to}</dd>
                <dt>Written</dt>
                <dd>
                  <When at={open.created_at} />
                </dd>
                <dt>Delivery</dt>
                <dd>
                  <Delivery mail={open} />
                </dd>
              </dl>
              {/* The text body, rendered as text: mail content is never parsed as HTML here. */}
              <pre className="atlas-mail__body" data-testid="mail-body" tabIndex={0} aria-label="Mail text">
                {open.text}
              </pre>
            </section>
          )}
        </div>
      )}
    </AtlasPage>
  );
}

function Delivery({ mail }: { mail: OutboxMail }) {
  return mail.sent_at ? (
    <>
      <Badge tone="good">Sent</Badge>{' '}
      <span className="atlas-muted">
        <When at={mail.sent_at} />
      </span>
    </>
  ) : (
    <Badge tone="pending">Queued</Badge>
  );
}
