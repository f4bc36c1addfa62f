import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError, apiMessages } from '../../http/errors';
import { requireStoreAccess } from '../../auth/guards';
import { ID } from '../../http/routeSchemas';
import { CUSTOMERS_PERMISSION, OF_STORE } from '../business/customers';
import { createNotification } from '../../realtime/notifications';
import { NOTIFICATION_POSITIONS, NOTIFICATION_TEMPLATES } from '../../../src/core/notifications';
import {
  NOTIFICATION_AUDIENCES,
  NOTIFICATION_BODY_MAX,
  NOTIFICATION_HREF_PATTERN,
  NOTIFICATION_TITLE_MAX,
  notificationBuilderMessages as messages,
  type NotificationAudience,
  type NotificationDraft,
} from '../../../src/core/notificationBuilder';

type SendBody = Omit<NotificationDraft, 'related' | 'tag' | 'href' | 'image'> & {
  audience: NotificationAudience;
  email?: string;
  related?: string;
  tag?: string;
  href?: string;
  image?: string;
};

const refused = (field: string, message: string) => new ApiError(422, apiMessages.invalid, { [field]: [message] });

/**
 * The notification builder's send call: POST /omnis/v3/notifications/send/?store={id} stores the composed
 * notification for the store's customers with an account (everyone who ordered there or works on it) or for one
 * of them by email — in one transaction, each recipient's announced (and pushed) once it commits. Owners, editors
 * with the "customers" permission, and staff; a store's notifications never reach people outside it.
 */
export function notificationBuilderRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post<{ Querystring: { store: number }; Body: SendBody }>(
    '/omnis/v3/notifications/send/',
    {
      schema: {
        querystring: { type: 'object', required: ['store'], properties: { store: ID } },
        body: {
          type: 'object',
          required: ['audience', 'title', 'position', 'template'],
          additionalProperties: false,
          properties: {
            audience: { type: 'string', enum: [...NOTIFICATION_AUDIENCES] },
            email: { type: 'string', maxLength: 254 },
            title: { type: 'string', minLength: 1, maxLength: NOTIFICATION_TITLE_MAX, pattern: '\\S' },
            body: { type: 'string', maxLength: NOTIFICATION_BODY_MAX },
            href: { anyOf: [{ type: 'string', maxLength: 0 }, { type: 'string', maxLength: 2000, pattern: NOTIFICATION_HREF_PATTERN }] },
            image: { anyOf: [{ type: 'string', maxLength: 0 }, { type: 'string', maxLength: 2000, pattern: NOTIFICATION_HREF_PATTERN }] },
            related: { type: 'string', maxLength: 200 },
            position: { type: 'string', enum: [...NOTIFICATION_POSITIONS] },
            template: { type: 'string', enum: [...NOTIFICATION_TEMPLATES] },
            tag: { type: 'string', maxLength: 100 },
            replacePrevious: { type: 'boolean' },
          },
        },
      },
    },
    async (request, reply) => {
      const store = request.query.store;
      const sender = requireStoreAccess(request, store, CUSTOMERS_PERMISSION);
      const b = request.body;
      const email = b.email?.trim() ?? '';
      if (b.audience === 'user' && !email) throw refused('/email', messages.emailRequired);
      const sent = await ctx.db.transaction(async (tx) => {
        let href = b.href || null;
        const data: Record<string, unknown> = { storeId: store, sentBy: sender.id };
        const related = b.related?.trim();
        if (related) {
          const { rows } = await tx.query<{ id: number; url_name: string }>(
            `select id, url_name from products where division_id = $1 and (url_name = $2 or id::text = $2) order by id limit 1`,
            [store, related],
          );
          if (!rows[0]) throw refused('/related', messages.noSuchProduct);
          href ??= `/product/${rows[0].url_name}/`;
          data.related = rows[0].id;
        }
        const { rows: recipients } = await tx.query<{ id: number }>(
          b.audience === 'user'
            ? `select u.id from users u where lower(u.email) = lower($2) and ${OF_STORE}`
            : `select u.id from users u where ${OF_STORE} order by u.id`,
          b.audience === 'user' ? [store, email] : [store],
        );
        if (!recipients.length) throw b.audience === 'user' ? refused('/email', messages.noSuchCustomer) : new ApiError(422, messages.noCustomers);
        const tag = b.tag?.trim() || null;
        for (const r of recipients) {
          await createNotification(tx, {
            recipientId: r.id,
            title: b.title.trim(),
            body: b.body?.trim() ?? '',
            href,
            image: b.image || null,
            position: b.position,
            template: b.template,
            tag,
            replacePrevious: b.replacePrevious === true && tag !== null,
            data,
          });
        }
        return recipients.length;
      });
      return reply.code(201).send({ sent, message: messages.sent(sent) });
    },
  );
}
