import { createContext } from 'react';
import type { PreloadedAnswer } from './preloaded';

/**
 * While the server renders a page, reads suspend on this instead of fetching in an effect: one promise per
 * address per request, so every block's data is asked for in the same render and the HTML already shows it.
 */
export interface ServerAnswers {
  load(url: string): Promise<PreloadedAnswer>;
}

export const ServerAnswersContext = createContext<ServerAnswers | null>(null);
