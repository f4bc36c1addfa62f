/** The notification builder (/marketing-tools/notifications/builder, §2.2): what it composes and who it sends to. */
import { NOTIFICATION_POSITIONS, NOTIFICATION_TEMPLATES, type NotificationPosition, type NotificationTemplate } from './notifications';

/** Who a notification from the builder (/marketing-tools/notifications/builder) goes to. */
export const NOTIFICATION_AUDIENCES = ['customers', 'user'] as const;
export type NotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];
export const NOTIFICATION_TITLE_MAX = 120;
export const NOTIFICATION_BODY_MAX = 500;
/** A link of a notification: a path of this store or an http(s) address. */
export const NOTIFICATION_HREF_PATTERN = '^(/(?!/)|https?://)';

/** What the builder composes; §2.2's query (title, body, related, href) and the §3 fields prefill it. */
export interface NotificationDraft {
  title: string;
  body: string;
  href: string;
  image: string;
  /** A product of the store (url name or id) the notification is about. */
  related: string;
  position: NotificationPosition;
  template: NotificationTemplate;
  tag: string;
  replacePrevious: boolean;
}

export const notificationBuilderMessages = {
  noCustomers: 'This store has no customers with an account yet.',
  noSuchCustomer: 'No customer of this store has that email address.',
  emailRequired: "Enter the customer's email address.",
  noSuchProduct: 'No product of this store has that name or id.',
  sent: (count: number) => `Sent to ${count} ${count === 1 ? 'person' : 'people'}.`,
} as const;

const pick = <T extends string>(options: readonly T[], value: string | null, fallback: T): T =>
  options.find((o) => o.toLowerCase() === (value ?? '').trim().toLowerCase()) ?? fallback;

/** The builder's draft from its query string; unknown templates and positions fall back to Simple and top-right. */
export function draftFromQuery(query: URLSearchParams): NotificationDraft {
  const text = (name: string, max = 2000) => (query.get(name) ?? '').slice(0, max);
  return {
    title: text('title', NOTIFICATION_TITLE_MAX),
    body: text('body', NOTIFICATION_BODY_MAX),
    href: text('href'),
    image: text('image'),
    related: text('related', 200),
    position: pick(NOTIFICATION_POSITIONS, query.get('position'), 'top-right'),
    template: pick(NOTIFICATION_TEMPLATES, query.get('template'), 'Simple'),
    tag: text('tag', 100),
    replacePrevious: ['1', 'true', 'yes'].includes((query.get('replacePrevious') ?? '').toLowerCase()),
  };
}
