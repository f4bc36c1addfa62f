import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useStore } from '../../app/StoreContext';
import { documentTitle } from '../../core/routes';
import type { LayoutName, PageRoute } from '../../core/storeData';
import { api, ApiError, GENERIC_ERROR } from '../../lib/api';
import { Dialog } from '../toolbar/Dialog';
import { Icon } from '../toolbar/icons';
import { EDITOR_PATHS } from '../paths';
import { pagesUrl, pageUrl, useEditorDivision } from './storeChoice';
import { MailPages } from './MailPages';
import '../toolbar/ui.css';
import './pages.css';

type ListedPage = PageRoute & { version: number; edited: string };
type Listing = { status: 'loading' } | { status: 'ready'; pages: ListedPage[] } | { status: 'failed'; message: string };

const LAYOUTS: { value: LayoutName; label: string }[] = [
  { value: 'standard', label: 'Standard (header and footer)' },
  { value: 'blank', label: 'Blank (no header or footer)' },
  { value: 'tool', label: 'Tool (header and side menu)' },
  { value: 'cart', label: 'Cart' },
  { value: 'search', label: 'Search (wide)' },
  { value: 'studio', label: 'Studio' },
];
const LOGIN_STATES = [
  { value: 'everyone', label: 'Everyone' },
  { value: 'logged-in', label: 'Signed-in shoppers' },
  { value: 'logged-out', label: 'Signed-out visitors' },
  { value: 'dashboard-access', label: 'Store team (dashboard access)' },
];

/** /dashboard/pages/ — the store's pages: open the builder, create a page, delete one (never the homepage). */
export function PagesScreen() {
  const choice = useEditorDivision();
  const company = useStore().state.company.name;
  const divisionId = choice.status === 'ready' ? choice.divisionId : null;
  const [listing, setListing] = useState<Listing>({ status: 'loading' });
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ListedPage | null>(null);
  const storeQuery = divisionId && new URLSearchParams(window.location.search).has('store') ? divisionId : null;

  useEffect(() => {
    document.title = documentTitle('Pages', company);
  }, [company]);

  const [reloads, setReloads] = useState(0);
  const load = useCallback(() => setReloads((n) => n + 1), []);
  useEffect(() => {
    if (divisionId === null) return;
    let live = true;
    api<{ data: ListedPage[] }>(`${pagesUrl(divisionId)}?page-type=StorePage`)
      .then(({ data }) => live && setListing({ status: 'ready', pages: data }))
      .catch((error: unknown) => live && setListing({ status: 'failed', message: error instanceof ApiError ? error.message : GENERIC_ERROR }));
    return () => {
      live = false;
    };
  }, [divisionId, reloads]);

  return (
    <div className="ed-pages">
      <header className="ed-pages__head">
        <div>
          <Link to="/dashboard/" className="ed-pages__crumb">
            <Icon name="back" size={14} /> Dashboard
          </Link>
          <h1 className="ed-pages__title">Pages</h1>
          <p className="ed-pages__intro">Every page of your store. Open one in the page builder to change its blocks.</p>
        </div>
        {divisionId !== null && (
          <button type="button" className="ed-button ed-button--primary" onClick={() => setCreating(true)}>
            <Icon name="plus" size={16} /> New page
          </button>
        )}
      </header>
      {choice.status === 'none' ? (
        <p className="ed-pages__empty">Your account doesn't manage a store yet.</p>
      ) : listing.status === 'loading' ? (
        <p className="ed-pages__empty" role="status">
          <span className="pod-spinner" aria-hidden="true" /> Loading pages…
        </p>
      ) : listing.status === 'failed' ? (
        <div className="ed-alert ed-alert--error" role="alert">
          {listing.message}{' '}
          <button type="button" className="ed-button" onClick={load}>
            Try again
          </button>
        </div>
      ) : listing.pages.length === 0 ? (
        <p className="ed-pages__empty">No pages yet. Create the first one.</p>
      ) : (
        <ul className="ed-pages__list" aria-label="Store pages">
          {listing.pages.map((page) => (
            <li key={page.id} className="ed-pages__row">
              <div className="ed-pages__info">
                <span className="ed-pages__name">
                  {page.title || page.url}
                  {page.homepage && <span className="ed-tag">Homepage</span>}
                  {!page.published && <span className="ed-tag ed-tag--muted">Unpublished</span>}
                </span>
                <a className="ed-pages__url" href={page.url} target="_blank" rel="noreferrer">
                  {page.url}
                </a>
              </div>
              <div className="ed-pages__actions">
                <Link className="ed-button" to={EDITOR_PATHS.edit(page.id, storeQuery)} aria-label={`Edit ${page.title || page.url}`}>
                  Edit
                </Link>
                {page.homepage ? (
                  <span className="ed-pages__note" title="The homepage can't be deleted">
                    Can't be deleted
                  </span>
                ) : (
                  <button type="button" className="ed-button ed-button--ghost ed-pages__delete" onClick={() => setDeleting(page)} aria-label={`Delete ${page.title || page.url}`}>
                    <Icon name="trash" size={16} /> Delete
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {divisionId !== null && (
        <>
          <MailPages divisionId={divisionId} storeQuery={storeQuery} />
          <CreatePageDialog open={creating} divisionId={divisionId} storeQuery={storeQuery} onClose={() => setCreating(false)} />
          <DeletePageDialog
            page={deleting}
            divisionId={divisionId}
            onClose={(deleted) => {
              setDeleting(null);
              if (deleted) load();
            }}
          />
        </>
      )}
    </div>
  );
}

type Fields = { url: string; title: string; layout: LayoutName; loginState: string };
const FIELD_PATHS: Record<keyof Fields, string[]> = { url: ['/url'], title: ['/properties/title', '/properties'], layout: ['/layout'], loginState: ['/properties/loginState'] };

/** "Summer sale" → "/summer-sale/". */
export const slugUrl = (title: string) => `/${title.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')}/`.replace(/^\/\/$/, '/');

function CreatePageDialog({ open, divisionId, storeQuery, onClose }: { open: boolean; divisionId: number; storeQuery: number | null; onClose: () => void }) {
  const navigate = useNavigate();
  const id = useId();
  const [fields, setFields] = useState<Fields>({ url: '', title: '', layout: 'standard', loginState: 'everyone' });
  const [urlTouched, setUrlTouched] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields | 'form', string>>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof Fields, value: string) => setFields((f) => ({ ...f, [key]: value, ...(key === 'title' && !urlTouched ? { url: value ? slugUrl(value) : '' } : {}) }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const page = await api<{ id: number }>(pagesUrl(divisionId), {
        method: 'POST',
        body: { url: fields.url, layout: fields.layout, properties: { title: fields.title, loginState: fields.loginState } },
      });
      onClose();
      navigate(EDITOR_PATHS.edit(page.id, storeQuery));
    } catch (error) {
      if (error instanceof ApiError) {
        const next: typeof errors = {};
        for (const key of Object.keys(FIELD_PATHS) as (keyof Fields)[]) {
          const path = FIELD_PATHS[key].find((p) => error.errors[p]);
          if (path) next[key] = error.errors[path]![0];
        }
        const known = Object.values(FIELD_PATHS).flat();
        const other = Object.entries(error.errors).find(([p]) => !known.includes(p));
        if (other || Object.keys(next).length === 0) next.form = other ? other[1][0] : error.message;
        setErrors(next);
      } else setErrors({ form: GENERIC_ERROR });
    } finally {
      setBusy(false);
    }
  };
  const field = (key: keyof Fields, label: string, input: React.ReactNode, help?: string) => (
    <div className="ed-field">
      <label className="ed-field__label" htmlFor={`${id}-${key}`}>
        {label}
      </label>
      {input}
      {help && !errors[key] && (
        <span className="ed-field__help" id={`${id}-${key}-help`}>
          {help}
        </span>
      )}
      {errors[key] && (
        <span className="ed-field__error" id={`${id}-${key}-error`}>
          {errors[key]}
        </span>
      )}
    </div>
  );
  const describe = (key: keyof Fields) => ({
    id: `${id}-${key}`,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${id}-${key}-error` : `${id}-${key}-help`,
  });
  return (
    <Dialog
      open={open}
      title="New page"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="ed-button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={`${id}-form`} className="ed-button ed-button--primary" disabled={busy}>
            {busy ? 'Creating…' : 'Create and edit'}
          </button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={(e) => void submit(e)} noValidate>
        {errors.form && (
          <p className="ed-alert ed-alert--error" role="alert">
            {errors.form}
          </p>
        )}
        {field('title', 'Title', <input className="ed-input" {...describe('title')} value={fields.title} onChange={(e) => set('title', e.target.value)} autoFocus maxLength={120} />, 'Shown in the browser tab and in search results.')}
        {field(
          'url',
          'Address',
          <input
            className="ed-input"
            {...describe('url')}
            value={fields.url}
            onChange={(e) => {
              setUrlTouched(true);
              set('url', e.target.value);
            }}
            placeholder="/summer-sale/"
          />,
          'Lower-case words and dashes, starting and ending with /.',
        )}
        {field(
          'layout',
          'Layout',
          <select className="ed-input" {...describe('layout')} value={fields.layout} onChange={(e) => set('layout', e.target.value)}>
            {LAYOUTS.map((l) => (
              <option key={l.value} value={l.value}>
                {l.label}
              </option>
            ))}
          </select>,
        )}
        {field(
          'loginState',
          'Who can see it',
          <select className="ed-input" {...describe('loginState')} value={fields.loginState} onChange={(e) => set('loginState', e.target.value)}>
            {LOGIN_STATES.map((l) => (
              <option key={l.value} value={l.value}>
                {l.label}
              </option>
            ))}
          </select>,
        )}
      </form>
    </Dialog>
  );
}

function DeletePageDialog({ page, divisionId, onClose }: { page: ListedPage | null; divisionId: number; onClose: (deleted: boolean) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (!page) return;
    setBusy(true);
    setError(null);
    try {
      await api(pageUrl(divisionId, page.id), { method: 'DELETE' });
      onClose(true);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : GENERIC_ERROR);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={page !== null}
      title={`Delete “${page?.title || page?.url || ''}”?`}
      tone="danger"
      onClose={() => onClose(false)}
      actions={
        <>
          <button type="button" className="ed-button" onClick={() => onClose(false)}>
            Keep page
          </button>
          <button type="button" className="ed-button ed-button--danger" onClick={() => void confirm()} disabled={busy}>
            {busy ? 'Deleting…' : 'Delete page'}
          </button>
        </>
      }
    >
      <p>
        The page at <strong>{page?.url}</strong> and all its blocks will be removed. Visitors following links to it will see the not-found page. This can't be
        undone.
      </p>
      {error && (
        <p className="ed-alert ed-alert--error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
