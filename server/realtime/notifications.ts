import webpush from 'web-push';
import type { Database, Queryable } from '../db/database';
import { notify } from '../db/database';
import type { AppNotification, NotificationAction, NotificationPosition, NotificationTemplate } from '../../src/core/notifications';

/** Processes hear about new notifications here (payload: {"id": n}); one of them claims and sends the push. */
export const NOTIFICATION_CHANNEL = 'notifications';

export interface NewNotification {
  recipientId: number;
  title: string;
  body?: string;
  href?: string | null;
  image?: string | null;
  position?: NotificationPosition;
  template?: NotificationTemplate;
  tag?: string | null;
  data?: Record<string, unknown>;
  actions?: NotificationAction[];
  /** §4: older notifications of the recipient with the same tag are removed. */
  replacePrevious?: boolean;
}

type Row = Record<string, unknown>;
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
export const toNotification = (r: Row): AppNotification => ({
  id: r.id as number,
  title: r.title as string,
  body: r.body as string,
  image: (r.image as string | null) ?? null,
  href: (r.href as string | null) ?? null,
  position: r.position as NotificationPosition,
  template: r.template as NotificationTemplate,
  tag: (r.tag as string | null) ?? null,
  data: (r.data as Record<string, unknown>) ?? {},
  actions: (r.actions as NotificationAction[]) ?? [],
  createdAt: iso(r.created_at)!,
  openedAt: iso(r.opened_at),
});

/**
 * Stores a notification for one recipient (in the caller's transaction, so it exists exactly when the event does)
 * and announces it; the announcement is delivered when the transaction commits.
 */
export async function createNotification(tx: Queryable, n: NewNotification): Promise<number> {
  if (n.replacePrevious && n.tag) {
    await tx.query(`update notifications set deleted_at = now() where recipient_id = $1 and tag = $2 and deleted_at is null`, [n.recipientId, n.tag]);
  }
  const { rows } = await tx.query<{ id: number }>(
    `insert into notifications (recipient_id, title, body, href, image, position, template, tag, data, actions, replace_previous)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
    [
      n.recipientId,
      n.title,
      n.body ?? '',
      n.href ?? null,
      n.image ?? null,
      n.position ?? 'top-right',
      n.template ?? 'Simple',
      n.tag ?? null,
      JSON.stringify(n.data ?? {}),
      JSON.stringify(n.actions ?? []),
      n.replacePrevious === true,
    ],
  );
  await notify(tx, NOTIFICATION_CHANNEL, JSON.stringify({ id: rows[0]!.id }));
  return rows[0]!.id;
}

export async function listNotifications(db: Queryable, recipientId: number): Promise<{ notifications: AppNotification[]; unread: number }> {
  const { rows } = await db.query<Row>(`select * from notifications where recipient_id = $1 and deleted_at is null order by id desc limit 50`, [recipientId]);
  const notifications = rows.map(toNotification);
  return { notifications, unread: notifications.filter((n) => !n.openedAt).length };
}

/** The server's VAPID key pair: generated on first start and kept in the database, so every process signs alike. */
export async function vapidKeys(db: Queryable): Promise<{ publicKey: string; privateKey: string }> {
  const read = async () => (await db.query<{ public_key: string; private_key: string }>(`select public_key, private_key from server_keys where name = 'vapid'`)).rows[0];
  let row = await read();
  if (!row) {
    const keys = webpush.generateVAPIDKeys();
    // Two processes starting together: the first insert wins and both use it.
    await db.query(`insert into server_keys (name, public_key, private_key) values ('vapid', $1, $2) on conflict (name) do nothing`, [keys.publicKey, keys.privateKey]);
    row = await read();
  }
  return { publicKey: row!.public_key, privateKey: row!.private_key };
}

export interface PushSender {
  send(subscription: { endpoint: string; keys: { p256dh: string; auth: string } }, payload: string, keys: { publicKey: string; privateKey: string }): Promise<void>;
}

/** Sends through the push services with web-push; VAPID_SUBJECT (a mailto: or https: address) names who sends. */
export const webPushSender = (env: NodeJS.ProcessEnv = process.env): PushSender => ({
  async send(subscription, payload, keys) {
    const from = /<([^>]+)>/.exec(env.MAIL_FROM ?? '')?.[1] ?? env.MAIL_FROM;
    const subject = env.VAPID_SUBJECT ?? (env.PUBLIC_URL?.startsWith('https:') ? env.PUBLIC_URL : `mailto:${from ?? 'no-reply@pod.local'}`);
    await webpush.sendNotification(subscription, payload, { vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey }, TTL: 24 * 3600 });
  },
});

/**
 * Sends the web push for notification `id` once, whichever process claims it; outside any transaction (a push
 * service may be slow). Subscriptions the push service says are gone (404/410) are removed.
 */
export async function pushNotification(db: Database, id: number, sender: PushSender, log: { warn: (o: object, m: string) => void }) {
  const { rows } = await db.query<Row>(`update notifications set pushed_at = now() where id = $1 and pushed_at is null and deleted_at is null returning *`, [id]);
  const row = rows[0];
  if (!row) return;
  const subs = (await db.query<{ id: number; endpoint: string; p256dh: string; auth: string }>(`select id, endpoint, p256dh, auth from push_subscriptions where user_id = $1`, [row.recipient_id])).rows;
  if (!subs.length) return;
  const keys = await vapidKeys(db);
  const n = toNotification(row);
  const payload = JSON.stringify({ title: n.title, body: n.body, href: n.href, tag: n.tag, image: n.image, id: n.id });
  for (const s of subs) {
    try {
      await sender.send({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, payload, keys);
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) await db.query(`delete from push_subscriptions where id = $1`, [s.id]);
      else log.warn({ err: error, subscription: s.id }, 'web push failed');
    }
  }
}
