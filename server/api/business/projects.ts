import { LIST_QUERY_PROPERTIES } from './listQuery';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError, badRequest } from '../../http/errors';
import { requireInternal } from '../../auth/guards';
import { ID, paramsSchema } from '../../http/routeSchemas';
import { INTEGRATION_TYPES, PAYMENT_INTERVALS, PROJECT_CURRENCIES, type Page, type ProjectRow, type ProjectSettings } from '../../../src/core/businessAdmin';

/**
 * Staff only (§1): §3 Manufacturer/project, under /omnis/v3/dashboard/projects/ (the manufacturers screen lists the
 * same records):
 *
 * GET   ?page&perPage&search&pro&fraud&vip   the projects with badges, settings and stores
 * PATCH {id}/   settings: isPro, force2fa, currency, paymentInterval, integrationType, betas, isVip, isFraud, active
 */
const API = '/omnis/v3/dashboard/projects';
const SETTING_COLUMNS: Record<keyof ProjectSettings, string> = {
  isPro: 'is_pro',
  force2fa: 'force2fa',
  currency: 'currency',
  paymentInterval: 'payment_interval',
  integrationType: 'integration_type',
  betas: 'betas',
  isVip: 'is_vip',
  isFraud: 'is_fraud',
  active: 'active',
};
export const projectMessages = { notFound: 'No such project' } as const;

const SELECT = `select p.id, p.name, p.email, p.badges, p.is_pro, p.force2fa, p.currency, p.payment_interval, p.integration_type, p.betas,
  p.is_vip, p.is_fraud, p.active,
  coalesce((select json_agg(json_build_object('id', d.id, 'name', d.name) order by d.id) from divisions d where d.project_id = p.id), '[]'::json) as stores
  from projects p`;
type DbRow = {
  id: number; name: string; email: string | null; badges: ProjectRow['badges']; is_pro: boolean; force2fa: boolean; currency: string;
  payment_interval: ProjectRow['paymentInterval']; integration_type: string | null; betas: string[]; is_vip: boolean; is_fraud: boolean; active: boolean; stores: ProjectRow['stores'];
};
const toRow = (r: DbRow): ProjectRow => ({
  id: r.id, name: r.name, email: r.email, badges: r.badges, isPro: r.is_pro, force2fa: r.force2fa, currency: r.currency, paymentInterval: r.payment_interval,
  integrationType: r.integration_type, betas: r.betas, isVip: r.is_vip, isFraud: r.is_fraud, active: r.active, stores: r.stores,
});

export function projectRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Querystring: { page: number; perPage: number; search: string; pro?: boolean; fraud?: boolean; vip?: boolean } }>(
    `${API}/`,
    {
      attachValidation: true,
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...LIST_QUERY_PROPERTIES,
            pro: { type: 'boolean' },
            fraud: { type: 'boolean' },
            vip: { type: 'boolean' },
          },
        },
      },
    },
    async (request): Promise<Page<ProjectRow>> => {
      requireInternal(request);
      if (request.validationError) throw badRequest(request.validationError as never);
      const { page, perPage, pro, fraud, vip } = request.query;
      const search = request.query.search.trim();
      const params: unknown[] = [];
      const where: string[] = [];
      if (search) {
        params.push(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        where.push(`(p.name ilike $1 or coalesce(p.email, '') ilike $1 or exists (select 1 from divisions d where d.project_id = p.id and d.name ilike $1))`);
      }
      if (pro !== undefined) where.push(`p.is_pro = ${pro}`);
      if (fraud !== undefined) where.push(`p.is_fraud = ${fraud}`);
      if (vip !== undefined) where.push(`p.is_vip = ${vip}`);
      const filter = where.length ? ` where ${where.join(' and ')}` : '';
      const total = (await ctx.db.query<{ n: number }>(`select count(*)::int as n from projects p${filter}`, params)).rows[0]!.n;
      const { rows } = await ctx.db.query<DbRow>(`${SELECT}${filter} order by p.id limit ${perPage} offset ${(page - 1) * perPage}`, params);
      return { data: rows.map(toRow), total, page, perPage, lastPage: Math.max(1, Math.ceil(total / perPage)) };
    },
  );

  app.patch<{ Params: { id: number }; Body: Partial<ProjectSettings> }>(
    `${API}/:id/`,
    {
      attachValidation: true,
      schema: {
        params: paramsSchema({ id: ID }),
        body: {
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          properties: {
            isPro: { type: 'boolean' },
            force2fa: { type: 'boolean' },
            currency: { type: 'string', enum: [...PROJECT_CURRENCIES] },
            paymentInterval: { type: 'string', enum: [...PAYMENT_INTERVALS] },
            integrationType: { anyOf: [{ type: 'string', enum: [...INTEGRATION_TYPES] }, { type: 'null' }] },
            betas: { type: 'array', maxItems: 30, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 50, pattern: '^[a-z0-9-]+$' } },
            isVip: { type: 'boolean' },
            isFraud: { type: 'boolean' },
            active: { type: 'boolean' },
          },
        },
      },
    },
    async (request) => {
      requireInternal(request);
      if (request.validationError) throw badRequest(request.validationError as never);
      const sets: string[] = [];
      const params: unknown[] = [request.params.id];
      for (const [key, value] of Object.entries(request.body) as [keyof ProjectSettings, unknown][]) {
        const v = key === 'integrationType' ? value || null : key === 'betas' ? JSON.stringify(value) : value;
        params.push(v);
        sets.push(`${SETTING_COLUMNS[key]} = $${params.length}`);
      }
      const updated = await ctx.db.query(`update projects set ${sets.join(', ')} where id = $1 returning id`, params);
      if (updated.rows.length === 0) throw new ApiError(404, projectMessages.notFound);
      const { rows } = await ctx.db.query<DbRow>(`${SELECT} where p.id = $1`, [request.params.id]);
      return { project: toRow(rows[0]!) };
    },
  );
}
