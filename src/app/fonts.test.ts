import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createFontLoader,
  WEBFONTS_FAILED,
  WEBFONTS_LOADED,
  type FontEnvironment,
  type WebfontsEventDetail,
} from './fonts';
import { FONT_LOAD_TIMEOUT_MS, FONT_WEIGHTS, fontSlug, fontUrl } from '../core/theme/fonts';

/** A FontFace whose load() the test settles by family name. */
class FakeFace {
  static made: FakeFace[] = [];
  static outcome: (family: string) => 'load' | 'fail' | 'hang' = () => 'load';
  constructor(
    readonly family: string,
    readonly source: string,
    readonly descriptors: FontFaceDescriptors = {},
  ) {
    FakeFace.made.push(this);
  }
  get weight() {
    return this.descriptors.weight ?? 'normal';
  }
  load(): Promise<FakeFace> {
    const outcome = FakeFace.outcome(this.family);
    if (outcome === 'load') return new Promise((resolve) => setTimeout(() => resolve(this), 50));
    if (outcome === 'fail') return new Promise((_, reject) => setTimeout(() => reject(new Error('NetworkError')), 50));
    return new Promise(() => undefined);
  }
}

let events: CustomEvent<WebfontsEventDetail>[];
let added: unknown[];
const env = (overrides: Partial<FontEnvironment> = {}): FontEnvironment => ({
  FontFace: FakeFace as unknown as FontEnvironment['FontFace'],
  fonts: { add: (face) => added.push(face) },
  target: { dispatchEvent: (event) => (events.push(event as CustomEvent<WebfontsEventDetail>), true) },
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
  whenSafeToJoin: (join) => join(),
  ...overrides,
});

beforeEach(() => {
  vi.useFakeTimers();
  FakeFace.made = [];
  FakeFace.outcome = () => 'load';
  events = [];
  added = [];
});
afterEach(() => vi.useRealTimers());

it('§9: the font load timeout is about 3 s', () => {
  expect(FONT_LOAD_TIMEOUT_MS).toBe(3000);
  expect(FONT_WEIGHTS).toEqual([400, 700]);
});

it('maps a family to the self-hosted URL the server serves', () => {
  expect(fontSlug('DM Serif Display')).toBe('dm-serif-display');
  expect(fontUrl('Open Sans', 700)).toBe('/fonts/open-sans/700.woff2');
  expect(fontSlug('../../etc/passwd')).toBe('etc-passwd');
});

describe('createFontLoader', () => {
  it('registers each family at 400 and 700 with display swap, then emits webfonts-loaded once', async () => {
    const load = createFontLoader(env());
    const done = load(['Lato', 'Playfair Display', 'Lato']);
    expect(FakeFace.made.map((f) => [f.family, f.source, f.descriptors.weight, f.descriptors.display])).toEqual([
      ['Lato', 'url(/fonts/lato/400.woff2) format("woff2")', '400', 'swap'],
      ['Lato', 'url(/fonts/lato/700.woff2) format("woff2")', '700', 'swap'],
      ['Playfair Display', 'url(/fonts/playfair-display/400.woff2) format("woff2")', '400', 'swap'],
      ['Playfair Display', 'url(/fonts/playfair-display/700.woff2) format("woff2")', '700', 'swap'],
    ]);
    // The faces join the document together once all have loaded: the page's text is laid out again once, not four times.
    expect(added).toHaveLength(0);
    expect(events).toHaveLength(0); // nothing before the faces load
    await vi.advanceTimersByTimeAsync(50);
    expect(added).toEqual(FakeFace.made);
    expect(await done).toMatchObject({ event: WEBFONTS_LOADED, loaded: ['Lato', 'Playfair Display'], failed: [] });
    expect(events.map((e) => e.type)).toEqual(['webfonts-loaded']);
    expect(events[0]!.detail).toEqual({ loaded: ['Lato', 'Playfair Display'], failed: [], timedOut: false });

    // Once per page load: a second call (e.g. a re-render) neither reloads nor re-emits.
    expect(await load(['Roboto'])).toMatchObject({ event: WEBFONTS_LOADED });
    await vi.advanceTimersByTimeAsync(FONT_LOAD_TIMEOUT_MS * 2);
    expect(FakeFace.made).toHaveLength(4);
    expect(events).toHaveLength(1);
  });

  it('emits webfonts-failed-to-load when a face fails to load (e.g. offline), naming the family', async () => {
    FakeFace.outcome = (family) => (family === 'Custom Brand' ? 'fail' : 'load');
    const done = createFontLoader(env())(['Lato', 'Custom Brand']);
    await vi.advanceTimersByTimeAsync(50);
    expect(await done).toMatchObject({ event: WEBFONTS_FAILED, loaded: ['Lato'], failed: ['Custom Brand'], timedOut: false });
    expect(events.map((e) => e.type)).toEqual(['webfonts-failed-to-load']);
    // The timer was cleared: nothing more is emitted later.
    await vi.advanceTimersByTimeAsync(FONT_LOAD_TIMEOUT_MS);
    expect(events).toHaveLength(1);
  });

  it('emits webfonts-failed-to-load at the timeout when a face has not loaded by then, and nothing after', async () => {
    FakeFace.outcome = (family) => (family === 'Slow' ? 'hang' : 'load');
    const done = createFontLoader(env())(['Lato', 'Slow']);
    await vi.advanceTimersByTimeAsync(FONT_LOAD_TIMEOUT_MS - 1);
    expect(events).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(await done).toMatchObject({ event: WEBFONTS_FAILED, loaded: ['Lato'], failed: ['Slow'], timedOut: true });
    expect(events.map((e) => e.type)).toEqual(['webfonts-failed-to-load']);
    // What had loaded by the timeout is in the document; the slow family never held it back.
    expect(added.map((face) => (face as FakeFace).family)).toEqual(['Lato', 'Lato']);
  });

  it('a face that loads just after the timeout does not turn the failure into success', async () => {
    FakeFace.outcome = () => 'load';
    const slowEnv = env();
    const load = createFontLoader({ ...slowEnv, setTimeout: (fn) => setTimeout(fn, 10) }); // timeout before the 50 ms load
    const done = load(['Lato']);
    await vi.advanceTimersByTimeAsync(100);
    expect((await done).event).toBe(WEBFONTS_FAILED);
    expect(events.map((e) => e.type)).toEqual(['webfonts-failed-to-load']);
    // It still joins the document when it arrives.
    expect(added).toHaveLength(2);
  });

  it('loaded faces wait for the moment the environment says is safe, and late ones too', async () => {
    const joins: (() => void)[] = [];
    const load = createFontLoader(env({ whenSafeToJoin: (join) => joins.push(join), setTimeout: (fn) => setTimeout(fn, 10) }));
    FakeFace.outcome = () => 'load';
    const done = load(['Lato']);
    await vi.advanceTimersByTimeAsync(100);
    // Reported (the timeout came first, the faces after it) but not yet in the document.
    expect((await done).event).toBe(WEBFONTS_FAILED);
    expect(added).toHaveLength(0);
    joins.forEach((join) => join());
    expect(added).toHaveLength(2);
  });

  it('without the Font Loading API the page keeps its fallbacks and reports failure', async () => {
    const done = createFontLoader(env({ FontFace: undefined }))(['Lato']);
    expect(await done).toMatchObject({ event: WEBFONTS_FAILED, failed: ['Lato'] });
    expect(events.map((e) => e.type)).toEqual(['webfonts-failed-to-load']);
  });

  it('a theme with no web fonts reports success at once', async () => {
    const done = createFontLoader(env())([]);
    expect(await done).toMatchObject({ event: WEBFONTS_LOADED, loaded: [], failed: [] });
    expect(FakeFace.made).toHaveLength(0);
  });
});
