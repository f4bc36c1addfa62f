/**
 * Outside-editor bridge (§1, §4 Editor mode). When the builder runs embedded in an outside
 * editor (an iframe), that editor drives it with window.postMessage. The protocol is documented in
 * docs/editor-bridge.md. Messages are accepted only from the configured origins; every accepted request gets
 * exactly one reply, posted back to event.source with the same requestId.
 */
import { useEffect } from 'react';
import { ApiError } from '../lib/api';
import { upsertBlocks as upsertTree } from '../core/blocks/tree';
import type { BlockData, PageDocument } from '../core/storeData';
import { editorRegistry } from './schemas';
import { upgradeAndValidateBlocks } from '../core/schemas/upgradeAndValidate';
import { createPage, fetchPage, patchPage, saveBody } from './save';
import { useEditorStore, type EditorStoreApi, type PagePatch } from './store';

export const BRIDGE_PREFIX = 'pod:';
export const bridgeMessages = {
  notFound: 'Page not found',
  badRequest: 'Invalid message',
  unknownType: 'Unknown message type',
  noStore: 'No store is open in the editor',
} as const;

export type BridgeRequest =
  | { type: 'pod:fetch-page'; requestId: string | number; pageId?: number }
  | { type: 'pod:update-page'; requestId: string | number; pageId?: number; page: PagePatch }
  | { type: 'pod:update-blocks'; requestId: string | number; pageId?: number; blocks: unknown[] }
  | { type: 'pod:create-page'; requestId: string | number; page: Record<string, unknown> };

export type BridgeReply =
  | { type: string; requestId: string | number; ok: true; page: PageDocument; replaced?: string[]; inserted?: string[] }
  | { type: string; requestId: string | number; ok: false; message: string; errors?: Record<string, string[]> };

/** The pages API the bridge uses for pages other than the one open in the editor (injectable for tests). */
export interface BridgePagesApi {
  fetch(divisionId: number, pageId: number): Promise<PageDocument>;
  patch(divisionId: number, pageId: number, body: Record<string, unknown>): Promise<PageDocument>;
  create(divisionId: number, body: Record<string, unknown>): Promise<PageDocument>;
}

export interface BridgeOptions {
  /** Exact origins (scheme://host[:port]) whose messages are accepted; everything else is ignored. */
  allowedOrigins: readonly string[];
  /** The store's division; defaults to the division of the page open in the editor. */
  divisionId?: number;
  store: EditorStoreApi;
  pages?: BridgePagesApi;
  /** Where to listen (default window). */
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

const defaultPages: BridgePagesApi = { fetch: fetchPage, patch: patchPage, create: createPage };

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const PAGE_PATCH_KEYS = ['url', 'layout', 'published', 'sitemap', 'theme', 'properties'] as const;

class BridgeFailure extends Error {
  constructor(
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

const failureOf = (error: unknown): BridgeFailure => {
  if (error instanceof BridgeFailure) return error;
  if (error instanceof ApiError) return new BridgeFailure(error.status === 404 ? bridgeMessages.notFound : error.message, error.errors);
  return new BridgeFailure(error instanceof Error ? error.message : String(error));
};

/** Only the page fields a bridge may change. */
function pagePatchOf(value: unknown): PagePatch {
  if (!isObject(value)) throw new BridgeFailure(bridgeMessages.badRequest);
  const patch: Record<string, unknown> = {};
  for (const key of PAGE_PATCH_KEYS) if (key in value) patch[key] = value[key];
  if (patch.properties !== undefined && !isObject(patch.properties)) throw new BridgeFailure(bridgeMessages.badRequest);
  return patch as PagePatch;
}

export function createEditorBridge(options: BridgeOptions) {
  const store = options.store;
  const pages = options.pages ?? defaultPages;
  const allowed = new Set(options.allowedOrigins);

  const division = () => {
    const id = options.divisionId ?? store.getState().divisionId;
    if (id === null || id === undefined) throw new BridgeFailure(bridgeMessages.noStore);
    return id;
  };

  /** The page open in the editor when the request names it (or names none). */
  const openPage = (pageId: unknown): PageDocument | null => {
    const page = store.getState().page;
    if (pageId === undefined || pageId === null) {
      if (!page) throw new BridgeFailure(bridgeMessages.notFound);
      return page;
    }
    if (typeof pageId !== 'number' || !Number.isSafeInteger(pageId) || pageId <= 0) throw new BridgeFailure(bridgeMessages.notFound);
    return page && page.id === pageId ? page : null;
  };

  async function run(message: Record<string, unknown>): Promise<Omit<Extract<BridgeReply, { ok: true }>, 'type' | 'requestId'>> {
    switch (message.type) {
      case 'pod:fetch-page': {
        const open = openPage(message.pageId);
        return { ok: true, page: open ?? (await pages.fetch(division(), message.pageId as number)) };
      }
      case 'pod:update-page': {
        const patch = pagePatchOf(message.page);
        const open = openPage(message.pageId);
        if (open) {
          store.getState().updatePage(patch);
          return { ok: true, page: store.getState().page! };
        }
        const divisionId = division();
        const current = await pages.fetch(divisionId, message.pageId as number);
        const body = { ...patch, properties: { ...current.properties, ...(patch.properties ?? {}) }, version: current.version };
        return { ok: true, page: await pages.patch(divisionId, current.id, body) };
      }
      case 'pod:update-blocks': {
        if (!Array.isArray(message.blocks)) throw new BridgeFailure(bridgeMessages.badRequest);
        const open = openPage(message.pageId);
        if (open) {
          const result = store.getState().upsertBlocks(message.blocks);
          if (!result.ok) throw new BridgeFailure(result.message);
          return { ok: true, page: store.getState().page!, replaced: result.replaced, inserted: result.inserted };
        }
        const divisionId = division();
        const current = await pages.fetch(divisionId, message.pageId as number);
        const { blocks: incoming, errors } = upgradeAndValidateBlocks(editorRegistry(), structuredClone(message.blocks) as BlockData[]);
        if (errors.length > 0) throw new BridgeFailure(errors.map((e) => `${e.path}: ${e.message}`).join('; '));
        const result = upsertTree(current.blocks, incoming);
        const saved = await pages.patch(divisionId, current.id, saveBody({ ...current, blocks: result.blocks }, current.version));
        return { ok: true, page: saved, replaced: result.replaced, inserted: result.inserted };
      }
      case 'pod:create-page': {
        if (!isObject(message.page)) throw new BridgeFailure(bridgeMessages.badRequest);
        return { ok: true, page: await pages.create(division(), message.page) };
      }
      default:
        throw new BridgeFailure(bridgeMessages.unknownType);
    }
  }

  /** Handles one message event; resolves once the reply is posted (ignored messages resolve at once). */
  async function handle(event: MessageEvent): Promise<void> {
    if (!allowed.has(event.origin)) return; // not a configured origin: ignored, no reply
    const message = event.data as unknown;
    if (!isObject(message) || typeof message.type !== 'string' || !message.type.startsWith(BRIDGE_PREFIX)) return;
    const requestId = message.requestId;
    if (typeof requestId !== 'string' && typeof requestId !== 'number') return; // cannot be answered
    const source = event.source as { postMessage: (message: unknown, targetOrigin: string) => void } | null;
    let reply: BridgeReply;
    try {
      reply = { type: `${message.type}:result`, requestId, ...(await run(message)) };
    } catch (error) {
      const failure = failureOf(error);
      reply = { type: `${message.type}:result`, requestId, ok: false, message: failure.message, ...(failure.errors && Object.keys(failure.errors).length > 0 ? { errors: failure.errors } : {}) };
    }
    source?.postMessage(JSON.parse(JSON.stringify(reply)) as BridgeReply, event.origin);
  }

  const listener = (event: Event) => void handle(event as MessageEvent);
  const target = options.target ?? (typeof window === 'undefined' ? undefined : window);
  target?.addEventListener('message', listener);

  return {
    handle,
    dispose() {
      target?.removeEventListener('message', listener);
    },
  };
}

/** Mounts the bridge while the editor screen is open (only when an allow-list is configured). */
export function useEditorBridge(allowedOrigins: readonly string[]): void {
  const store = useEditorStore();
  const key = allowedOrigins.join(' ');
  useEffect(() => {
    if (!key) return undefined;
    const bridge = createEditorBridge({ allowedOrigins: key.split(' '), store });
    return bridge.dispose;
  }, [key, store]);
}
