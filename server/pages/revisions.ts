/**
 * Page revisions: every save keeps the page as saved, who saved it and what changed by block, so an owner can
 * look at any recent version, compare it with the page now and restore it. The newest REVISIONS_KEPT per page
 * are kept (a 1,000-block page is a few hundred KB; a busy page is saved hundreds of times).
 */
import type { Queryable } from '../db/database';
import { summariseRevision, type RevisionSummary } from '../../src/core/blocks/revisionDiff';
import { upgradeBlocks } from '../../src/core/blocks/upgrade';
import type { PageDoc } from './repository';

export const REVISIONS_KEPT = 100;

/** Who saved: a signed-in user, or the product itself (a scheduled publish) named by a label. */
export interface RevisionAuthor {
  userId: number | null;
  label?: string;
}

/** The fields a revision restores (the same ones a client may write). */
const DOCUMENT_FIELDS = ['url', 'temporaryUrl', 'layout', 'blocks', 'flags', 'properties', 'preloadables', 'published', 'sitemap', 'theme'] as const;
export type RevisionDocument = Pick<PageDoc, (typeof DOCUMENT_FIELDS)[number]>;

const documentOf = (page: PageDoc): RevisionDocument => Object.fromEntries(DOCUMENT_FIELDS.map((k) => [k, page[k]])) as RevisionDocument;

export interface RevisionEntry {
  version: number;
  createdAt: string;
  author: string;
  summary: RevisionSummary;
}

/**
 * Records `page` (just written) as a revision. A page saved for the first time since revisions began also gets its
 * previous version recorded, so what it looked like before is one click away too.
 */
export async function recordRevision(tx: Queryable, page: PageDoc, previous: PageDoc | null, author: RevisionAuthor): Promise<void> {
  if (previous) {
    await tx.query(
      `insert into page_revisions (page_id, version, document, summary, author_label, created_at)
       values ($1, $2, $3, $4, 'Before revisions were kept', $5) on conflict (page_id, version) do nothing`,
      [previous.id, previous.version, JSON.stringify(documentOf(previous)), JSON.stringify(summariseRevision(null, previous)), previous.edited],
    );
  }
  await tx.query(
    `insert into page_revisions (page_id, version, document, summary, author_user_id, author_label) values ($1, $2, $3, $4, $5, $6)`,
    [page.id, page.version, JSON.stringify(documentOf(page)), JSON.stringify(summariseRevision(previous, page)), author.userId, author.label ?? null],
  );
  await tx.query(
    `delete from page_revisions where page_id = $1 and version <= (select version from page_revisions where page_id = $1 order by version desc offset $2 limit 1)`,
    [page.id, REVISIONS_KEPT],
  );
}

type EntryRow = { version: number; created_at: string; summary: RevisionSummary; author: string | null };
const ENTRY_COLUMNS = `r.version, r.created_at, r.summary,
  coalesce(r.author_label, nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email, 'Someone') as author`;
const FROM = 'from page_revisions r left join users u on u.id = r.author_user_id';
const toEntry = (r: EntryRow): RevisionEntry => ({ version: r.version, createdAt: new Date(r.created_at).toISOString(), author: r.author ?? 'Someone', summary: r.summary });

/** The page's revisions, newest first, with the author's name (or e-mail) as the list shows it. */
export async function listRevisions(db: Queryable, pageId: number): Promise<RevisionEntry[]> {
  const { rows } = await db.query<EntryRow>(`select ${ENTRY_COLUMNS} ${FROM} where r.page_id = $1 order by r.version desc`, [pageId]);
  return rows.map(toEntry);
}

export async function getRevision(db: Queryable, pageId: number, version: number): Promise<(RevisionEntry & { document: RevisionDocument }) | null> {
  const { rows } = await db.query<EntryRow & { document: RevisionDocument }>(`select ${ENTRY_COLUMNS}, r.document ${FROM} where r.page_id = $1 and r.version = $2`, [pageId, version]);
  if (!rows[0]) return null;
  // At the current block schema versions, like the page itself, so the two compare block by block.
  const { document } = rows[0];
  return { ...toEntry(rows[0]), document: { ...document, blocks: upgradeBlocks(document.blocks ?? []).blocks } };
}
