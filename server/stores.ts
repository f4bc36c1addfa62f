import type { Queryable } from './db/database';

/** A store (§3 Division) with what the storefront needs of its subdomain and company. */
export interface Store {
  id: number;
  name: string;
  code: string;
  enabled: boolean;
  hasPro: boolean;
  activeDomainName: string | null;
  company: { name: string; logo: { src: string; alt: string } | null };
  subdomain: { id: number; isPro: boolean; theme: string; favicon: string | null; customDomainName: string | null; mainMenuId: number | null; settings: Record<string, unknown> };
}

const SELECT = `
  select d.id, d.name, d.code, d.enabled, d.has_pro, d.active_domain_name,
         c.name as company_name, c.logo as company_logo,
         s.id as subdomain_id, s.is_pro, s.theme, s.favicon, s.custom_domain_name, s.main_menu_id, s.settings
  from divisions d
  join subdomains s on s.division_id = d.id
  left join companies c on c.id = d.company_id`;

type Row = Record<string, unknown>;

const toStore = (r: Row): Store => ({
  id: r.id as number,
  name: r.name as string,
  code: r.code as string,
  enabled: r.enabled as boolean,
  hasPro: r.has_pro as boolean,
  activeDomainName: (r.active_domain_name as string | null) ?? null,
  company: { name: (r.company_name as string | null) ?? (r.name as string), logo: (r.company_logo as Store['company']['logo']) ?? null },
  subdomain: {
    id: r.subdomain_id as number,
    isPro: r.is_pro as boolean,
    theme: r.theme as string,
    favicon: (r.favicon as string | null) ?? null,
    customDomainName: (r.custom_domain_name as string | null) ?? null,
    mainMenuId: (r.main_menu_id as number | null) ?? null,
    settings: (r.settings as Record<string, unknown>) ?? {},
  },
});

/**
 * Finds the store a request is for: an explicit division (id or code) wins; otherwise the request's host
 * (active or custom domain); otherwise the default store (DEFAULT_STORE code, else the oldest store).
 */
export async function findStore(db: Queryable, opts: { division?: string; host?: string }): Promise<Store | null> {
  if (opts.division) {
    const byId = /^\d+$/.test(opts.division);
    const { rows } = await db.query<Row>(`${SELECT} where ${byId ? 'd.id = $1::int' : 'd.code = $1'}`, [opts.division]);
    return rows[0] ? toStore(rows[0]) : null;
  }
  const host = opts.host?.replace(/:\d+$/, '').toLowerCase();
  if (host) {
    const { rows } = await db.query<Row>(`${SELECT} where lower(d.active_domain_name) = $1 or lower(s.custom_domain_name) = $1 order by d.id limit 1`, [host]);
    if (rows[0]) return toStore(rows[0]);
  }
  const fallback = process.env.DEFAULT_STORE;
  const { rows } = fallback
    ? await db.query<Row>(`${SELECT} where d.code = $1`, [fallback])
    : await db.query<Row>(`${SELECT} order by d.id limit 1`);
  return rows[0] ? toStore(rows[0]) : null;
}
