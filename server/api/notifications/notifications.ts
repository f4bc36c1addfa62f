import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError, apiMessages } from '../../http/errors';
import { requireUser } from '../../auth/guards';
import { ID, paramsSchema } from '../../http/routeSchemas';
import { PUSH_SUBSCRIPTION_FAILED } from '../../../src/core/notifications';
import { NOTIFICATION_CHANNEL, listNotifications, pushNotification, vapidKeys, webPushSender, type PushSender } from '../../realtime/notifications';

const API = '/omnis/v3/notifications';

/**
 * §3/§4/§7 notifications of the signed-in user: the list with the unread count, opened, mark-as-deleted, and web
 * push (the VAPID public key and the subscriptions call). Every process listens on `notifications` and one of them
 * claims each new notification and sends its push.
 */
export function notificationRoutes(app: FastifyInstance, ctx: AppContext) {
  const fallback = webPushSender();
  const sender = (): PushSender => ctx.push ?? fallback;
  let unlisten: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    await vapidKeys(ctx.db);
    unlisten = await ctx.db.listen(NOTIFICATION_CHANNEL, (payload) => {
      const id = Number((JSON.parse(payload) as { id?: unknown }).id);
      if (Number.isInteger(id)) void pushNotification(ctx.db, id, sender(), app.log).catch((error: unknown) => app.log.warn({ err: error }, 'web push failed'));
    });
  });
  app.addHook('onClose', async () => {
    await unlisten?.();
  });

  app.get(`${API}/`, { schema: {} }, async (request, reply) => {
    const user = requireUser(request);
    reply.header('cache-control', 'no-store');
    return listNotifications(ctx.db, user.id);
  });

  app.post(`${API}/opened/`, { schema: {}, config: { body: 'none' } }, async (request) => {
    const user = requireUser(request);
    await ctx.db.query(`update notifications set opened_at = now() where recipient_id = $1 and opened_at is null and deleted_at is null`, [user.id]);
    return listNotifications(ctx.db, user.id);
  });

  // §7: dismissing removes the notification for its recipient (kept, marked deleted).
  app.post<{ Params: { recipientId: number } }>(
    `${API}/dashboard/mark-as-deleted/:recipientId/`,
    { schema: { params: paramsSchema({ recipientId: ID }) }, config: { body: 'none' } },
    async (request) => {
      const user = requireUser(request);
      const { rows } = await ctx.db.query(`update notifications set deleted_at = now() where id = $1 and recipient_id = $2 and deleted_at is null returning id`, [
        Number(request.params.recipientId),
        user.id,
      ]);
      if (!rows.length) throw new ApiError(404, apiMessages.notFound);
      return listNotifications(ctx.db, user.id);
    },
  );

  app.get(`${API}/vapid-key/`, { schema: {} }, async () => ({ publicKey: (await vapidKeys(ctx.db)).publicKey }));

  app.post<{ Body: { subscription: { endpoint: string; keys: { p256dh: string; auth: string } } } }>(
    `${API}/subscriptions/`,
    {
      schema: {
        body: {
          type: 'object',
          required: ['subscription'],
          // The subscription plus extra fields the client may add (§7).
          properties: {
            subscription: {
              type: 'object',
              required: ['endpoint', 'keys'],
              properties: {
                endpoint: { type: 'string', pattern: '^https://', maxLength: 2000 },
                keys: { type: 'object', required: ['p256dh', 'auth'], properties: { p256dh: { type: 'string', minLength: 1, maxLength: 200 }, auth: { type: 'string', minLength: 1, maxLength: 100 } } },
              },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { endpoint, keys } = request.body.subscription;
      try {
        await ctx.db.query(
          `insert into push_subscriptions (user_id, endpoint, p256dh, auth, user_agent) values ($1, $2, $3, $4, $5)
           on conflict (endpoint) do update set user_id = $1, p256dh = $3, auth = $4, user_agent = $5`,
          [user.id, endpoint, keys.p256dh, keys.auth, String(request.headers['user-agent'] ?? '').slice(0, 300)],
        );
      } catch (error) {
        request.log.error({ err: error }, 'push subscription not stored');
        throw new ApiError(422, PUSH_SUBSCRIPTION_FAILED);
      }
      return reply.code(201).send({ subscribed: true });
    },
  );
}
