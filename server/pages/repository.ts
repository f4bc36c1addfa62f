import type { Queryable } from '../db/database';
import { routeNameOf } from '../../src/core/routes';
import { upgradeBlocks } from '../../src/core/blocks/upgrade';
import type { LayoutName, PageDocument, PageRoute } from '../../src/core/storeData';

export type PageDoc = PageDocument;

type Row = Record<string, unknown>;

const SUMMARY_COLUMNS = 'id, uuid, url, temporary_url, layout, flags, properties, version, division_id, published, sitemap, edited, theme';
const COLUMNS = `${SUMMARY_COLUMNS}, blocks, preloadables`;

/** A page without its blocks — the bulk of a page row — for routes, sitemaps and finding a page by address. */
export type PageSummary = Omit<PageDoc, 'blocks' | 'preloadables'>;

const toPageSummary = (r: Row): PageSummary => ({
  id: r.id as number,
  uuid: r.uuid as string,
  url: r.url as string,
  temporaryUrl: (r.temporary_url as string | null) ?? null,
  layout: r.layout as LayoutName,
  flags: r.flags as Record<string, boolean>,
  properties: r.properties as PageDoc['properties'],
  version: r.version as number,
  divisionId: r.division_id as number,
  published: r.published as boolean,
  sitemap: r.sitemap as boolean,
  edited: new Date(r.edited as string).toISOString(),
  theme: (r.theme as string | null) ?? null,
});

/**
 * Blocks are handed out at their schemas' current versions (src/core/blocks/upgrade.ts): a page saved before a block
 * schema changed reads as if saved today, and is stored so on its next save or by `npm run migrate:blocks`. A page
 * with nothing old is not copied; a block that cannot be upgraded is handed out as saved (the builder names it).
 */
export const toPageDoc = (r: Row): PageDoc => ({
  ...toPageSummary(r),
  blocks: upgradeBlocks(r.blocks as PageDoc['blocks']).blocks,
  preloadables: r.preloadables as string[],
});

export const toPageRoute = (page: PageSummary): PageRoute => ({
  id: page.id,
  url: page.url,
  name: routeNameOf(page.url),
  layout: page.layout,
  title: String(page.properties.title ?? ''),
  description: String(page.properties.description ?? ''),
  loginState: String(page.properties.loginState ?? 'everyone'),
  storefront: page.properties.isStorePage !== false,
  isSearchable: page.properties.isSearchable !== false,
  searchIcon: (page.properties.searchIcon as string | undefined) ?? null,
  sitemap: page.published && page.sitemap,
  published: page.published,
  homepage: page.flags.homepage === true,
});

export async function listPages(db: Queryable, divisionId: number): Promise<PageDoc[]> {
  const { rows } = await db.query<Row>(`select ${COLUMNS} from pages where division_id = $1 and not coalesce((flags->>'deleted')::boolean, false) order by id`, [divisionId]);
  return rows.map(toPageDoc);
}

/** Every page of a store as a summary: what getStoreCoreData, the sitemap and the first response need. */
export async function listPageSummaries(db: Queryable, divisionId: number): Promise<PageSummary[]> {
  const { rows } = await db.query<Row>(`select ${SUMMARY_COLUMNS} from pages where division_id = $1 and not coalesce((flags->>'deleted')::boolean, false) order by id`, [divisionId]);
  return rows.map(toPageSummary);
}

export async function getPage(db: Queryable, pageId: number): Promise<PageDoc | null> {
  const { rows } = await db.query<Row>(`select ${COLUMNS} from pages where id = $1 and not coalesce((flags->>'deleted')::boolean, false)`, [pageId]);
  return rows[0] ? toPageDoc(rows[0]) : null;
}
