import { LIST_QUERY_PROPERTIES } from './listQuery';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError, badRequest } from '../../http/errors';
import { requireInternal, requireStoreAccess } from '../../auth/guards';
import { ID, paramsSchema } from '../../http/routeSchemas';
import {
  CUSTOMER_TAG_TYPES,
  LEAD_STATUSES,
  SOCIAL_HANDLES,
  customerMessages,
  displayName,
  type CustomerRow,
  type CustomerTag,
  type LeadStatus,
  type Page,
  type SocialHandle,
} from '../../../src/core/businessAdmin';

/**
 * §3 Customers (/dashboard/customers/), under /omnis/v3/dashboard/customers/:
 *
 * GET   ?store&page&perPage&search&lead&tag   an owner's customers (people who ordered from or work on `store`);
 *                                             staff omit `store` and see everyone
 * PATCH {id}/?store   { tags, notes, leadStatus, potentialValue, social }   the CRM facts kept for that store (or staff's)
 *
 * Owners and editors with the "customers" permission reach their store; staff any store or none.
 */
export const CUSTOMERS_PERMISSION = 'customers';
const API = '/omnis/v3/dashboard/customers';

/** The scope the caller works in: a store they may act on, or (staff only) the whole platform. */
function scopeOf(request: FastifyRequest, store: number | undefined): number | null {
  if (request.validationError) {
    if (!request.auth) requireInternal(request);
    throw badRequest(request.validationError as never);
  }
  if (store === undefined) {
    requireInternal(request);
    return null;
  }
  requireStoreAccess(request, store, CUSTOMERS_PERMISSION);
  return store;
}

/** Users who are customers of store $1: they ordered there or are its members. */
export const OF_STORE = `(exists (select 1 from orders o where o.division_id = $1 and o.email = lower(u.email))
  or exists (select 1 from store_members m where m.division_id = $1 and m.user_id = u.id))`;

export function customerRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Querystring: { store?: number; page: number; perPage: number; search: string; lead?: LeadStatus; tag?: string } }>(
    `${API}/`,
    {
      attachValidation: true,
      schema: {
        querystring: {
          type: 'object',
          properties: {
            store: ID,
            ...LIST_QUERY_PROPERTIES,
            lead: { type: 'string', enum: [...LEAD_STATUSES] },
            tag: { type: 'string', maxLength: 50 },
          },
        },
      },
    },
    async (request): Promise<Page<CustomerRow>> => {
      const scope = scopeOf(request, request.query.store);
      const { page, perPage, lead, tag } = request.query;
      const search = request.query.search.trim();
      const params: unknown[] = [scope ?? 0];
      const where: string[] = scope === null ? [] : [OF_STORE];
      if (search) {
        params.push(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        const p = `$${params.length}`;
        where.push(`(u.email ilike ${p} or (u.first_name || ' ' || u.last_name) ilike ${p} or coalesce(cp.notes, '') ilike ${p})`);
      }
      if (lead) {
        params.push(lead);
        where.push(`coalesce(cp.lead_status, 'new') = $${params.length}`);
      }
      if (tag?.trim()) {
        params.push(tag.trim());
        where.push(`exists (select 1 from customer_profile_tags pt join customer_tags ct on ct.id = pt.tag_id where pt.profile_id = cp.id and lower(ct.name) = lower($${params.length}))`);
      }
      const from = `from users u left join customer_profiles cp on cp.user_id = u.id and coalesce(cp.division_id, 0) = $1 ${where.length ? `where ${where.join(' and ')}` : ''}`;
      const total = (await ctx.db.query<{ n: number }>(`select count(*)::int as n ${from}`, params)).rows[0]!.n;
      const { rows } = await ctx.db.query<{
        id: number; email: string; first_name: string; last_name: string; verified: boolean; signed_eula: boolean; internal: boolean; orders: number;
        notes: string | null; lead_status: LeadStatus | null; potential_value: number | null; social: Record<string, string> | null;
        tags: CustomerTag[]; stores: { divisionId: number; role: 'owner' | 'editor'; permissions: string[] }[];
      }>(
        `select u.id, u.email, u.first_name, u.last_name, u.verified_at is not null as verified, u.eula_signed_at is not null as signed_eula, u.internal,
                (select count(*)::int from orders o where o.email = lower(u.email) and ($1 = 0 or o.division_id = $1)) as orders,
                cp.notes, cp.lead_status, cp.potential_value, cp.social,
                coalesce((select json_agg(json_build_object('type', ct.type, 'name', ct.name) order by ct.type, ct.name)
                          from customer_profile_tags pt join customer_tags ct on ct.id = pt.tag_id where pt.profile_id = cp.id), '[]'::json) as tags,
                coalesce((select json_agg(json_build_object('divisionId', m.division_id, 'role', m.role, 'permissions', m.permissions) order by m.division_id)
                          from store_members m where m.user_id = u.id and ($1 = 0 or m.division_id = $1)), '[]'::json) as stores
         ${from}
         order by u.id desc
         limit ${perPage} offset ${(page - 1) * perPage}`,
        params,
      );
      return {
        data: rows.map((r) => ({
          id: r.id,
          name: displayName(r.first_name, r.last_name),
          email: r.email,
          verified: r.verified,
          signedEula: r.signed_eula,
          internal: r.internal,
          orders: r.orders,
          tags: r.tags,
          notes: r.notes ?? '',
          leadStatus: r.lead_status ?? 'new',
          potentialValue: r.potential_value,
          social: (r.social ?? {}) as CustomerRow['social'],
          stores: r.stores,
        })),
        total,
        page,
        perPage,
        lastPage: Math.max(1, Math.ceil(total / perPage)),
      };
    },
  );

  const tagSchema = {
    type: 'object',
    required: ['type', 'name'],
    additionalProperties: false,
    properties: { type: { type: 'string', enum: [...CUSTOMER_TAG_TYPES] }, name: { type: 'string', minLength: 1, maxLength: 50, pattern: '\\S' } },
  };
  app.patch<{
    Params: { id: number };
    Querystring: { store?: number };
    Body: { tags?: CustomerTag[]; notes?: string; leadStatus?: LeadStatus; potentialValue?: number | null; social?: Partial<Record<SocialHandle, string>> };
  }>(
    `${API}/:id/`,
    {
      attachValidation: true,
      schema: {
        params: paramsSchema({ id: ID }),
        querystring: { type: 'object', properties: { store: ID } },
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            tags: { type: 'array', maxItems: 30, items: tagSchema },
            notes: { type: 'string', maxLength: 5000 },
            leadStatus: { type: 'string', enum: [...LEAD_STATUSES] },
            potentialValue: { anyOf: [{ type: 'integer', minimum: 0, maximum: 1_000_000_000 }, { type: 'null' }] },
            social: { type: 'object', additionalProperties: false, properties: Object.fromEntries(SOCIAL_HANDLES.map((h) => [h, { type: 'string', maxLength: 200 }])) },
          },
        },
      },
    },
    async (request) => {
      const scope = scopeOf(request, request.query.store);
      const userId = request.params.id;
      const b = request.body;
      return ctx.db.transaction(async (tx) => {
        const known = await tx.query(`select 1 from users u where u.id = $2 ${scope === null ? 'and $1 = 0' : `and ${OF_STORE}`}`, [scope ?? 0, userId]);
        if (known.rows.length === 0) throw new ApiError(404, customerMessages.notFound);
        const { rows } = await tx.query<{ id: number }>(
          `insert into customer_profiles (user_id, division_id) values ($1, $2)
           on conflict (coalesce(division_id, 0), user_id) do update set updated_at = now() returning id`,
          [userId, scope],
        );
        const profile = rows[0]!.id;
        await tx.query(
          `update customer_profiles set notes = coalesce($2, notes), lead_status = coalesce($3, lead_status),
             potential_value = case when $4::boolean then $5::integer else potential_value end, social = coalesce($6::jsonb, social)
           where id = $1`,
          [profile, b.notes ?? null, b.leadStatus ?? null, b.potentialValue !== undefined, b.potentialValue ?? null, b.social ? JSON.stringify(b.social) : null],
        );
        if (b.tags) {
          await tx.query('delete from customer_profile_tags where profile_id = $1', [profile]);
          for (const tag of b.tags) {
            const name = tag.name.trim();
            const id = (
              await tx.query<{ id: number }>(
                `with found as (select id from customer_tags where type = $1 and lower(name) = lower($2)),
                      made as (insert into customer_tags (type, name) select $1, $2 where not exists (select 1 from found) returning id)
                 select id from found union all select id from made`,
                [tag.type, name],
              )
            ).rows[0]!.id;
            await tx.query('insert into customer_profile_tags (profile_id, tag_id) values ($1, $2) on conflict do nothing', [profile, id]);
          }
        }
        return { ok: true };
      });
    },
  );
}
