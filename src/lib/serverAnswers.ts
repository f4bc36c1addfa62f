import { createContext } from 'react';
import type { PreloadedAnswer } from './preloaded';

/**
 * While the server renders a page, reads suspend on this instead of fetching in an effect: one promise per
 * address per request, so every block's data is asked for in the same render and the HTML already shows it.
 */
export interface ServerAnswers {
  load(url: string): Promise<PreloadedAnswer>;
  /**
   * What the address names turned out not to exist once its data was known (a creator or help question): the server
   * draws the store's not-found page in its place, and the browser moves to /404/ as the app does.
   */
  notFound(): void;
}

export const ServerAnswersContext = createContext<ServerAnswers | null>(null);
