import { createContext } from 'react';
import type { PreloadedAnswer } from './preloaded';

/**
 * While the server renders a page, reads suspend on this instead of fetching in an effect: one promise per
 * address per request, so every block's data is asked for in the same render and the HTML already shows it.
 */
export interface ServerAnswers {
  load(url: string): Promise<PreloadedAnswer>;
  /**
   * The page sends the visitor elsewhere once its data is known (a creator or help question that does not exist):
   * the server cannot draw a redirect, so it serves the app shell and the browser follows it.
   */
  leaveToBrowser(): void;
}

export const ServerAnswersContext = createContext<ServerAnswers | null>(null);
