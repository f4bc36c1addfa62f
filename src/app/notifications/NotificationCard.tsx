import type { MouseEvent } from 'react';
import type { AppNotification, NotificationAction } from '../../core/notifications';
import './notifications.css';

/** One notification as people see it (§3, §4: Shove, Bag or Simple); the notification centre and the builder's preview draw it alike. */
export function NotificationCard({
  notification: n,
  onOpen,
  onAction,
  onDismiss,
}: {
  notification: AppNotification;
  onOpen: (event: MouseEvent) => void;
  onAction: (action: NotificationAction) => void;
  onDismiss: () => void;
}) {
  return (
    <article className={`notification notification--${n.template.toLowerCase()}${n.openedAt ? '' : ' notification--unread'}`} aria-label={n.title}>
      {n.image && <img className="notification__image" src={n.image} alt="" width={40} height={40} />}
      <div className="notification__text">
        {n.href ? (
          <a className="notification__title" href={n.href} onClick={onOpen}>
            {n.title}
          </a>
        ) : (
          <strong className="notification__title">{n.title}</strong>
        )}
        {n.body && <span className="notification__body">{n.body}</span>}
        {n.actions.length > 0 && (
          <span className="notification__actions">
            {n.actions.map((a) => (
              <button key={a.label} type="button" className="notification__action" onClick={() => onAction(a)}>
                {a.label}
              </button>
            ))}
          </span>
        )}
      </div>
      <button type="button" className="notification__dismiss" aria-label={`Dismiss ${n.title}`} onClick={onDismiss}>
        ×
      </button>
    </article>
  );
}
