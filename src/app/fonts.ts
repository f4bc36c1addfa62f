import { FONT_LOAD_TIMEOUT_MS, FONT_WEIGHTS, fontSlug, fontSource } from '../core/theme/fonts';

/**
 * Web fonts of the store theme (§8, §9). The families are self-hosted by the server (GET /fonts/{slug}/{weight}.woff2,
 * server/api/fonts), so no third-party request is made. Text is drawn at once in the fallback stacks of
 * src/core/theme/fonts.ts (the theme's CSS variables carry them, each first an installed face drawn to the web
 * font's metrics) and swaps to the web font once it has arrived (on a server-drawn page, with the next page the
 * visitor opens: atNextPageChange); with no network the page simply stays in the fallbacks.
 */

/** §8 window events, dispatched once per page load. */
export const WEBFONTS_LOADED = 'webfonts-loaded';
export const WEBFONTS_FAILED = 'webfonts-failed-to-load';

export interface WebfontsEventDetail {
  /** Families whose every weight loaded. */
  loaded: string[];
  /** Families with a weight that failed or had not loaded when the timeout expired. */
  failed: string[];
  timedOut: boolean;
}

type FontFaceLike = Pick<FontFace, 'load' | 'family' | 'weight'>;
type FontFaceConstructor = new (family: string, source: string, descriptors?: FontFaceDescriptors) => FontFaceLike;

export interface FontEnvironment {
  /** Absent in browsers without the CSS Font Loading API: the page then reports failure and keeps its fallbacks. */
  FontFace: FontFaceConstructor | undefined;
  fonts: { add(face: FontFaceLike): unknown } | undefined;
  target: Pick<EventTarget, 'dispatchEvent'>;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
  /** Runs `join` (loaded faces joining the document) when a relayout will not move what the visitor is reading. */
  whenSafeToJoin: (join: () => void) => void;
}

export type FontLoadResult = { event: typeof WEBFONTS_LOADED | typeof WEBFONTS_FAILED } & WebfontsEventDetail;

/**
 * A loader that runs once: the first call loads a face per family and weight (display swap) and dispatches
 * WEBFONTS_LOADED when every face loaded within FONT_LOAD_TIMEOUT_MS, else WEBFONTS_FAILED (a face failed, the
 * timeout expired first, or the browser cannot load fonts). Later calls return the same result.
 *
 * The faces join the document together once all have settled (or at the timeout, with those loaded by then; a
 * later one joins when it arrives): every face that joins makes the browser lay out the page's text again, which on
 * a long page is a long task a shopper's tap would wait behind, so that happens once rather than once per face.
 * They join when `whenSafeToJoin` says (on a server-drawn page, with the next page the visitor opens): text drawn in
 * the fallbacks never moves while it is being read.
 */
export function createFontLoader(env: FontEnvironment): (families: readonly string[]) => Promise<FontLoadResult> {
  let started: Promise<FontLoadResult> | null = null;
  return (families) => (started ??= run(env, families));
}

function run(env: FontEnvironment, requested: readonly string[]): Promise<FontLoadResult> {
  const families = [...new Set(requested.map((f) => f.trim()).filter((f) => fontSlug(f) !== ''))];
  const report = (failed: ReadonlySet<string>, timedOut: boolean): FontLoadResult => {
    const detail: WebfontsEventDetail = { loaded: families.filter((f) => !failed.has(f)), failed: families.filter((f) => failed.has(f)), timedOut };
    const event = !timedOut && failed.size === 0 ? WEBFONTS_LOADED : WEBFONTS_FAILED;
    env.target.dispatchEvent(new CustomEvent<WebfontsEventDetail>(event, { detail }));
    return { event, ...detail };
  };
  const { FontFace: Face, fonts } = env;
  if (!Face || !fonts) return Promise.resolve(report(new Set(families), false));

  return new Promise<FontLoadResult>((resolve) => {
    const pending = new Set<string>(families);
    const failed = new Set<string>();
    /** Faces loaded and not yet in the document: they join it together. */
    const waiting: FontFaceLike[] = [];
    let settled = false;
    const join = () => waiting.splice(0).forEach((face) => fonts.add(face));
    const finish = (timedOut: boolean) => {
      if (settled) return;
      settled = true;
      env.clearTimeout(timer);
      env.whenSafeToJoin(join);
      resolve(report(timedOut ? new Set([...failed, ...pending]) : failed, timedOut));
    };
    const timer = env.setTimeout(() => finish(true), FONT_LOAD_TIMEOUT_MS);
    const loads = families.map(async (family) => {
      const results = await Promise.allSettled(
        FONT_WEIGHTS.map(async (weight) => {
          const face = new Face(family, fontSource(family, weight), { weight: String(weight), style: 'normal', display: 'swap' });
          await face.load();
          waiting.push(face);
          if (settled) env.whenSafeToJoin(join);
        }),
      );
      if (results.some((r) => r.status === 'rejected')) failed.add(family);
      pending.delete(family);
    });
    void Promise.all(loads).then(() => finish(false));
  });
}

/**
 * For a page the server drew: calls `join` as the visitor leaves it for another page (`onPageChange`, the app's next
 * navigation, as it starts) or as the page is hidden. The swap to the web fonts then happens while the next page the
 * visitor asked for is on its way (which then draws in them from the start), or out of sight; never while they read
 * or reach for a button on the page in front of them. Until then its text stays in its stand-ins, drawn to the web
 * fonts' metrics.
 */
export function atNextPageChange(join: () => void, onPageChange: (listener: () => void) => () => void, doc: Document = document) {
  let stopPage = () => {};
  const done = () => {
    stopPage();
    doc.removeEventListener('visibilitychange', hidden);
    join();
  };
  const hidden = () => doc.visibilityState === 'hidden' && done();
  stopPage = onPageChange(done);
  doc.addEventListener('visibilitychange', hidden);
}

let browserLoader: ((families: readonly string[]) => Promise<FontLoadResult>) | null = null;

/**
 * Loads the store theme's fonts (StoreTheme.fonts) in this page; once per page load. They join the page as soon as
 * they have loaded, or, given `whenSafeToJoin`, when it says (a server-drawn page: atNextPageChange).
 */
export function loadThemeFonts(families: readonly string[], whenSafeToJoin: (join: () => void) => void = (join) => join()): Promise<FontLoadResult> {
  browserLoader ??= createFontLoader({
    FontFace: typeof FontFace === 'function' ? FontFace : undefined,
    fonts: typeof document !== 'undefined' ? document.fonts : undefined,
    target: window,
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (id) => window.clearTimeout(id as number),
    whenSafeToJoin,
  });
  return browserLoader(families);
}
