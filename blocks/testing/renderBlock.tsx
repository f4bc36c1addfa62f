import { act, cleanup, render, type RenderResult } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createSchemaRegistry, type SchemaRegistry } from '../../src/core/schemas/registry';
import type { ValidationError } from '../../src/core/schemas/types';
import type { BlockData } from '../../src/core/storeData';
import { readSchemaSet } from '../../server/schemas/load';
import { sanitizeBlockHtml } from '../../server/pages/sanitizeBlocks';
import { createHtmlSanitizers } from '../../src/core/html/purify';
import { installHtmlSanitizers } from '../shared/sanitize';
import { PageRenderer } from '../../src/renderer/PageRenderer';
import { preloadBlockTypes } from '../../src/renderer/registry';
import type { RenderMode } from '../../src/renderer/types';
import type { ResponsiveOverrides } from '../../src/core/blocks/responsive';

/** A child block for a container under test; items nest. */
export interface TestItem {
  type: string;
  properties?: Record<string, unknown>;
  items?: TestItem[];
}

export interface RenderBlockOptions {
  /** Page mode (§4); native unless told. */
  mode?: RenderMode;
  /** Children of the block, drawn through the real renderer as a container's children. */
  items?: TestItem[];
  /** Where the memory router starts. */
  path?: string;
  /** Per-breakpoint overrides of the block (its `responsive`). */
  responsive?: ResponsiveOverrides;
}

export interface RenderBlockResult extends RenderResult {
  /** The block as drawn: envelope and properties complete with the schema defaults. */
  block: BlockData;
  /** What the schema said about the properties (tests of invalid input may expect some). */
  errors: ValidationError[];
  /** The memory router, so a test can navigate (e.g. §4 "closes on page change"). */
  router: ReturnType<typeof createMemoryRouter>;
  /** The block's grid cell: the renderer sets its per-device declarations (responsiveStyle) here. */
  cell: HTMLElement;
}

// Vitest runs without globals here, so testing-library cannot unmount between tests on its own.
afterEach(() => cleanup());

let registry: SchemaRegistry | undefined;
/** Compiling every schema is slow; once per test file is enough. */
export const testRegistry = (): SchemaRegistry => (registry ??= createSchemaRegistry(readSchemaSet()));

// Schema compilation and the server's sanitiser window are made once per file, outside any one test's time limit.
beforeAll(() => {
  sanitizeBlockHtml(testRegistry(), [{ type: 'textBlock', properties: { text: '<p>warm</p>' } }]);
}, 60_000);

let uid = 0;
const toBlock = (item: TestItem, order: number): BlockData =>
  ({
    uid: `test-${item.type}-${++uid}`,
    type: item.type,
    order,
    properties: structuredClone(item.properties ?? {}),
    items: (item.items ?? []).map(toBlock),
  }) as unknown as BlockData;

const typesOf = (block: BlockData): string[] => [block.type, ...block.items.flatMap(typesOf)];

/** Builds a complete block (schema defaults filled in, like the server does) without drawing it. */
export function buildBlock(type: string, properties: Record<string, unknown> = {}, items: TestItem[] = [], responsive?: ResponsiveOverrides): { block: BlockData; errors: ValidationError[] } {
  const block = toBlock({ type, properties, items }, 0);
  if (responsive) block.responsive = structuredClone(responsive);
  const errors = testRegistry().validateBlocks([block]);
  return { block, errors };
}

/**
 * Draws one block the way a page does: defaults from the schema registry, the real PageRenderer, a memory
 * router (SafeLink needs one), the component already loaded so the first paint is the block, not the fallback.
 * Invalid properties are drawn anyway (and reported in `errors`) so tests can check how a block copes.
 */
export async function renderBlock(type: string, properties: Record<string, unknown> = {}, opts: RenderBlockOptions = {}): Promise<RenderBlockResult> {
  const { block, errors } = buildBlock(type, properties, opts.items, opts.responsive);
  const mode = opts.mode ?? 'native';
  // As in the product: a shopper sees the page as the server stored it (HTML sanitised on write); the builder's
  // preview sanitises what has not been saved yet.
  if (mode === 'preview') installHtmlSanitizers(createHtmlSanitizers(window));
  else {
    installHtmlSanitizers(null);
    sanitizeBlockHtml(testRegistry(), [block]);
  }
  await preloadBlockTypes(typesOf(block));
  const router = createMemoryRouter([{ path: '*', element: <PageRenderer blocks={[block]} mode={mode} /> }], {
    initialEntries: [opts.path ?? '/'],
  });
  let result!: RenderResult;
  await act(async () => {
    result = render(<RouterProvider router={router} />);
  });
  const cell = result.container.querySelector<HTMLElement>(`[data-block-uid="${block.uid}"]`)!;
  return Object.assign(result, { block, errors, router, cell });
}
