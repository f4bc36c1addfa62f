/**
 * The store set-up progress a page save answered: a save of the store's homepage answers the page plus
 * `setup` (src/core/setupSteps.ts, docs/builder-contract.md). save.ts takes it off the page before the editor store
 * sees the page, and hands it to whoever listens here (the toolbar's set-up confirmation), so the builder reacts
 * without another request.
 */
import type { PageSaveSetup } from '../core/setupSteps';

export interface SetupProgressEvent {
  divisionId: number;
  pageId: number;
  setup: PageSaveSetup;
}

type Listener = (event: SetupProgressEvent) => void;

const listeners = new Set<Listener>();

/** Calls `listener` after each page save that answered set-up progress; returns the unsubscribe function. */
export function onSetupProgress(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function publishSetupProgress(event: SetupProgressEvent): void {
  for (const listener of [...listeners]) listener(event);
}

/** The page of a save response without its `setup`, which is published (when present). */
export function takeSetup<P extends { id: number }>(divisionId: number, response: P & { setup?: PageSaveSetup }): P {
  if (!response || typeof response !== 'object' || !('setup' in response)) return response;
  const { setup, ...page } = response;
  if (setup) publishSetupProgress({ divisionId, pageId: page.id, setup });
  return page as unknown as P;
}
