import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../lib/api';
import { routeError } from '../../auth/form/serverErrors';
import { useEditorDivision } from '../../editor/pages/storeChoice';
import { NotificationCard } from '../../app/notifications/NotificationCard';
import { NOTIFICATION_POSITIONS, NOTIFICATION_TEMPLATES, type AppNotification } from '../../core/notifications';
import { NOTIFICATION_BODY_MAX, NOTIFICATION_TITLE_MAX, draftFromQuery, type NotificationAudience, type NotificationDraft } from '../../core/notificationBuilder';
import '../fields.css';
import './notificationBuilder.css';

const FIELDS = ['title', 'body', 'href', 'image', 'related', 'tag', 'email'] as const;
const POSITION_LABELS: Record<(typeof NOTIFICATION_POSITIONS)[number], string> = { header: 'Under the header', 'top-right': 'Top right' };
const TEMPLATE_HINTS: Record<(typeof NOTIFICATION_TEMPLATES)[number], string> = { Shove: 'slides in', Bag: 'in the store colour', Simple: 'plain' };

/** The draft as the notification centre would show it. */
const previewOf = (d: NotificationDraft): AppNotification => ({
  id: 0,
  title: d.title.trim() || 'Your title',
  body: d.body.trim(),
  image: /^(\/(?!\/)|https?:\/\/)/.test(d.image) ? d.image : null,
  href: d.href || (d.related ? '#' : null),
  position: d.position,
  template: d.template,
  tag: d.tag || null,
  data: {},
  actions: [],
  createdAt: new Date(0).toISOString(),
  openedAt: null,
});

/**
 * /marketing-tools/notifications/builder (§2.2): compose a notification — prefilled from the query (title, body,
 * related, href, and the §3 fields template, position, image, tag, replacePrevious) — see it as it will look, and
 * send it to the store's customers with an account or to one of them.
 */
export function NotificationBuilderScreen() {
  const choice = useEditorDivision();
  const divisionId = choice.status === 'ready' ? choice.divisionId : null;
  const [params] = useSearchParams();
  const [draft, setDraft] = useState<NotificationDraft>(() => draftFromQuery(params));
  const [audience, setAudience] = useState<NotificationAudience>(params.get('email') ? 'user' : 'customers');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string | null; fields: Record<string, string> } | null>(null);
  const set = (change: Partial<NotificationDraft>) => setDraft((d) => ({ ...d, ...change }));
  const fieldError = (name: (typeof FIELDS)[number]) => result?.fields[name];
  const describedBy = (name: (typeof FIELDS)[number]) => (fieldError(name) ? `nb-${name}-error` : undefined);
  const error = (name: (typeof FIELDS)[number]) =>
    fieldError(name) && (
      <small id={`nb-${name}-error`} className="notification-builder__error">
        {fieldError(name)}
      </small>
    );

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (divisionId === null || sending) return;
    setSending(true);
    setResult(null);
    try {
      const answer = await api<{ sent: number; message: string }>(`notifications/send/?store=${divisionId}`, {
        method: 'POST',
        body: { ...draft, audience, ...(audience === 'user' ? { email } : {}) },
      });
      setResult({ ok: true, message: answer.message, fields: {} });
    } catch (failure) {
      const routed = routeError(failure, FIELDS);
      setResult({ ok: false, message: routed.message, fields: routed.fields });
    } finally {
      setSending(false);
    }
  };

  const preview = previewOf(draft);
  const card = <NotificationCard notification={preview} onOpen={(e) => e.preventDefault()} onAction={() => undefined} onDismiss={() => undefined} />;
  return (
    <div className="notification-builder">
      <p>
        <Link to="/dashboard/">← Dashboard</Link>
      </p>
      <h1>Notification builder</h1>
      <p className="notification-builder__lead">Write a notification, check how it looks, and send it. It shows in the store and, for people who allowed it, as a push notification.</p>
      {choice.status === 'none' && <p>You have no store yet.</p>}
      {choice.status === 'loading' && (
        <p role="status">
          <span className="pod-spinner" aria-hidden="true" /> Loading…
        </p>
      )}
      {divisionId !== null && (
        <div className="notification-builder__columns">
          <form className="notification-builder__form dash-fields" onSubmit={(e) => void send(e)} noValidate>
            <label className="notification-builder__field">
              <span>Title</span>
              <input value={draft.title} maxLength={NOTIFICATION_TITLE_MAX} required onChange={(e) => set({ title: e.target.value })} aria-invalid={!!fieldError('title')} aria-describedby={describedBy('title')} />
              {error('title')}
            </label>
            <label className="notification-builder__field">
              <span>Message</span>
              <textarea rows={3} value={draft.body} maxLength={NOTIFICATION_BODY_MAX} onChange={(e) => set({ body: e.target.value })} aria-invalid={!!fieldError('body')} aria-describedby={describedBy('body')} />
              {error('body')}
            </label>
            <label className="notification-builder__field">
              <span>Link (a page of your store such as /collection/summer/, or an https:// address)</span>
              <input value={draft.href} onChange={(e) => set({ href: e.target.value })} aria-invalid={!!fieldError('href')} aria-describedby={describedBy('href')} />
              {error('href')}
            </label>
            <label className="notification-builder__field">
              <span>Related product (its address name or id; links to it when there is no link)</span>
              <input value={draft.related} onChange={(e) => set({ related: e.target.value })} aria-invalid={!!fieldError('related')} aria-describedby={describedBy('related')} />
              {error('related')}
            </label>
            <label className="notification-builder__field">
              <span>Image address (optional)</span>
              <input value={draft.image} onChange={(e) => set({ image: e.target.value })} aria-invalid={!!fieldError('image')} aria-describedby={describedBy('image')} />
              {error('image')}
            </label>
            <div className="notification-builder__row">
              <label className="notification-builder__field">
                <span>Template</span>
                <select value={draft.template} onChange={(e) => set({ template: e.target.value as NotificationDraft['template'] })}>
                  {NOTIFICATION_TEMPLATES.map((t) => (
                    <option key={t} value={t}>
                      {t} ({TEMPLATE_HINTS[t]})
                    </option>
                  ))}
                </select>
              </label>
              <label className="notification-builder__field">
                <span>Position</span>
                <select value={draft.position} onChange={(e) => set({ position: e.target.value as NotificationDraft['position'] })}>
                  {NOTIFICATION_POSITIONS.map((p) => (
                    <option key={p} value={p}>
                      {POSITION_LABELS[p]}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            <label className="notification-builder__field">
              <span>Tag (optional: groups notifications about the same thing)</span>
              <input value={draft.tag} onChange={(e) => set({ tag: e.target.value })} aria-invalid={!!fieldError('tag')} aria-describedby={describedBy('tag')} />
              {error('tag')}
            </label>
            <label className="notification-builder__check">
              <input type="checkbox" checked={draft.replacePrevious} disabled={!draft.tag.trim()} onChange={(e) => set({ replacePrevious: e.target.checked })} />
              <span>Replace earlier notifications with this tag</span>
            </label>
            <fieldset className="notification-builder__audience">
              <legend>Send to</legend>
              <label className="notification-builder__check">
                <input type="radio" name="audience" checked={audience === 'customers'} onChange={() => setAudience('customers')} />
                <span>All customers of this store with an account</span>
              </label>
              <label className="notification-builder__check">
                <input type="radio" name="audience" checked={audience === 'user'} onChange={() => setAudience('user')} />
                <span>One customer</span>
              </label>
              {audience === 'user' && (
                <label className="notification-builder__field">
                  <span>Customer&apos;s email address</span>
                  <input type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={!!fieldError('email')} aria-describedby={describedBy('email')} />
                  {error('email')}
                </label>
              )}
            </fieldset>
            <div className="notification-builder__actions">
              <button type="submit" className="pod-button pod-button--primary" disabled={sending}>
                {sending ? 'Sending…' : 'Send notification'}
              </button>
            </div>
            {result?.message && (
              <p role={result.ok ? 'status' : 'alert'} className={result.ok ? 'notification-builder__ok' : 'notification-builder__error'}>
                {result.message}
              </p>
            )}
          </form>
          <section className="notification-builder__preview" aria-label="Preview">
            <h2>Preview</h2>
            <div className="notification-builder__screen">
              <div className="notification-builder__header" aria-hidden="true">
                Your store
              </div>
              {draft.position === 'header' ? (
                <div className="notifications notifications--header">{card}</div>
              ) : (
                <div className="notifications notification-builder__corner">{card}</div>
              )}
            </div>
          </section>
        </div>
      )}
    </div>
  );
}
