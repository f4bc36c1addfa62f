import { LIST_QUERY_PROPERTIES } from './listQuery';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest } from '../../http/errors';
import { requireInternal } from '../../auth/guards';
import { approvalStatusText } from '../../../src/core/storeSettings';
import { displayName, type Page, type StoreRow } from '../../../src/core/businessAdmin';

/**
 * GET /omnis/v3/dashboard/stores/?page&perPage&search&pro&fraud — staff only (§1): every division with its
 * subdomain approval status (§3), pro, fraud flag and owners, searched (name, code, domain, owner email) and
 * paginated in SQL.
 */
export function storeListRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Querystring: { page: number; perPage: number; search: string; pro?: boolean; fraud?: boolean } }>(
    '/omnis/v3/dashboard/stores/',
    {
      attachValidation: true,
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...LIST_QUERY_PROPERTIES,
            pro: { type: 'boolean' },
            fraud: { type: 'boolean' },
          },
        },
      },
    },
    async (request): Promise<Page<StoreRow>> => {
      requireInternal(request);
      if (request.validationError) throw badRequest(request.validationError as never);
      const { page, perPage, pro, fraud } = request.query;
      const search = request.query.search.trim();
      const where: string[] = [];
      const params: unknown[] = [];
      if (search) {
        params.push(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        const p = `$${params.length}`;
        where.push(`(d.name ilike ${p} or d.code ilike ${p} or coalesce(d.active_domain_name, '') ilike ${p}
          or exists (select 1 from store_members m join users u on u.id = m.user_id where m.division_id = d.id and m.role = 'owner' and u.email ilike ${p}))`);
      }
      if (pro !== undefined) where.push(`d.has_pro = ${pro ? 'true' : 'false'}`);
      if (fraud !== undefined) where.push(`d.is_fraud = ${fraud ? 'true' : 'false'}`);
      const filter = where.length ? `where ${where.join(' and ')}` : '';
      const total = (await ctx.db.query<{ n: number }>(`select count(*)::int as n from divisions d ${filter}`, params)).rows[0]!.n;
      const { rows } = await ctx.db.query<{
        id: number; name: string; code: string; enabled: boolean; active_domain_name: string | null; has_pro: boolean; is_fraud: boolean;
        subdomain_id: number | null; approved: number | null; has_approval: boolean; owners: { id: number; email: string; first_name: string; last_name: string }[];
      }>(
        `select d.id, d.name, d.code, d.enabled, d.active_domain_name, d.has_pro, d.is_fraud, s.id as subdomain_id,
                a.approved, a.id is not null as has_approval,
                coalesce((select json_agg(json_build_object('id', u.id, 'email', u.email, 'first_name', u.first_name, 'last_name', u.last_name) order by u.id)
                          from store_members m join users u on u.id = m.user_id where m.division_id = d.id and m.role = 'owner'), '[]'::json) as owners
         from divisions d
         left join subdomains s on s.division_id = d.id
         left join subdomain_approvals a on a.subdomain_id = s.id
         ${filter}
         order by d.id
         limit ${perPage} offset ${(page - 1) * perPage}`,
        params,
      );
      return {
        data: rows.map((r) => ({
          id: r.id,
          name: r.name,
          code: r.code,
          enabled: r.enabled,
          url: r.active_domain_name ? `https://${r.active_domain_name}` : null,
          approvalStatus: approvalStatusText(r.has_approval ? { approved: r.approved } : null),
          hasPro: r.has_pro,
          isFraud: r.is_fraud,
          owners: r.owners.map((o) => ({ id: o.id, email: o.email, name: displayName(o.first_name, o.last_name) })),
        })),
        total,
        page,
        perPage,
        lastPage: Math.max(1, Math.ceil(total / perPage)),
      };
    },
  );
}
