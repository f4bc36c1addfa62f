import type { Queryable } from '../db/database';
import { ApiError } from '../http/errors';

export const STORE_NOT_FOUND = 'Store not found';

export interface DivisionRef {
  id: number;
  /** The company name shoppers see as the maker (§7 products: manufacturer). */
  companyName: string;
  domains: string[];
}

/** An enabled store by id (from a path or body, so any text may arrive); 404 otherwise. */
export async function requireDivision(db: Queryable, raw: unknown): Promise<DivisionRef> {
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw new ApiError(404, STORE_NOT_FOUND);
  const { rows } = await db.query<{ id: number; company_name: string; active_domain_name: string | null; custom_domain_name: string | null }>(
    `select d.id, coalesce(c.name, d.name) as company_name, d.active_domain_name, s.custom_domain_name
     from divisions d
     left join companies c on c.id = d.company_id
     left join subdomains s on s.division_id = d.id
     where d.id = $1 and d.enabled`,
    [id],
  );
  const row = rows[0];
  if (!row) throw new ApiError(404, STORE_NOT_FOUND);
  return {
    id: row.id,
    companyName: row.company_name,
    domains: [row.custom_domain_name, row.active_domain_name].filter((d): d is string => !!d).map((d) => d.toLowerCase()),
  };
}
