import { useCallback, useEffect, useState } from 'react';
import { Bell } from 'lucide-react';
import { api, ApiError } from '../../lib/api';
import { useSession } from '../../auth/session';
import { pushAllowed, titleWithUnread, type AppNotification, type NotificationAction } from '../../core/notifications';
import { NotificationCard } from './NotificationCard';
import './notifications.css';

/** How often a signed-in page asks for new notifications. */
export const NOTIFICATION_POLL_MS = 30_000;
/**
 * How long new notifications stay open in the corner before they fold into a bell button, so they never keep
 * covering the screen underneath (the builder's settings panel sits there). Pointing at or focusing them holds them open.
 */
export const NOTIFICATION_OPEN_MS = 8_000;

interface Answer {
  notifications: AppNotification[];
  unread: number;
}

/** Keeps "({n}) " in front of whatever title the current screen sets (§2.2). */
function useUnreadTitle(unread: number) {
  useEffect(() => {
    const apply = () => {
      const next = titleWithUnread(document.title, unread);
      if (next !== document.title) document.title = next;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = titleWithUnread(document.title, 0);
    };
  }, [unread]);
}

/**
 * The signed-in user's notifications (§3, §4): cards top-right or a bar under the header by position, in the
 * Shove, Bag or Simple look; dismiss marks them deleted (§7), opening one marks all read; actions with an http(s)
 * href post the notification's data, actions without one move it to the header. The unread count leads the title;
 * with `cards` off (a tool that fills the window) that count is all that shows.
 */
export function NotificationCenter({ cards = true }: { cards?: boolean }) {
  const { status } = useSession();
  const signedIn = status === 'authenticated';
  const [state, setState] = useState<Answer>({ notifications: [], unread: 0 });
  const [moved, setMoved] = useState<Set<number>>(new Set());
  const [pushAsked, setPushAsked] = useState(false);
  const [open, setOpen] = useState(true);
  const [held, setHeld] = useState(false);
  const [newest, setNewest] = useState(0);
  const canPush =
    !pushAsked && signedIn && typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && typeof Notification !== 'undefined' && Notification.permission === 'default' && pushAllowed(window.location);
  useUnreadTitle(signedIn ? state.unread : 0);

  const load = useCallback(() => {
    api<Answer>('notifications/')
      .then(setState)
      .catch(() => undefined);
  }, []);
  useEffect(() => {
    if (!signedIn) return;
    load();
    const timer = window.setInterval(load, NOTIFICATION_POLL_MS);
    return () => window.clearInterval(timer);
  }, [signedIn, load]);

  // A notification newer than any shown so far opens the corner again.
  const latest = state.notifications.reduce((max, n) => Math.max(max, n.id), 0);
  if (latest > newest) {
    setNewest(latest);
    setOpen(true);
  }
  useEffect(() => {
    if (!open || held) return;
    const timer = window.setTimeout(() => setOpen(false), NOTIFICATION_OPEN_MS);
    return () => window.clearTimeout(timer);
  }, [open, held, newest]);

  const dismiss = async (n: AppNotification) => {
    setState((s) => ({ notifications: s.notifications.filter((x) => x.id !== n.id), unread: s.unread - (n.openedAt ? 0 : 1) }));
    try {
      setState(await api<Answer>(`notifications/dashboard/mark-as-deleted/${n.id}/`, { method: 'POST' }));
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) load();
    }
  };
  const opened = () => {
    if (state.unread > 0) void api<Answer>('notifications/opened/', { method: 'POST' }).then(setState, () => undefined);
  };
  const act = async (n: AppNotification, action: NotificationAction) => {
    opened();
    if (action.href && /^https?:\/\//i.test(action.href)) {
      await fetch(action.href, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(n.data), credentials: 'omit' }).catch(() => undefined);
    } else if (action.href) window.location.assign(action.href);
    else setMoved((m) => new Set(m).add(n.id));
  };

  if (!signedIn || !cards || state.notifications.length === 0) return null;
  const header = state.notifications.filter((n) => n.position === 'header' || moved.has(n.id));
  const corner = state.notifications.filter((n) => !header.includes(n)).slice(0, 3);
  const card = (n: AppNotification) => (
    <NotificationCard key={n.id} notification={n} onOpen={opened} onAction={(a) => void act(n, a)} onDismiss={() => void dismiss(n)} />
  );
  return (
    <>
      {header.length > 0 && (
        <section className="notifications notifications--header" aria-label="Notifications">
          {header.map(card)}
        </section>
      )}
      {corner.length > 0 && !open && (
        <button type="button" className="notifications-bell" aria-expanded="false" aria-label={`Show ${corner.length} notification${corner.length === 1 ? '' : 's'}`} onClick={() => setOpen(true)}>
          <Bell aria-hidden="true" size={18} />
          <span className="notifications-bell__count">{corner.length}</span>
        </button>
      )}
      {corner.length > 0 && open && (
        <section
          className="notifications notifications--top-right"
          aria-label="New notifications"
          aria-live="polite"
          onPointerEnter={() => setHeld(true)}
          onPointerLeave={() => setHeld(false)}
          onFocus={() => setHeld(true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
          }}
        >
          {corner.map(card)}
          {canPush && (
            <button type="button" className="notification__push" onClick={() => void import('./pushSubscription').then(({ subscribeToPush }) => subscribeToPush()).then((ok) => ok && setPushAsked(true))}>
              Get these as push notifications
            </button>
          )}
        </section>
      )}
    </>
  );
}
