/**
 * The browser's copy of the answers the server sent with the first page. Each answer is used by the first page
 * only: after the first navigation they are dropped, so later screens always show fresh data.
 */
import type { PreloadedAnswer, PreloadedAnswers } from '../core/api/preloaded';

export { DRAWN_PATH_ATTRIBUTE, PRELOADED_ELEMENT_ID, type PreloadedAnswer, type PreloadedAnswers } from '../core/api/preloaded';

let answers = new Map<string, PreloadedAnswer>();

/** The browser's copy, read once from the page; empty when the server sent no rendered page. */
export function loadPreloadedAnswers(json: string | null | undefined): void {
  if (!json) return;
  try {
    answers = new Map(Object.entries(JSON.parse(json) as PreloadedAnswers));
  } catch {
    answers = new Map();
  }
}

export const peekPreloaded = (path: string): PreloadedAnswer | undefined => answers.get(path);

/** Forgets the first page's answers (called once the shopper moves on). */
export function dropPreloaded(): void {
  answers = new Map();
}
