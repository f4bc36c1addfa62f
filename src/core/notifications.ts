/** §3 Notification as the app shows it; §4 positions and templates. */
export const NOTIFICATION_POSITIONS = ['header', 'top-right'] as const;
export const NOTIFICATION_TEMPLATES = ['Shove', 'Bag', 'Simple'] as const;
export type NotificationPosition = (typeof NOTIFICATION_POSITIONS)[number];
export type NotificationTemplate = (typeof NOTIFICATION_TEMPLATES)[number];

export interface NotificationAction {
  label: string;
  href?: string | null;
}

export interface AppNotification {
  id: number;
  title: string;
  body: string;
  image: string | null;
  href: string | null;
  position: NotificationPosition;
  template: NotificationTemplate;
  tag: string | null;
  data: Record<string, unknown>;
  actions: NotificationAction[];
  createdAt: string;
  openedAt: string | null;
}

/** §8 push subscription failure. */
export const PUSH_SUBSCRIPTION_FAILED = 'Unable to create push subscription for user';

/** §9: push permission needs https, or a local address on port 8080. */
export function pushAllowed(location: Pick<Location, 'protocol' | 'hostname' | 'port'>): boolean {
  if (location.protocol === 'https:') return true;
  return ['localhost', '127.0.0.1', '[::1]'].includes(location.hostname) && location.port === '8080';
}

/** The title with the unread prefix of §2.2 replaced: "({n}) " when n > 0. */
export function titleWithUnread(title: string, unread: number): string {
  const base = title.replace(/^\(\d+\) /, '');
  return unread > 0 ? `(${unread}) ${base}` : base;
}

