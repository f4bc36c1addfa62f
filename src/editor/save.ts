/** Page persistence for the editor (§4 Page save, §7 pages API) and the leave-with-unsaved-changes prompt. */
import { useEffect } from 'react';
import { api, ApiError, GENERIC_ERROR } from '../lib/api';
import type { PageDocument } from '../core/storeData';
import { takeSetup } from './setupProgress';

/** §4: the saving indicator stays on this long after a save settles. */
export const SAVE_INDICATOR_MS = 500;

/** The page fields a save sends (the server owns id, uuid, division, timestamps; `version` guards concurrency). */
export const PAGE_FIELDS = ['url', 'temporaryUrl', 'layout', 'blocks', 'flags', 'properties', 'preloadables', 'published', 'sitemap', 'theme'] as const;

export const pagePath = (divisionId: number, pageId?: number) => `divisions/${divisionId}/pages/${pageId === undefined ? '' : `${pageId}/`}`;

/** The body of a PATCH: the page's writable fields plus the version this copy was edited from. */
export function saveBody(page: PageDocument, version: number): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of PAGE_FIELDS) if (key in page) body[key] = page[key as keyof PageDocument];
  body.version = version;
  return body;
}

export function fetchPage(divisionId: number, pageId: number, signal?: AbortSignal): Promise<PageDocument> {
  return api<PageDocument>(`${pagePath(divisionId, pageId)}?imageType=object`, { signal });
}

/** A homepage save also answers the store's set-up progress: taken off the page here and published (setupProgress.ts). */
export async function patchPage(divisionId: number, pageId: number, body: Record<string, unknown>): Promise<PageDocument> {
  return takeSetup(divisionId, await api<PageDocument>(`${pagePath(divisionId, pageId)}?imageType=object`, { method: 'PATCH', body }));
}

export async function createPage(divisionId: number, body: Record<string, unknown>): Promise<PageDocument> {
  return takeSetup(divisionId, await api<PageDocument>(`${pagePath(divisionId)}?imageType=object`, { method: 'POST', body }));
}

export type SaveOutcome = 'saved' | 'conflict' | 'invalid' | 'pro-required' | 'error';

export type SaveResult =
  | { outcome: 'saved'; page: PageDocument }
  | { outcome: Exclude<SaveOutcome, 'saved'>; message: string; errors: Record<string, string[]> };

/** PATCHes the page with `version` and maps the answer: 409 conflict, 422 invalid, 402 Pro, anything else error. */
export async function savePage(divisionId: number, page: PageDocument, version: number): Promise<SaveResult> {
  try {
    return { outcome: 'saved', page: await patchPage(divisionId, page.id, saveBody(page, version)) };
  } catch (error) {
    if (!(error instanceof ApiError)) return { outcome: 'error', message: GENERIC_ERROR, errors: {} };
    const outcome: Exclude<SaveOutcome, 'saved'> =
      error.status === 409 ? 'conflict' : error.status === 422 ? 'invalid' : error.status === 402 ? 'pro-required' : 'error';
    return { outcome, message: error.message || GENERIC_ERROR, errors: error.errors ?? {} };
  }
}

/** The wording the browser may show (most browsers show their own text instead). */
export const UNSAVED_CHANGES_MESSAGE = 'You have unsaved changes. Leave this page and lose them?';

/** The beforeunload handler: asks before the tab closes or navigates away while `isDirty()` holds. */
export function unsavedChangesHandler(isDirty: () => boolean) {
  return (event: BeforeUnloadEvent) => {
    if (!isDirty()) return undefined;
    event.preventDefault();
    // Older browsers need returnValue set (and returned) to show the prompt.
    event.returnValue = UNSAVED_CHANGES_MESSAGE;
    return UNSAVED_CHANGES_MESSAGE;
  };
}

/**
 * Asks before leaving the page (closing the tab, reloading, typing another address) while `dirty`. The store
 * exports useUnsavedChangesPrompt(), which reads `dirty` itself. In-app navigation is the router's business
 * (react-router's useBlocker in the editor screen).
 */
export function useBeforeUnloadPrompt(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return undefined;
    const handler = unsavedChangesHandler(() => true);
    window.addEventListener('beforeunload', handler);
    return () => window.removeEventListener('beforeunload', handler);
  }, [dirty]);
}
