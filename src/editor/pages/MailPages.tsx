import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { PageRoute } from '../../core/storeData';
import { api, ApiError, GENERIC_ERROR } from '../../lib/api';
import { Dialog } from '../toolbar/Dialog';
import { EDITOR_PATHS } from '../paths';
import { pagesUrl, pageUrl } from './storeChoice';

type Email = { subject: string; html: string; text: string };
type Loaded<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; message: string };

/**
 * The store's campaign e-mails (mail pages, shown to readers at /teemail/{page}/): edit one in the builder, or
 * preview the e-mail it becomes, exactly as the server renders it for sending.
 */
export function MailPages({ divisionId, storeQuery }: { divisionId: number; storeQuery: number | null }) {
  const [listing, setListing] = useState<Loaded<PageRoute[]>>({ status: 'loading' });
  const [previewing, setPreviewing] = useState<PageRoute | null>(null);
  useEffect(() => {
    let live = true;
    api<{ data: PageRoute[] }>(`${pagesUrl(divisionId)}?page-type=MailPage`)
      .then(({ data }) => live && setListing({ status: 'ready', value: data }))
      .catch((error: unknown) => live && setListing({ status: 'failed', message: error instanceof ApiError ? error.message : GENERIC_ERROR }));
    return () => {
      live = false;
    };
  }, [divisionId]);
  if (listing.status === 'loading') return null;
  return (
    <section className="ed-pages__mail" aria-labelledby="ed-mail-pages">
      <h2 id="ed-mail-pages" className="ed-pages__subtitle">
        Campaign e-mails
      </h2>
      {listing.status === 'failed' ? (
        <p className="ed-alert ed-alert--error" role="alert">
          {listing.message}
        </p>
      ) : listing.value.length === 0 ? (
        <p className="ed-pages__empty">No campaign e-mails yet. Create a page with the mail layout to write one.</p>
      ) : (
        <ul className="ed-pages__list" aria-label="Campaign e-mails">
          {listing.value.map((page) => (
            <li key={page.id} className="ed-pages__row">
              <div className="ed-pages__info">
                <span className="ed-pages__name">{page.title || page.url}</span>
                <a className="ed-pages__url" href={page.url} target="_blank" rel="noreferrer">
                  {page.url}
                </a>
              </div>
              <div className="ed-pages__actions">
                <Link className="ed-button" to={EDITOR_PATHS.edit(page.id, storeQuery)} aria-label={`Edit ${page.title || page.url}`}>
                  Edit
                </Link>
                <button type="button" className="ed-button" onClick={() => setPreviewing(page)} aria-label={`Preview e-mail: ${page.title || page.url}`}>
                  Preview e-mail
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <EmailPreview page={previewing} divisionId={divisionId} onClose={() => setPreviewing(null)} />
    </section>
  );
}

function EmailPreview({ page, divisionId, onClose }: { page: PageRoute | null; divisionId: number; onClose: () => void }) {
  // The answer is kept with the page it is for: another page shows "loading" until its own arrives.
  const [result, setResult] = useState<{ id: number; loaded: Loaded<Email> } | null>(null);
  const [asText, setAsText] = useState(false);
  const id = page?.id ?? null;
  const email: Loaded<Email> = result && result.id === id ? result.loaded : { status: 'loading' };
  useEffect(() => {
    if (id === null) return;
    let live = true;
    api<Email>(`${pageUrl(divisionId, id)}email/`)
      .then((value) => live && setResult({ id, loaded: { status: 'ready', value } }))
      .catch((error: unknown) => live && setResult({ id, loaded: { status: 'failed', message: error instanceof ApiError ? error.message : GENERIC_ERROR } }));
    return () => {
      live = false;
    };
  }, [divisionId, id]);
  return (
    <Dialog
      open={page !== null}
      title={email.status === 'ready' ? `Subject: ${email.value.subject}` : 'E-mail preview'}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="ed-button" aria-pressed={asText} onClick={() => setAsText((v) => !v)}>
            {asText ? 'Show HTML' : 'Show plain text'}
          </button>
          <button type="button" className="ed-button ed-button--primary" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      {email.status === 'loading' ? (
        <p role="status">
          <span className="pod-spinner" aria-hidden="true" /> Rendering the e-mail…
        </p>
      ) : email.status === 'failed' ? (
        <p className="ed-alert ed-alert--error" role="alert">
          {email.message}
        </p>
      ) : asText ? (
        <pre className="ed-mail-preview ed-mail-preview--text">{email.value.text}</pre>
      ) : (
        // No scripts and no same-origin access: the preview can only draw the mail.
        <iframe className="ed-mail-preview" title="E-mail preview" sandbox="" srcDoc={email.value.html} />
      )}
    </Dialog>
  );
}
