/**
 * What changed between two versions of a page, by block (§ revisions: "a diff summary by block"). Blocks are
 * matched by uid; a block counts as changed when its type, size, visibility, properties or per-device overrides differ — a move alone
 * (its order) is counted apart, so reordering does not read as editing. Shared by the server (stored with each
 * revision) and the builder's compare view.
 */
import { walkBlocks } from './tree';

interface DiffBlock {
  uid: string;
  type: string;
  order?: number;
  size?: unknown;
  unpublished?: boolean;
  properties?: unknown;
  responsive?: unknown;
  items?: DiffBlock[];
}

interface DiffPage {
  url?: unknown;
  layout?: unknown;
  published?: unknown;
  sitemap?: unknown;
  theme?: unknown;
  properties?: unknown;
  blocks: readonly DiffBlock[];
}

export interface BlockRef {
  uid: string;
  type: string;
}

export interface RevisionSummary {
  added: BlockRef[];
  removed: BlockRef[];
  changed: BlockRef[];
  moved: BlockRef[];
  /** Page fields that changed (url, layout, published, sitemap, theme, properties). */
  page: string[];
}

const PAGE_FIELDS = ['url', 'layout', 'published', 'sitemap', 'theme', 'properties'] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Where each block sits: its parent's uid and its position there. */
function index(blocks: readonly DiffBlock[]) {
  const out = new Map<string, { block: DiffBlock; parent: string | null; position: number }>();
  const visit = (list: readonly DiffBlock[], parent: string | null) =>
    list.forEach((block, position) => {
      out.set(block.uid, { block, parent, position });
      if (block.items) visit(block.items, block.uid);
    });
  visit(blocks, null);
  return out;
}

export function summariseRevision(before: DiffPage | null, after: DiffPage): RevisionSummary {
  const ref = (b: DiffBlock): BlockRef => ({ uid: b.uid, type: b.type });
  if (!before) return { added: [...walkBlocks(after.blocks)].map(ref), removed: [], changed: [], moved: [], page: [] };
  const old = index(before.blocks);
  const now = index(after.blocks);
  const summary: RevisionSummary = { added: [], removed: [], changed: [], moved: [], page: [] };
  for (const [uid, at] of now) {
    const was = old.get(uid);
    if (!was) summary.added.push(ref(at.block));
    else {
      const a = was.block;
      const b = at.block;
      if (a.type !== b.type || !same(a.size, b.size) || a.unpublished !== b.unpublished || !same(a.properties, b.properties) || !same(a.responsive, b.responsive)) summary.changed.push(ref(b));
      if (was.parent !== at.parent || was.position !== at.position) summary.moved.push(ref(b));
    }
  }
  for (const [uid, was] of old) if (!now.has(uid)) summary.removed.push(ref(was.block));
  // A block shifts when one before it is added or removed: only changes of parent or of order among the
  // blocks kept in both versions count as moves.
  if (summary.added.length > 0 || summary.removed.length > 0) {
    const before = keptRanks(old, now);
    const after = keptRanks(now, old);
    summary.moved = summary.moved.filter((b) => old.get(b.uid)!.parent !== now.get(b.uid)!.parent || before.get(b.uid) !== after.get(b.uid));
  }
  for (const field of PAGE_FIELDS) if (!same(before[field], after[field])) summary.page.push(field);
  return summary;
}

/** Each block's rank among its siblings that are under the same parent in both versions. */
function keptRanks(map: ReturnType<typeof index>, other: ReturnType<typeof index>): Map<string, number> {
  const lists = new Map<string | null, { uid: string; position: number }[]>();
  for (const [uid, at] of map) {
    if (other.get(uid)?.parent !== at.parent) continue;
    const list = lists.get(at.parent) ?? [];
    list.push({ uid, position: at.position });
    lists.set(at.parent, list);
  }
  const ranks = new Map<string, number>();
  for (const list of lists.values()) list.sort((a, b) => a.position - b.position).forEach((entry, rank) => ranks.set(entry.uid, rank));
  return ranks;
}

/** "2 added, 1 changed, title" — the one-line summary the revision list shows. */
export function describeRevision(summary: RevisionSummary): string {
  const parts = [
    summary.added.length && `${summary.added.length} added`,
    summary.removed.length && `${summary.removed.length} removed`,
    summary.changed.length && `${summary.changed.length} changed`,
    summary.moved.length && `${summary.moved.length} moved`,
    summary.page.length && `page ${summary.page.join(', ')}`,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'No changes';
}
