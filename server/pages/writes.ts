import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';
import type { SchemaRegistry } from '../../src/core/schemas/registry';
import { upgradeAndValidatePage } from '../../src/core/schemas/upgradeAndValidate';
import { walkBlocks } from '../../src/core/blocks/tree';
import { renumber } from '../../src/core/blocks/tree';
import { ApiError, fieldErrors } from '../http/errors';
import { getPage, type PageDoc } from './repository';
import { sanitizeBlockHtml } from './sanitizeBlocks';
import { recordRevision, type RevisionAuthor } from './revisions';
import { findStore } from '../stores';
import { isPro } from '../auth/roles';

/** §8 page save failures, in the spec's words. */
export const pageWriteMessages = {
  invalid: 'Page failed validation',
  proRequired: 'Pro required to save this page',
  notFound: 'Page not found',
  stale: 'This page was changed by someone else since you opened it. Reload it to see their changes, or save again to overwrite them.',
  homepage: 'The homepage cannot be deleted.',
  urlTaken: 'A page with this url already exists.',
  versionRequired: 'The page version you edited is required to save it.',
  noStore: 'Page not attached to a store',
} as const;

/** Fields a client may set; id, uuid, division, version and timestamps belong to the server. */
const WRITABLE = ['url', 'temporaryUrl', 'layout', 'blocks', 'flags', 'properties', 'preloadables', 'published', 'sitemap', 'theme'] as const;
type Writable = Partial<Record<(typeof WRITABLE)[number], unknown>>;

const pick = (body: Record<string, unknown>): Writable => Object.fromEntries(WRITABLE.filter((k) => k in body).map((k) => [k, body[k]]));

/**
 * Upgrades blocks saved under an older schema version (a save body from a builder opened before an upgrade, a
 * restored revision), validates the page document against the page and block schemas (filling defaults), checks
 * the §6 Pro rule (a page using a Pro-only block type can be saved only by a Pro store) and sanitises the blocks' HTML.
 */
export function checkPage(registry: SchemaRegistry, doc: Record<string, unknown>, storeIsPro: boolean) {
  const { errors } = upgradeAndValidatePage(registry, doc);
  if (errors.length > 0) throw new ApiError(422, pageWriteMessages.invalid, fieldErrors(errors));
  if (!storeIsPro) {
    const proOnly = [...walkBlocks(doc.blocks as { type: string; items?: unknown[] }[])].find((b) => registry.blockMeta(b.type)?.pro);
    if (proOnly) throw new ApiError(402, pageWriteMessages.proRequired, { [`/blocks`]: [`${registry.blockMeta(proOnly.type)!.title} blocks need a Pro store`] });
  }
  renumber(doc.blocks as { order?: number; items?: unknown[] }[]);
  // Stored clean, so shoppers' browsers draw the HTML without a sanitiser.
  sanitizeBlockHtml(registry, doc.blocks as { type: string; items?: unknown[] }[]);
}

/** Whether the store may save Pro-only blocks (§6), by its division. Unknown stores save nothing. */
export async function storeIsProFor(db: Queryable, divisionId: number): Promise<boolean> {
  const store = await findStore(db, { division: String(divisionId) });
  if (!store) throw new ApiError(404, pageWriteMessages.noStore);
  return isPro({ store: { divisionId, companyId: null, subdomain: { isPro: store.subdomain.isPro } } });
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

export async function createPage(
  tx: Queryable,
  registry: SchemaRegistry,
  divisionId: number,
  storeIsPro: boolean,
  body: Record<string, unknown>,
  author: RevisionAuthor = { userId: null },
): Promise<PageDoc> {
  const doc: Record<string, unknown> = { blocks: [], ...pick(body) };
  if (doc.flags && (doc.flags as { homepage?: boolean }).homepage) doc.flags = { ...(doc.flags as object), homepage: false }; // one homepage per store, made by the store itself
  checkPage(registry, doc, storeIsPro);
  try {
    const { rows } = await tx.query<{ id: number }>(
      `insert into pages (uuid, division_id, url, temporary_url, layout, blocks, flags, properties, preloadables, published, sitemap, theme)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id`,
      [randomUUID(), divisionId, doc.url, doc.temporaryUrl ?? null, doc.layout, JSON.stringify(doc.blocks), JSON.stringify(doc.flags), JSON.stringify(doc.properties), JSON.stringify(doc.preloadables), doc.published, doc.sitemap, doc.theme ?? null],
    );
    const page = (await getPage(tx, rows[0]!.id))!;
    await recordRevision(tx, page, null, author);
    return page;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(422, pageWriteMessages.invalid, { '/url': [pageWriteMessages.urlTaken] });
    throw error;
  }
}

/**
 * Optimistic concurrency (DESIGN §4): the client sends the version it edited; a stale version is refused with
 * 409 and nothing changes. The update itself is conditional on the version too, so two saves racing past the
 * check cannot both win.
 */
export async function updatePage(
  tx: Queryable,
  registry: SchemaRegistry,
  current: PageDoc,
  storeIsPro: boolean,
  body: Record<string, unknown>,
  author: RevisionAuthor = { userId: null },
): Promise<PageDoc> {
  if (typeof body.version !== 'number') throw new ApiError(422, pageWriteMessages.invalid, { '/version': [pageWriteMessages.versionRequired] });
  if (body.version !== current.version) throw new ApiError(409, pageWriteMessages.stale);
  const changes = pick(body);
  const doc: Record<string, unknown> = {
    url: current.url,
    temporaryUrl: current.temporaryUrl,
    layout: current.layout,
    blocks: current.blocks,
    flags: current.flags,
    properties: current.properties,
    preloadables: current.preloadables,
    published: current.published,
    sitemap: current.sitemap,
    theme: current.theme,
    ...changes,
  };
  // The homepage flag is not the client's to move.
  doc.flags = { ...((doc.flags as object) ?? {}), homepage: current.flags.homepage === true };
  if (current.flags.homepage) doc.url = current.url;
  checkPage(registry, doc, storeIsPro);
  try {
    const { rows } = await tx.query<{ id: number }>(
      `update pages set url = $3, temporary_url = $4, layout = $5, blocks = $6, flags = $7, properties = $8, preloadables = $9,
              published = $10, sitemap = $11, theme = $12, version = version + 1, edited = now()
       where id = $1 and version = $2 returning id`,
      [current.id, current.version, doc.url, doc.temporaryUrl ?? null, doc.layout, JSON.stringify(doc.blocks), JSON.stringify(doc.flags), JSON.stringify(doc.properties), JSON.stringify(doc.preloadables), doc.published, doc.sitemap, doc.theme ?? null],
    );
    if (rows.length === 0) throw new ApiError(409, pageWriteMessages.stale);
    const page = (await getPage(tx, current.id))!;
    await recordRevision(tx, page, current, author);
    return page;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(422, pageWriteMessages.invalid, { '/url': [pageWriteMessages.urlTaken] });
    throw error;
  }
}

/** §3: a page is deletable only if it exists and is not the homepage. */
export async function deletePage(tx: Queryable, current: PageDoc): Promise<void> {
  if (current.flags.homepage) throw new ApiError(422, pageWriteMessages.homepage);
  await tx.query('delete from pages where id = $1', [current.id]);
}
