import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError, apiMessages } from '../../http/errors';
import { findStore } from '../../stores';
import { chargeEvents, eventRetentionDays, startEventRetentionSweep } from './eventLimits';

export const LOG_EVENT_PATH = '/omnis/v3/events/logEvent/';
export const EVENT_COLLECTOR_PATH = '/event-collector/';

/** Limits: events per logEvent batch, bytes of one event's data/payload (as JSON), bytes of one request. */
export const MAX_EVENTS_PER_BATCH = 100;
export const MAX_EVENT_PAYLOAD_BYTES = 16 * 1024;
export const MAX_LOG_EVENT_BODY_BYTES = 256 * 1024;
export const MAX_COLLECTOR_BODY_BYTES = 64 * 1024;

export const eventMessages = {
  tooMany: `At most ${MAX_EVENTS_PER_BATCH} events can be sent at once.`,
  tooLarge: `An event's data can be at most ${MAX_EVENT_PAYLOAD_BYTES / 1024} KB.`,
} as const;

const NAME = { type: 'string', minLength: 1, maxLength: 100 } as const;
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value ?? {}), 'utf8');

/**
 * §7 analytics events, stored for later analysis (events table):
 * - POST /omnis/v3/events/logEvent/ {events: [{name, data}]} — the SPA's batches (src/commerce/events.ts);
 * - POST /event-collector/ {event, payload, metadata} — the collector, called without credentials.
 * Both are CSRF-exempt (sendBeacon cannot send the header) and only ever insert rows — within per-address and
 * per-session allowances (./eventLimits.ts) and a retention window swept by every serving process.
 */
export function eventRoutes(app: FastifyInstance, ctx: AppContext) {
  const divisionOf = async (request: FastifyRequest) => (await findStore(ctx.db, { host: request.hostname }).catch(() => null))?.id ?? null;
  // sendBeacon posts text/plain unless given a Blob type; accept JSON sent as text too.
  const textJson = async (scope: FastifyInstance) => {
    scope.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: MAX_LOG_EVENT_BODY_BYTES }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new ApiError(400, apiMessages.malformedJson), undefined);
      }
    });
  };

  let stopSweep: (() => Promise<void>) | null = null;
  app.addHook('onListen', async () => {
    stopSweep ??= startEventRetentionSweep(ctx.db, { retentionDays: eventRetentionDays(), logger: app.log });
  });
  app.addHook('onClose', async () => {
    await stopSweep?.();
    stopSweep = null;
  });

  void app.register(async (scope) => {
    await textJson(scope);
    scope.post<{ Body: { events: { name: string; data?: unknown }[] } }>(
      LOG_EVENT_PATH,
      {
        bodyLimit: MAX_LOG_EVENT_BODY_BYTES,
        schema: {
          body: {
            type: 'object',
            required: ['events'],
            properties: { events: { type: 'array', items: { type: 'object', required: ['name'], properties: { name: NAME, data: {} } } } },
          },
        },
      },
      async (request, reply) => {
        const { events } = request.body;
        if (events.length > MAX_EVENTS_PER_BATCH) throw new ApiError(413, eventMessages.tooMany, { events: [eventMessages.tooMany] });
        const tooLarge = events.findIndex((e) => bytes(e.data) > MAX_EVENT_PAYLOAD_BYTES);
        if (tooLarge >= 0) throw new ApiError(413, eventMessages.tooLarge, { [`events.${tooLarge}.data`]: [eventMessages.tooLarge] });
        if (events.length) {
          await chargeEvents(ctx.db, request, reply, events.length, bytes(events));
          const division = await divisionOf(request);
          const params: unknown[] = [division, request.auth?.id ?? null];
          const values = events.map((e, i) => {
            params.push(e.name, JSON.stringify(e.data ?? {}));
            return `('logEvent', $1, $2, $${3 + i * 2}, $${4 + i * 2}::jsonb)`;
          });
          await ctx.db.query(`insert into events (source, division_id, user_id, name, data) values ${values.join(', ')}`, params);
        }
        return reply.status(202).send({ stored: events.length });
      },
    );

    scope.post<{ Body: { event: string; payload?: unknown; metadata?: Record<string, unknown> } }>(
      EVENT_COLLECTOR_PATH,
      {
        bodyLimit: MAX_COLLECTOR_BODY_BYTES,
        schema: { body: { type: 'object', required: ['event'], properties: { event: NAME, payload: {}, metadata: { type: 'object' } } } },
      },
      async (request, reply) => {
        const { event, payload, metadata } = request.body;
        if (bytes(payload) > MAX_EVENT_PAYLOAD_BYTES || bytes(metadata) > MAX_EVENT_PAYLOAD_BYTES) throw new ApiError(413, eventMessages.tooLarge, { payload: [eventMessages.tooLarge] });
        // No credentials: no user is stored (the auth hook may have set one; it is ignored on purpose).
        await chargeEvents(ctx.db, request, reply, 1, bytes(payload) + bytes(metadata));
        await ctx.db.query(`insert into events (source, division_id, name, data, metadata) values ('collector', $1, $2, $3::jsonb, $4::jsonb)`, [
          await divisionOf(request),
          event,
          JSON.stringify(payload ?? {}),
          JSON.stringify(metadata ?? {}),
        ]);
        return reply.status(202).send({ stored: 1 });
      },
    );
  });
}
