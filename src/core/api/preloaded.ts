/**
 * The answers the server already fetched while rendering the first page, handed to the browser in the HTML so
 * the hydrating app reads them instead of asking again: the format both sides agree on.
 */
export type PreloadedAnswer = { data: unknown } | { status: number; message: string; errors?: Record<string, string[]> };
export type PreloadedAnswers = Record<string, PreloadedAnswer>;

/** The id of the <script type="application/json"> element that carries the answers and the store core data. */
export const PRELOADED_ELEMENT_ID = 'pod-data';
