import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { Database, Queryable } from '../db/database';
import { DEFAULT_CURRENCY } from '../../src/core/currency';
import type { ApprovalStatus, ImportReport, ProductRow, ProductTable, ProductTableSort } from '../../src/core/dashboardProducts';

type Row = Record<string, unknown>;

export interface TableQuery {
  page: number;
  perPage: number;
  sort: ProductTableSort;
  dir: 'asc' | 'desc';
  search: string;
  status: 'enabled' | 'disabled' | null;
  approval: ApprovalStatus | null;
}

// Whitelisted ORDER BY expressions; the id breaks ties so pages never overlap.
const SORTS: Record<ProductTableSort, string> = {
  name: 'lower(p.name)',
  price: 'p.price',
  stock: 'coalesce(vs.stock, 0)',
  created: 'p.created_at',
};

const WHERE = `where p.division_id = $1 and not p.is_bundle
  and ($2::text = '' or p.name ilike '%' || $2::text || '%' or p.sku ilike '%' || $2::text || '%')
  and ($3::boolean is null or p.enabled = $3::boolean)
  and ($4::text is null or p.approval_status = $4::text)`;

/**
 * A store's products for the dashboard table: one page, sorted, searched and filtered in SQL. The page's ids are
 * chosen from the products alone (stock totals only when sorting by stock), and only those rows get their stock,
 * colours and picture: a store of 50,000 products sorts without computing them for every product.
 */
export async function productTable(db: Queryable, divisionId: number, q: TableQuery): Promise<ProductTable> {
  const search = q.search.replace(/[\\%_]/g, (c) => `\\${c}`);
  const params = [divisionId, search, q.status === null ? null : q.status === 'enabled', q.approval];
  const dir = q.dir === 'asc' ? 'asc' : 'desc';
  const stockTotals =
    q.sort === 'stock' ? 'left join (select v.product_id, sum(v.stock) as stock from product_variants v join products vp on vp.id = v.product_id where vp.division_id = $1 group by v.product_id) vs on vs.product_id = p.id' : '';
  const [{ rows }, count] = await Promise.all([
    db.query<Row>(
      `with page as (
         select p.id, ${SORTS[q.sort]} as sort_key from products p ${stockTotals}
         ${WHERE}
         order by sort_key ${dir}, p.id ${dir}
         limit $5::int offset $6::int
       )
       select p.id, p.sku, p.name, p.url_name, p.price, p.sale_price, p.enabled, p.approval_status, p.denial_reason, p.created_at,
              coalesce(v.stock, 0)::int as stock, coalesce(v.colours, 0)::int as colours, img.src
       from page join products p on p.id = page.id
       left join lateral (select sum(stock) as stock, count(distinct option_id) as colours from product_variants where product_id = p.id) v on true
       left join lateral (select src from product_images where product_id = p.id order by position, id limit 1) img on true
       order by page.sort_key ${dir}, p.id ${dir}`,
      [...params, q.perPage, (q.page - 1) * q.perPage],
    ),
    db.query<{ total: number }>(`select count(*)::int as total from products p ${WHERE}`, params),
  ]);
  const total = count.rows[0]?.total ?? 0;
  return { data: rows.map(toRow), total, page: q.page, perPage: q.perPage, lastPage: Math.max(1, Math.ceil(total / q.perPage)), currency: DEFAULT_CURRENCY };
}

const toRow = (r: Row): ProductRow => ({
  id: r.id as number,
  sku: r.sku as string,
  name: r.name as string,
  urlName: r.url_name as string,
  image: (r.src as string | null) ?? null,
  price: r.price as number,
  salePrice: (r.sale_price as number | null) ?? null,
  enabled: r.enabled as boolean,
  approvalStatus: r.approval_status as ApprovalStatus,
  denialReason: (r.denial_reason as string | null) ?? null,
  stock: r.stock as number,
  colours: r.colours as number,
  createdAt: new Date(r.created_at as string).toISOString(),
});

/**
 * Turns products on or off. A denied product stays off until staff approve it; returns how many changed.
 */
export async function setEnabled(db: Queryable, divisionId: number, ids: number[], enabled: boolean): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `update products set enabled = $3 where division_id = $1 and id = any($2::int[]) and enabled <> $3
       and ($3 = false or approval_status <> 'denied') returning id`,
    [divisionId, ids, enabled],
  );
  return rows.length;
}

/** The columns of the CSV export, in order; an import reads the same columns (id picks the product). */
export const CSV_COLUMNS = ['id', 'sku', 'name', 'url_name', 'price', 'sale_price', 'enabled', 'description', 'meta_title', 'meta_description'] as const;
type CsvColumn = (typeof CSV_COLUMNS)[number];

/** Money as the CSV shows it: pounds with two decimals (2500 → "25.00"). */
const money = (minor: number | null) => (minor === null ? '' : (minor / 100).toFixed(2));

export async function exportCsv(db: Queryable, divisionId: number): Promise<string> {
  const { rows } = await db.query<Row>(
    `select id, sku, name, url_name, price, sale_price, enabled, description, meta_title, meta_description
     from products where division_id = $1 and not is_bundle order by id`,
    [divisionId],
  );
  return stringify(
    rows.map((r) => [r.id, r.sku, r.name, r.url_name, money(r.price as number), money((r.sale_price as number | null) ?? null), r.enabled ? 'yes' : 'no', r.description, r.meta_title ?? '', r.meta_description ?? '']),
    { header: true, columns: [...CSV_COLUMNS] },
  );
}

export const MAX_IMPORT_ROWS = 5000;
export const importMessages = {
  unreadable: 'The file is not a CSV we can read: keep the header row of an export',
  columns: `The header row must name these columns: ${CSV_COLUMNS.join(', ')}`,
  tooMany: `At most ${MAX_IMPORT_ROWS} rows can be imported at once`,
  unknownProduct: (id: string) => `No product with id ${id} in this store`,
  price: (column: string, value: string) => `${column} "${value}" is not an amount like 25.00`,
  saleAbovePrice: 'sale_price must be lower than price',
  enabled: (value: string) => `enabled "${value}" must be yes or no`,
  name: 'name is required',
  urlName: (value: string) => `url_name "${value}" may hold only lower-case letters, digits and dashes`,
  urlTaken: (value: string) => `url_name "${value}" is used by another product`,
  tooLong: (column: string) => `${column} is too long`,
} as const;

const MONEY = /^\d{1,7}(\.\d{1,2})?$/;
const URL_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const LIMITS: Partial<Record<CsvColumn, number>> = { name: 200, description: 10000, meta_title: 200, meta_description: 500, url_name: 120 };

type Update = { id: number; name: string; urlName: string; price: number; salePrice: number | null; enabled: boolean; description: string; metaTitle: string | null; metaDescription: string | null };

/**
 * Applies a CSV of products (an edited export). Every row is checked first and reported by its line number; rows
 * that pass are written in one transaction, and a row equal to the product is left alone (so re-importing an
 * export changes nothing). sku is shown for reference and never written.
 */
export async function importCsv(db: Database, divisionId: number, text: string): Promise<ImportReport> {
  let records: Record<string, string>[];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), { columns: true, skip_empty_lines: true, trim: true, relax_column_count: false });
  } catch {
    return { rows: 0, updated: 0, unchanged: 0, errors: [{ row: 1, message: importMessages.unreadable }] };
  }
  const header = records[0] ? Object.keys(records[0]) : [];
  if (records.length > 0 && !CSV_COLUMNS.every((c) => header.includes(c))) return { rows: records.length, updated: 0, unchanged: 0, errors: [{ row: 1, message: importMessages.columns }] };
  if (records.length > MAX_IMPORT_ROWS) return { rows: records.length, updated: 0, unchanged: 0, errors: [{ row: 1, message: importMessages.tooMany }] };

  const ids = records.map((r) => Number(r.id)).filter((n) => Number.isSafeInteger(n) && n > 0);
  const { rows: existing } = await db.query<Row>(
    'select id, name, url_name, price, sale_price, enabled, description, meta_title, meta_description from products where division_id = $1 and id = any($2::int[]) and not is_bundle',
    [divisionId, ids],
  );
  const byId = new Map(existing.map((r) => [r.id as number, r]));
  const errors: ImportReport['errors'] = [];
  const updates: Update[] = [];
  let unchanged = 0;
  const urlNames = new Map<string, number>();
  records.forEach((r, index) => {
    const line = index + 2; // the header is line 1
    const fail = (message: string) => errors.push({ row: line, message });
    const current = byId.get(Number(r.id));
    if (!current) return fail(importMessages.unknownProduct(r.id ?? ''));
    for (const [column, max] of Object.entries(LIMITS)) if ((r[column] ?? '').length > max) return fail(importMessages.tooLong(column));
    if (!r.name) return fail(importMessages.name);
    if (!URL_NAME.test(r.url_name ?? '')) return fail(importMessages.urlName(r.url_name ?? ''));
    if (!MONEY.test(r.price ?? '')) return fail(importMessages.price('price', r.price ?? ''));
    if (r.sale_price && !MONEY.test(r.sale_price)) return fail(importMessages.price('sale_price', r.sale_price));
    const enabled = (r.enabled ?? '').toLowerCase();
    if (enabled !== 'yes' && enabled !== 'no') return fail(importMessages.enabled(r.enabled ?? ''));
    const price = Math.round(Number(r.price) * 100);
    const salePrice = r.sale_price ? Math.round(Number(r.sale_price) * 100) : null;
    if (salePrice !== null && salePrice >= price) return fail(importMessages.saleAbovePrice);
    const seen = urlNames.get(r.url_name!);
    if (seen !== undefined && seen !== current.id) return fail(importMessages.urlTaken(r.url_name!));
    urlNames.set(r.url_name!, current.id as number);
    const update: Update = {
      id: current.id as number,
      name: r.name,
      urlName: r.url_name!,
      price,
      salePrice,
      enabled: enabled === 'yes',
      description: r.description ?? '',
      metaTitle: r.meta_title || null,
      metaDescription: r.meta_description || null,
    };
    const same =
      update.name === current.name &&
      update.urlName === current.url_name &&
      update.price === current.price &&
      update.salePrice === ((current.sale_price as number | null) ?? null) &&
      update.enabled === current.enabled &&
      update.description === current.description &&
      update.metaTitle === ((current.meta_title as string | null) || null) &&
      update.metaDescription === ((current.meta_description as string | null) || null);
    if (same) unchanged += 1;
    else updates.push(update);
  });
  if (updates.length > 0) {
    const { rows: taken } = await db.query<{ url_name: string; id: number }>(
      'select url_name, id from products where division_id = $1 and url_name = any($2::text[])',
      [divisionId, updates.map((u) => u.urlName)],
    );
    const owner = new Map(taken.map((t) => [t.url_name, t.id]));
    for (let i = updates.length - 1; i >= 0; i--) {
      const u = updates[i]!;
      const holder = owner.get(u.urlName);
      if (holder !== undefined && holder !== u.id && !updates.some((other) => other.id === holder && other.urlName !== u.urlName)) {
        errors.push({ row: records.findIndex((r) => Number(r.id) === u.id) + 2, message: importMessages.urlTaken(u.urlName) });
        updates.splice(i, 1);
      }
    }
  }
  await db.transaction(async (tx) => {
    for (const u of updates) {
      // A denied product is never switched on by an import (as with the bulk action).
      await tx.query(
        `update products set name = $3, url_name = $4, price = $5, sale_price = $6, enabled = $7 and approval_status <> 'denied',
                description = $8, meta_title = $9, meta_description = $10
         where division_id = $1 and id = $2`,
        [divisionId, u.id, u.name, u.urlName, u.price, u.salePrice, u.enabled, u.description, u.metaTitle, u.metaDescription],
      );
    }
  });
  errors.sort((a, b) => a.row - b.row);
  return { rows: records.length, updated: updates.length, unchanged, errors };
}
