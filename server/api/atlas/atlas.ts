import { createNotification } from '../../realtime/notifications';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError } from '../../http/errors';
import { audit } from '../../auth/audit';
import { AuthError, fieldError } from '../../auth/errors';
import { requireInternal, requireUser } from '../../auth/guards';
import { authMessages } from '../../auth/messages';
import { membershipOf } from '../../auth/roles';
import { checkFields } from '../../auth/validation';
import { ID, paramsSchema } from '../../http/routeSchemas';

const API = '/omnis/v3/atlas';
const PERMISSION_NAME = /^[A-Za-z0-9_.:-]{1,64}$/;
export const INVALID_PERMISSIONS = 'The given permissions are invalid.';

type Row = Record<string, unknown>;
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

const toRequest = (r: Row) => ({
  id: r.id as number,
  user: { id: r.user_id as number, email: r.email as string, firstName: r.first_name as string, lastName: r.last_name as string },
  divisionId: (r.division_id as number | null) ?? null,
  permissions: r.permissions as string[],
  reason: r.reason as string,
  status: r.status as 'pending' | 'approved' | 'denied',
  answeredBy: (r.answered_by as number | null) ?? null,
  answeredAt: iso(r.answered_at),
  createdAt: iso(r.created_at)!,
});

/** Users per page of the staff user list. */
export const USERS_PER_PAGE = 50;

const REQUEST_SELECT = `select r.*, u.email, u.first_name, u.last_name from permission_requests r join users u on u.id = r.user_id`;

/** §6/§7 staff calls under atlas: mute/unmute, permission requests and the mail outbox viewer. */
export function atlasRoutes(app: FastifyInstance, ctx: AppContext) {
  for (const action of ['mute', 'unmute'] as const) {
    const userRoute = { schema: { params: paramsSchema({ id: ID }) }, config: { body: 'none', notFound: authMessages.userNotFound } } as const;
    app.post<{ Params: { id: number } }>(`${API}/users/:id/${action}/`, userRoute, async (request) => {
      // §6/§8: anyone but staff, signed in or not, gets 403 "Permission denied".
      const staff = request.auth;
      if (!staff?.internal) throw new AuthError(403, authMessages.permissionDenied);
      const { id } = request.params;
      const mutedAt = await ctx.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ muted_at: unknown }>(
          `update users set muted_at = ${action === 'mute' ? 'coalesce(muted_at, now())' : 'null'} where id = $1 returning muted_at`,
          [id],
        );
        if (!rows[0]) return undefined;
        await audit(tx, { actorUserId: staff.id, action: action === 'mute' ? 'user_muted' : 'user_unmuted', subjectType: 'user', subjectId: id, ip: request.ip });
        return iso(rows[0].muted_at);
      });
      if (mutedAt === undefined) throw new ApiError(404, authMessages.userNotFound);
      return { mutedAt };
    });
  }

  app.post<{ Params: { permissions: string }; Body: { reason?: string; divisionId?: number } }>(
    `${API}/permissions/request/:permissions/`,
    { schema: { params: paramsSchema({ permissions: { type: 'string', minLength: 1, maxLength: 2000 } }), body: { type: ['object', 'null'], properties: { reason: { type: 'string', maxLength: 2000 }, divisionId: ID } } } },
    async (request, reply) => {
      const user = requireUser(request);
      const b = request.body ?? {};
      // The router has decoded the address once; decoding again would turn a literal "%" into a crash.
      const permissions = [...new Set(request.params.permissions.split(',').map((p) => p.trim()).filter(Boolean))];
      if (permissions.length === 0 || permissions.length > 20 || !permissions.every((p) => PERMISSION_NAME.test(p))) throw fieldError('permissions', INVALID_PERMISSIONS);
      checkFields({ reason: { value: b.reason, rules: ['required'] } });
      // The store the permissions are for: the one named (the caller must belong to it), else the caller's only store.
      let divisionId: number | null = null;
      if (b.divisionId !== undefined) {
        if (!membershipOf(user, b.divisionId) && !user.internal) throw new AuthError(403, authMessages.permissionDenied);
        divisionId = b.divisionId;
      } else if (user.stores.length === 1) {
        divisionId = user.stores[0]!.divisionId;
      }
      const id = await ctx.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: number }>(
          'insert into permission_requests (user_id, division_id, permissions, reason) values ($1, $2, $3, $4) returning id',
          [user.id, divisionId, JSON.stringify(permissions), b.reason!.trim()],
        );
        const requestId = rows[0]!.id;
        await audit(tx, { actorUserId: user.id, action: 'permission_requested', subjectType: 'permission_request', subjectId: requestId, data: { permissions, divisionId }, ip: request.ip });
        return requestId;
      });
      return reply.code(201).send({ message: authMessages.permissionRequested, id });
    },
  );

  app.get<{ Querystring: { status?: string } }>(
    `${API}/permissions/requests/`,
    { schema: { querystring: { type: 'object', properties: { status: { type: 'string', enum: ['pending', 'approved', 'denied'] } } } } },
    async (request) => {
      requireInternal(request);
      const status = request.query.status ?? null;
      const { rows } = await ctx.db.query<Row>(
        `${REQUEST_SELECT} where ($1::text is null or r.status = $1) order by (r.status = 'pending') desc, r.created_at desc, r.id desc limit 200`,
        [status],
      );
      return { data: rows.map(toRequest) };
    },
  );

  const decisionRoute = { schema: { params: paramsSchema({ id: ID, decision: { type: 'string', enum: ['approve', 'deny'] } }) }, config: { body: 'none' } } as const;
  app.post<{ Params: { id: number; decision: 'approve' | 'deny' } }>(`${API}/permissions/requests/:id/:decision/`, decisionRoute, async (request) => {
    const staff = requireInternal(request);
    const { id, decision } = request.params;
    const answered = await ctx.db.transaction(async (tx) => {
      const { rows } = await tx.query<Row>(
        `update permission_requests set status = $2, answered_by = $3, answered_at = now() where id = $1 and status = 'pending' returning *`,
        [id, decision === 'approve' ? 'approved' : 'denied', staff.id],
      );
      const row = rows[0];
      if (!row) return null;
      if (decision === 'approve') {
        const merge = `(select coalesce(jsonb_agg(distinct v order by v), '[]'::jsonb) from jsonb_array_elements_text(permissions || $3::jsonb) as t(v))`;
        const granted = row.division_id
          ? await tx.query(`update store_members set permissions = ${merge} where division_id = $1 and user_id = $2 returning user_id`, [row.division_id, row.user_id, JSON.stringify(row.permissions)])
          : { rows: [] };
        // No store named (or no longer a member): the permissions go to the user.
        if (granted.rows.length === 0) await tx.query(`update users set permissions = ${merge.replace('$3', '$2')} where id = $1`, [row.user_id, JSON.stringify(row.permissions)]);
      }
      await audit(tx, { actorUserId: staff.id, action: 'permission_answered', subjectType: 'permission_request', subjectId: id, data: { decision, userId: row.user_id, permissions: row.permissions }, ip: request.ip });
      // §3/§4: the person who asked hears the answer in the app (and as a push).
      const asked = (row.permissions as string[]).join(', ');
      await createNotification(tx, {
        recipientId: row.user_id as number,
        title: decision === 'approve' ? 'Permission granted' : 'Permission request declined',
        body: decision === 'approve' ? `You can now use: ${asked}.` : `Your request for ${asked} was declined.`,
        href: '/dashboard/',
        template: 'Simple',
        tag: `permission-request-${id}`,
        replacePrevious: true,
        data: { requestId: id, decision },
      });
      return (await tx.query<Row>(`${REQUEST_SELECT} where r.id = $1`, [id])).rows[0]!;
    });
    if (!answered) {
      const exists = await ctx.db.query('select 1 from permission_requests where id = $1', [id]);
      if (exists.rows.length === 0) throw new ApiError(404, authMessages.requestNotFound);
      throw new ApiError(409, authMessages.requestAnswered);
    }
    return { request: toRequest(answered) };
  });

  app.get<{ Querystring: { search?: string; page: number } }>(
    `${API}/users/`,
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { search: { type: 'string', maxLength: 200 }, page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 } },
        },
      },
    },
    async (request) => {
      requireInternal(request);
      const search = (request.query.search ?? '').trim();
      const page = request.query.page;
      // Case-insensitive match on email, first, last or full name; LIKE wildcards in the search are literal.
      const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const where = `where ($1::text is null or u.email ilike $1 or u.first_name ilike $1 or u.last_name ilike $1 or (u.first_name || ' ' || u.last_name) ilike $1)`;
      const [{ rows }, count] = await Promise.all([
        ctx.db.query<Row>(
          `select u.id, u.email, u.first_name, u.last_name, u.internal, u.verified_at, u.muted_at, u.created_at,
                  coalesce((select jsonb_agg(jsonb_build_object('divisionId', m.division_id, 'role', m.role, 'permissions', m.permissions) order by m.division_id)
                            from store_members m where m.user_id = u.id), '[]'::jsonb) as stores
           from users u ${where} order by u.id limit $2::int offset $3::int`,
          [pattern, USERS_PER_PAGE, (page - 1) * USERS_PER_PAGE],
        ),
        ctx.db.query<{ total: number }>(`select count(*)::int as total from users u ${where}`, [pattern]),
      ]);
      const total = count.rows[0]?.total ?? 0;
      return {
        data: rows.map((r) => ({
          id: r.id as number,
          email: r.email as string,
          firstName: r.first_name as string,
          lastName: r.last_name as string,
          internal: r.internal as boolean,
          verified: r.verified_at !== null,
          mutedAt: iso(r.muted_at),
          createdAt: iso(r.created_at)!,
          stores: r.stores as { divisionId: number; role: string; permissions: string[] }[],
        })),
        page,
        perPage: USERS_PER_PAGE,
        total,
        lastPage: Math.max(1, Math.ceil(total / USERS_PER_PAGE)),
      };
    },
  );

  app.get(`${API}/outbox/`, async (request) => {
    requireInternal(request);
    const { rows } = await ctx.db.query<Row>('select id, to_address, subject, body_text, created_at, sent_at from outbox order by id desc limit 100');
    return {
      data: rows.map((r) => ({ id: r.id, to: r.to_address, subject: r.subject, text: r.body_text, created_at: iso(r.created_at), sent_at: iso(r.sent_at) })),
    };
  });
}
