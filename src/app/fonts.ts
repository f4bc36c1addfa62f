import { FONT_LOAD_TIMEOUT_MS, FONT_WEIGHTS, fontSlug, fontSource } from '../core/theme/fonts';

/**
 * Web fonts of the store theme (§8, §9). The families are self-hosted by the server (GET /fonts/{slug}/{weight}.woff2,
 * server/api/fonts), so no third-party request is made. Text is drawn at once in the fallback stacks of
 * src/core/theme/fonts.ts (the theme's CSS variables carry them) and swaps to the web font when it arrives
 * (font-display: swap); with no network the page simply stays in the fallbacks.
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
}

export type FontLoadResult = { event: typeof WEBFONTS_LOADED | typeof WEBFONTS_FAILED } & WebfontsEventDetail;

/**
 * A loader that runs once: the first call registers a face per family and weight (display swap), loads them all,
 * and dispatches WEBFONTS_LOADED when every face loaded within FONT_LOAD_TIMEOUT_MS, else WEBFONTS_FAILED
 * (a face failed, the timeout expired first, or the browser cannot load fonts). Later calls return the same result.
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
    let settled = false;
    const finish = (timedOut: boolean) => {
      if (settled) return;
      settled = true;
      env.clearTimeout(timer);
      resolve(report(timedOut ? new Set([...failed, ...pending]) : failed, timedOut));
    };
    const timer = env.setTimeout(() => finish(true), FONT_LOAD_TIMEOUT_MS);
    const loads = families.map(async (family) => {
      const results = await Promise.allSettled(
        FONT_WEIGHTS.map(async (weight) => {
          const face = new Face(family, fontSource(family, weight), { weight: String(weight), style: 'normal', display: 'swap' });
          fonts.add(face);
          await face.load();
        }),
      );
      if (results.some((r) => r.status === 'rejected')) failed.add(family);
      pending.delete(family);
    });
    void Promise.all(loads).then(() => finish(false));
  });
}

let browserLoader: ((families: readonly string[]) => Promise<FontLoadResult>) | null = null;

/** Loads the store theme's fonts (StoreTheme.fonts) in this page; once per page load. */
export function loadThemeFonts(families: readonly string[]): Promise<FontLoadResult> {
  browserLoader ??= createFontLoader({
    FontFace: typeof FontFace === 'function' ? FontFace : undefined,
    fonts: typeof document !== 'undefined' ? document.fonts : undefined,
    target: window,
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (id) => window.clearTimeout(id as number),
  });
  return browserLoader(families);
}
