/** Test and bench helpers: complete pages of text blocks, built without a server. */
import type { BlockData, PageDocument } from '../../core/storeData';
import { editorRegistry } from '../schemas';

/** A complete block of `type` with a fixed uid (defaults filled by the registry). */
export function blockOf(type: string, uid: string, properties: Record<string, unknown> = {}, items: BlockData[] = []): BlockData {
  const block: Record<string, unknown> = { uid, type, properties: { ...properties }, items };
  const errors = editorRegistry().validateBlocks([block]);
  if (errors.length > 0) throw new Error(`blockOf(${type}): ${JSON.stringify(errors)}`);
  return block as unknown as BlockData;
}

/** The text-block page of the measurement: N blocks whose text is "Block i". */
export function textPage(n: number, overrides: Partial<PageDocument> = {}): PageDocument {
  const blocks = Array.from({ length: n }, (_, i) => blockOf('textBlock', `t${i}`, { text: `Block ${i}` }));
  return pageOf(blocks, overrides);
}

export function pageOf(blocks: BlockData[], overrides: Partial<PageDocument> = {}): PageDocument {
  blocks.forEach((b, i) => (b.order = i));
  return {
    id: 7,
    uuid: '00000000-0000-4000-8000-000000000007',
    url: '/about/',
    layout: 'standard',
    flags: {},
    preloadables: [],
    version: 1,
    divisionId: 3,
    published: true,
    sitemap: true,
    edited: '2024-01-01T00:00:00.000Z',
    temporaryUrl: null,
    theme: null,
    properties: { title: 'About' },
    blocks,
    ...overrides,
  } as PageDocument;
}
