import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError, apiMessages } from '../../http/errors';
import { requireStoreAccess } from '../../auth/guards';
import { canAccessStore } from '../../auth/roles';
import { requireDivision } from '../../catalogue/division';
import { NORMAL_PROGRESS_GROUPS } from '../../orders/stateMachine';
import { ONBOARDING_BADGES } from '../../../src/core/access';
import type { PriceBreakdownAnswer, PublicPriceBreakdown } from '../../../src/core/api/priceBreakdown';
import { GARMENT_COSTS, PRINT_COST, DEFAULT_GARMENT_COST, priceBreakdown, unitCost, vatOf } from './costModel';
import { DIVISION_PARAMS, NAME, paramsSchema } from '../../http/routeSchemas';

/**
 * Store figures for the dashboard blocks (graph, summary, profitPerMonth, interactions) and the public price
 * breakdown. Definitions, used by every endpoint:
 * - a sale is an order whose status is paid or later (§4 groups from "paid" on), minus refunded orders;
 * - revenue = what shoppers paid for the goods (unit price × quantity − discount, VAT included, shipping excluded);
 * - vat = the VAT recorded on those lines; cost = the estimated production cost (costModel.ts);
 * - profit = revenue − vat − cost. Buckets and periods are UTC.
 */
export const SALE_STATUSES: readonly string[] = NORMAL_PROGRESS_GROUPS.slice(1)
  .flat()
  .filter((s) => s !== 'refunded');

export const PERIODS = ['today', '7d', '30d', '90d', '12m', 'all'] as const;
export type Period = (typeof PERIODS)[number];
export const METRICS = ['revenue', 'orders', 'items', 'profit'] as const;
export type Metric = (typeof METRICS)[number];

export const statsMessages = {
  period: `Must be one of ${PERIODS.join(', ')}`,
  metric: `Must be one of ${METRICS.join(', ')}`,
  months: 'Must be a whole number from 1 to 36',
  productNotFound: 'Product not found',
} as const;

const DAY = 86_400_000;

interface Line {
  orderId: number;
  at: Date;
  productId: number | null;
  name: string;
  quantity: number;
  revenue: number;
  vat: number;
  cost: number;
}

interface Totals {
  orders: number;
  items: number;
  revenue: number;
  vat: number;
  cost: number;
  profit: number;
  averageOrderValue: number;
}

const utcDay = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
const utcMonth = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
const addMonths = (t: number, n: number) => {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1);
};

/** The window of a period ending now: [from, to), the bucket unit, and the window before it (for comparisons). */
export function periodWindow(period: Period, now: Date, firstSale: Date | null) {
  const tomorrow = utcDay(now) + DAY;
  if (period === '12m' || period === 'all') {
    const to = addMonths(utcMonth(now), 1);
    const from = period === '12m' ? addMonths(to, -12) : Math.min(utcMonth(firstSale ?? now), utcMonth(now));
    const months = Math.round((to - from) / (30.44 * DAY));
    return {
      from,
      to,
      unit: 'month' as const,
      previousFrom: addMonths(from, -months),
    };
  }
  const days = period === 'today' ? 1 : Number(period.slice(0, -1));
  const from = tomorrow - days * DAY;
  return {
    from,
    to: tomorrow,
    unit: 'day' as const,
    previousFrom: from - days * DAY,
  };
}

function sum(lines: Line[]): Totals {
  const orders = new Set(lines.map((l) => l.orderId)).size;
  const t = lines.reduce(
    (a, l) => ({
      items: a.items + l.quantity,
      revenue: a.revenue + l.revenue,
      vat: a.vat + l.vat,
      cost: a.cost + l.cost,
    }),
    { items: 0, revenue: 0, vat: 0, cost: 0 },
  );
  return {
    orders,
    ...t,
    profit: t.revenue - t.vat - t.cost,
    averageOrderValue: orders === 0 ? 0 : Math.round(t.revenue / orders),
  };
}

const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const isoMonth = (t: number) => new Date(t).toISOString().slice(0, 7);

/** Continuous buckets from `from` to `to` (empty ones included, so a chart's axis has no gaps). */
function buckets(lines: Line[], from: number, to: number, unit: 'day' | 'month') {
  const out: { key: string; start: string; lines: Line[] }[] = [];
  const index = new Map<string, Line[]>();
  for (let t = from; t < to; t = unit === 'day' ? t + DAY : addMonths(t, 1)) {
    const key = unit === 'day' ? isoDay(t) : isoMonth(t);
    const bucket = {
      key,
      start: new Date(t).toISOString(),
      lines: [] as Line[],
    };
    out.push(bucket);
    index.set(key, bucket.lines);
  }
  for (const l of lines) index.get(unit === 'day' ? isoDay(l.at.getTime()) : isoMonth(l.at.getTime()))?.push(l);
  return out;
}

export function statsRoutes(app: FastifyInstance, ctx: AppContext) {
  async function saleLines(divisionId: number, from: number | null, to: number): Promise<Line[]> {
    const { rows } = await ctx.db.query<{
      order_id: number;
      created_at: Date | string;
      product_id: number | null;
      name: string;
      quantity: number;
      price: number;
      discount: number;
      tax: number;
      type: string | null;
      designs: unknown;
      is_bundle: boolean;
    }>(
      // A bundle's parent item brings the revenue and its component items (price 0) the production costs.
      `select o.id as order_id, o.created_at, i.product_id, i.name, i.quantity, i.price, i.discount, i.tax, p.type, p.designs,
              exists (select 1 from order_items c where c.parent_item_id = i.id) as is_bundle
       from orders o
       join order_items i on i.order_id = o.id
       left join products p on p.id = i.product_id
       where o.division_id = $1 and o.status = any($2::text[]) and o.created_at < $3 ${from === null ? '' : 'and o.created_at >= $4'}
       order by o.id, i.position`,
      from === null ? [divisionId, SALE_STATUSES, new Date(to)] : [divisionId, SALE_STATUSES, new Date(to), new Date(from)],
    );
    return rows.map((r) => ({
      orderId: r.order_id,
      at: new Date(r.created_at),
      productId: r.product_id,
      name: r.name,
      quantity: r.quantity,
      revenue: r.price * r.quantity - r.discount,
      vat: r.tax,
      cost: r.is_bundle ? 0 : unitCost(r.type, r.designs) * r.quantity,
    }));
  }

  async function firstSale(divisionId: number): Promise<Date | null> {
    const { rows } = await ctx.db.query<{ first: Date | string | null }>(
      'select min(created_at) as first from orders where division_id = $1 and status = any($2::text[])',
      [divisionId, SALE_STATUSES],
    );
    return rows[0]?.first ? new Date(rows[0].first) : null;
  }

  const division = (request: FastifyRequest<{ Params: { divisionId: number } }>) => {
    requireStoreAccess(request, request.params.divisionId);
    return request.params.divisionId;
  };
  const storeStats = { schema: { params: DIVISION_PARAMS } };
  const periodOf = (raw: string | undefined): Period => {
    const period = raw ?? '30d';
    if (!(PERIODS as readonly string[]).includes(period))
      throw new ApiError(422, apiMessages.invalid, {
        period: [statsMessages.period],
      });
    return period as Period;
  };

  type Q = {
    Params: { divisionId: number };
    Querystring: Record<string, string | undefined>;
  };

  app.get<Q>('/omnis/v3/divisions/:divisionId/stats/summary/', storeStats, async (request) => {
    const id = division(request);
    const period = periodOf(request.query.period);
    const window = periodWindow(period, new Date(), period === 'all' ? await firstSale(id) : null);
    const lines = await saleLines(id, period === 'all' ? null : window.previousFrom, window.to);
    const current = lines.filter((l) => period === 'all' || l.at.getTime() >= window.from);
    const byProduct = new Map<
      string,
      {
        productId: number | null;
        name: string;
        quantity: number;
        revenue: number;
      }
    >();
    for (const l of current) {
      const key = l.productId === null ? `name:${l.name}` : `id:${l.productId}`;
      const row = byProduct.get(key) ?? {
        productId: l.productId,
        name: l.name,
        quantity: 0,
        revenue: 0,
      };
      row.quantity += l.quantity;
      row.revenue += l.revenue;
      byProduct.set(key, row);
    }
    const topProducts = [...byProduct.values()].sort((a, b) => b.quantity - a.quantity || b.revenue - a.revenue || a.name.localeCompare(b.name)).slice(0, 5);
    return {
      period,
      from: new Date(window.from).toISOString(),
      to: new Date(window.to).toISOString(),
      ...sum(current),
      // "all" has nothing before it to compare with.
      previous: period === 'all' ? null : sum(lines.filter((l) => l.at.getTime() < window.from)),
      topProducts,
      estimatedCosts: true,
    };
  });

  app.get<Q>('/omnis/v3/divisions/:divisionId/stats/series/', storeStats, async (request) => {
    const id = division(request);
    const period = periodOf(request.query.period);
    const metric = request.query.metric ?? 'revenue';
    if (!(METRICS as readonly string[]).includes(metric))
      throw new ApiError(422, apiMessages.invalid, {
        metric: [statsMessages.metric],
      });
    const window = periodWindow(period, new Date(), period === 'all' ? await firstSale(id) : null);
    const lines = await saleLines(id, window.from, window.to);
    const pick = (t: Totals) => (metric === 'orders' ? t.orders : metric === 'items' ? t.items : metric === 'profit' ? t.profit : t.revenue);
    return {
      metric,
      period,
      unit: window.unit,
      data: buckets(lines, window.from, window.to, window.unit).map((b) => ({
        key: b.key,
        start: b.start,
        value: pick(sum(b.lines)),
      })),
    };
  });

  app.get<Q>('/omnis/v3/divisions/:divisionId/stats/profit-per-month/', storeStats, async (request) => {
    const id = division(request);
    const raw = request.query.months ?? '12';
    const months = /^\d{1,2}$/.test(raw) ? Number(raw) : NaN;
    if (!(months >= 1 && months <= 36))
      throw new ApiError(422, apiMessages.invalid, {
        months: [statsMessages.months],
      });
    const to = addMonths(utcMonth(new Date()), 1);
    const from = addMonths(to, -months);
    const lines = await saleLines(id, from, to);
    return {
      months,
      costModel: {
        garments: GARMENT_COSTS,
        defaultGarment: DEFAULT_GARMENT_COST,
        perPrint: PRINT_COST,
      },
      data: buckets(lines, from, to, 'month').map((b) => {
        const t = sum(b.lines);
        return {
          month: b.key,
          orders: t.orders,
          items: t.items,
          revenue: t.revenue,
          cost: t.cost,
          vat: t.vat,
          profit: t.profit,
        };
      }),
    };
  });

  app.get<Q & { Querystring: { limit?: string } }>('/omnis/v3/divisions/:divisionId/stats/interactions/', storeStats, async (request) => {
    const id = division(request);
    const raw = request.query.limit ?? '10';
    const limit = /^\d{1,2}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 50 ? Number(raw) : NaN;
    if (Number.isNaN(limit))
      throw new ApiError(422, apiMessages.invalid, {
        limit: ['Must be a whole number from 1 to 50'],
      });
    // Only first names: the feed is a glance at activity, not a customer list.
    const orders = await ctx.db.query<{
      id: number;
      created_at: Date | string;
      first_name: string | null;
      items: number;
      total: number;
      currency: string;
    }>(
      `select o.id, o.created_at, o.billing_address->>'firstName' as first_name, o.total, o.currency,
              (select coalesce(sum(quantity), 0)::int from order_items where order_id = o.id and parent_item_id is null) as items
       from orders o where o.division_id = $1 and o.status = any($2::text[]) order by o.created_at desc, o.id desc limit $3`,
      [id, SALE_STATUSES, limit],
    );
    const subscribers = await ctx.db.query<{
      id: number;
      created_at: Date | string;
      first_name: string;
    }>('select id, created_at, first_name from subscribers where division_id = $1 and verified_at is not null order by created_at desc, id desc limit $2', [
      id,
      limit,
    ]);
    const data = [
      ...orders.rows.map((o) => ({
        type: 'orders' as const,
        id: `order-${o.id}`,
        at: new Date(o.created_at).toISOString(),
        name: o.first_name ?? '',
        items: o.items,
        amount: o.total,
        currency: o.currency,
      })),
      ...subscribers.rows.map((s) => ({
        type: 'subscribers' as const,
        id: `subscriber-${s.id}`,
        at: new Date(s.created_at).toISOString(),
        name: s.first_name,
      })),
    ]
      .sort((a, b) => b.at.localeCompare(a.at))
      .slice(0, limit);
    // Favourites, reviews, chats and returns are not recorded per store yet.
    return { data, tracked: ['orders', 'subscribers'] };
  });

  /**
   * §6 onboarding badges of this store, derived from what it has done: a verified sign-up, a named profile, a
   * product with a design, a saved theme, an edited homepage, a first sale. Billing cards are not stored by this
   * platform, so "card" stays locked.
   */
  app.get<Q>('/omnis/v3/divisions/:divisionId/stats/onboarding/', storeStats, async (request) => {
    const id = division(request);
    const user = request.auth!;
    const { rows } = await ctx.db.query<{
      first_name: string | null;
      last_name: string | null;
      designer: boolean;
      theme: boolean;
      homepage: boolean;
      sale: boolean;
    }>(
      `select u.first_name, u.last_name,
              exists (select 1 from products where division_id = $1 and designs <> '{}'::jsonb) as designer,
              exists (select 1 from themes where division_id = $1) as theme,
              exists (select 1 from pages where division_id = $1 and url = '/' and version > 1) as homepage,
              exists (select 1 from orders where division_id = $1 and status = any($3::text[])) as sale
       from users u where u.id = $2`,
      [id, user.id, SALE_STATUSES],
    );
    const r = rows[0];
    const unlocked: Record<string, boolean> = {
      'sign-up': user.verified,
      card: false,
      designer: r?.designer ?? false,
      profile: !!(r?.first_name?.trim() && r?.last_name?.trim()),
      theme: r?.theme ?? false,
      homepage: r?.homepage ?? false,
      entrepreneur: r?.sale ?? false,
    };
    return {
      data: ONBOARDING_BADGES.map((code) => ({
        code,
        unlocked: unlocked[code] ?? false,
        groups: ['onboarding'],
      })),
    };
  });

  /**
   * Public, for the profitPerMonth calculator: profit per item at a VAT-inclusive price (standard rate) and a
   * cost per item (0 or absent: the cost model's default product, a one-print t-shirt). Minor units.
   */
  app.get<{ Querystring: { price?: string; cost?: string } }>('/omnis/v3/stats/profit-estimate/', async (request) => {
    const whole = (raw: string | undefined, field: string) => {
      const v = raw === undefined || raw === '' ? 0 : /^\d{1,7}$/.test(raw) ? Number(raw) : NaN;
      if (!(v >= 0 && v <= 1_000_000))
        throw new ApiError(422, apiMessages.invalid, {
          [field]: ['Must be a whole number of pence from 0 to 1000000'],
        });
      return v;
    };
    const price = whole(request.query.price, 'price');
    const cost = whole(request.query.cost, 'cost') || unitCost(null, null);
    const vat = vatOf(price, 1);
    return {
      price,
      cost,
      vat,
      profitPerItem: price - vat - cost,
      estimated: true,
    };
  });

  app.get<{ Params: { urlName: string }; Querystring: { division?: string } }>('/omnis/v3/products/:urlName/price-breakdown/', { schema: { params: paramsSchema({ urlName: NAME }) } }, async (request) => {
    const store = await requireDivision(ctx.db, request.query.division);
    const { rows } = await ctx.db.query<{
      name: string;
      price: number;
      sale_price: number | null;
      vat_rate: string | number;
      type: string;
      designs: unknown;
    }>('select name, price, sale_price, vat_rate, type, designs from products where division_id = $1 and (url_name = $2 or id::text = $2) and enabled', [
      store.id,
      request.params.urlName,
    ]);
    const row = rows[0];
    if (!row) throw new ApiError(404, statsMessages.productNotFound);
    const full = priceBreakdown({ price: row.price, salePrice: row.sale_price, vatRate: Number(row.vat_rate), type: row.type, designs: row.designs });
    // Garment and print costs are the store's own figures (models/fetch keeps them to the store): shoppers see
    // what the storefront chart shows — making costs as one sum — and the store's people see every line.
    const making: PublicPriceBreakdown = { name: row.name, currency: 'GBP', price: full.price, vat: full.vat, making: full.production + full.print, margin: full.margin, estimated: true };
    const answer: PriceBreakdownAnswer = canAccessStore(request.auth, store.id) ? { ...making, production: full.production, print: full.print, prints: full.prints } : making;
    return answer;
  });
}
