/**
 * The answers the server already fetched while rendering the first page, handed to the browser in the HTML so
 * the hydrating app reads them instead of asking again: the format both sides agree on.
 */
export type PreloadedAnswer = { data: unknown } | { status: number; message: string; errors?: Record<string, string[]> };
export type PreloadedAnswers = Record<string, PreloadedAnswer>;

/** The id of the <script type="application/json"> element that carries the answers and the store core data. */
export const PRELOADED_ELEMENT_ID = 'pod-data';

/**
 * On #root when the server drew another address than the one asked for (the not-found page, /404/, in place of an
 * unknown address): the app takes the drawing over once its router has moved there.
 */
export const DRAWN_PATH_ATTRIBUTE = 'data-drawn-path';
