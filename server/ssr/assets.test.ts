import { describe, expect, it } from 'vitest';
import { clientAssets, deferScripts, FIRST_PAINT_FALLBACK_MS, inlineStylesheets, type ClientManifest } from './assets';
import { insertBody } from './render';
import { STORE_CORE_DATA_URL } from '../../src/core/storeData';

const FILES: Record<string, string> = {
  'assets/index-1.css': 'body{margin:0}',
  'assets/banner-2.css': '.banner{color:red}',
  'assets/card-3.css': '.card{content:"</style><script>x</script>"}',
};
const read = (file: string) => FILES[file] ?? '';
const INDEX = `<html><head><style data-store-theme>:root{--a:1}</style>
    <script type="module" crossorigin src="/assets/index-9.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-8.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head><body><div id="root"></div></body></html>`;

describe('stylesheets of a server-drawn page', () => {
  it('are inline in the head after the theme (entry first, then the page’s), named by links that are never fetched', () => {
    const html = insertBody(INDEX, { status: 200, html: '<p>Hi</p>', answers: {}, stylesheets: ['assets/banner-2.css'], scripts: ['assets/banner-2.js'], readStylesheet: read });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.indexOf(':root{--a:1}')).toBeLessThan(head.indexOf('<style>body{margin:0}\n.banner{color:red}</style>'));
    // The client's chunk loader counts these as present; a disabled stylesheet link is never downloaded.
    const links = [...html.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((m) => m[0]);
    expect(links).toEqual(['<link rel="stylesheet" href="/assets/index-1.css" disabled>', '<link rel="stylesheet" href="/assets/banner-2.css" disabled>']);
  });

  it('cannot end the style element early, and a sheet that is not there keeps its link', () => {
    const { html, css, present } = inlineStylesheets(INDEX.replace('index-1', 'missing-9'), ['assets/card-3.css'], read);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/missing-9.css">');
    expect(css).not.toMatch(/<\/style/i);
    expect(present).toEqual(['<link rel="stylesheet" href="/assets/card-3.css" disabled>']);
  });

  it('leave out what the entry already loads', () => {
    const manifest: ClientManifest = {
      'src/main.tsx': { file: 'assets/index.js', css: ['assets/index-1.css'], imports: ['_shared.js'], isEntry: true },
      '_shared.js': { file: 'assets/shared.js', css: ['assets/shared.css'] },
      'blocks/banner.tsx': { file: 'assets/banner-2.js', css: ['assets/banner-2.css'], imports: ['_shared.js', '_card.js'] },
      '_card.js': { file: 'assets/card-3.js', css: ['assets/card-3.css'] },
    };
    expect(clientAssets(manifest, ['blocks/banner.tsx'])).toEqual({ stylesheets: ['assets/banner-2.css', 'assets/card-3.css'], scripts: ['assets/banner-2.js', 'assets/card-3.js'] });
  });
});

describe('scripts of a server-drawn page', () => {
  const page = () => insertBody(INDEX, { status: 200, html: '<p>Hi</p>', answers: { a: { data: '</script>' } }, stylesheets: [], scripts: ['assets/banner-2.js'], readStylesheet: read });

  it('are not in the HTML the browser parses: nothing competes with the page and its first image for the connection', () => {
    const html = page();
    // The theme's fonts are asked for with the scripts, from the store data the page was drawn with.
    const core = { data: { state: { subdomain: { theme: { fonts: ['Lato', 'Playfair Display'] } } } } };
    const withFonts = insertBody(INDEX, { status: 200, html: '<p>Hi</p>', answers: { [STORE_CORE_DATA_URL]: core }, stylesheets: [], scripts: [], readStylesheet: read });
    expect(/fonts=(\[[^\]]*\])/.exec(withFonts)![1]).toBe(JSON.stringify(['/fonts/lato/400.woff2', '/fonts/lato/700.woff2', '/fonts/playfair-display/400.woff2', '/fonts/playfair-display/700.woff2']));
    expect(withFonts).not.toMatch(/<link[^>]*as="font"/);
    expect(html).not.toMatch(/<script type="module"/);
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    // The answers come before the loader, so the app finds them when it starts.
    expect(html.indexOf('id="pod-data"')).toBeLessThan(html.indexOf('var entry='));
    expect(html).not.toContain('</script>"');
  });

  /** Runs the inline loader against a small stand-in of the page: what it adds to the head, and its timers. */
  function runLoader(source: string, image: { complete: boolean; addEventListener: (type: string, fn: () => void) => void } | null) {
    const loader = /<script>([\s\S]*?)<\/script>$/.exec(source)![1]!;
    const added: { tag: string; attrs: Record<string, string> }[] = [];
    const timers: { fn: () => void; ms: number }[] = [];
    let paint: (() => void) | undefined;
    type Element = { tag: string } & Record<string, string>;
    const pageDocument = {
      querySelector: (selector: string) => (selector === '#root img[fetchpriority="high"]' ? image : null),
      createElement: (tag: string) => ({ tag }),
      createDocumentFragment: () => ({ children: [] as Element[], appendChild(el: Element) { this.children.push(el); } }),
      head: {
        appendChild: (node: Element | { children: Element[] }) => {
          const elements: Element[] = Array.isArray(node.children) ? node.children : [node as Element];
          elements.forEach((el) => added.push({ tag: el.tag, attrs: { ...el } }));
        },
      },
    };
    class Observer {
      constructor(private fn: (list: unknown, observer: { disconnect(): void }) => void) {}
      observe() {
        paint = () => this.fn([], { disconnect: () => undefined });
      }
    }
    new Function('document', 'PerformanceObserver', 'setTimeout', loader)(pageDocument, Observer, (fn: () => void, ms: number) => timers.push({ fn, ms }));
    /** Runs the timers of the hints added a few per task (0 ms), as the browser would. */
    const flushHints = () => {
      for (let timer = timers.find((t) => t.ms === 0); timer; timer = timers.find((t) => t.ms === 0)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.fn();
      }
    };
    return { added, timers, paint: () => paint!(), flushHints };
  }

  it('start after the first paint and the first large image, or after the 1 s first-paint fallback (§9)', () => {
    expect(FIRST_PAINT_FALLBACK_MS).toBe(1000);
    const listeners: Record<string, () => void> = {};
    const image = { complete: false, addEventListener: (type: string, fn: () => void) => (listeners[type] = fn) };
    const modules = Array.from({ length: 9 }, (_, i) => `assets/block-${i}.js`);
    const page = runLoader(deferScripts(INDEX, modules, ['/fonts/lato/400.woff2']).loader, image);
    expect(page.added).toEqual([]);
    page.paint();
    expect(page.added).toEqual([]); // painted, but the image is still loading
    listeners.load!();
    // The entry first; its preloads and the fonts follow a few per task, so no one task adds forty hints.
    expect(page.added.map((el) => [el.tag, el.attrs.type, el.attrs.src])[0]).toEqual(['script', 'module', '/assets/index-9.js']);
    expect(page.added.length).toBeLessThanOrEqual(7);
    page.flushHints();
    expect(page.added.map((el) => [el.tag, el.attrs.rel ?? el.attrs.type, el.attrs.href ?? el.attrs.src])).toEqual([
      ['script', 'module', '/assets/index-9.js'],
      ['link', 'preload', '/fonts/lato/400.woff2'],
      ['link', 'modulepreload', '/assets/react-8.js'],
      ...modules.map((file) => ['link', 'modulepreload', `/${file}`]),
    ]);
    expect(page.added[1]!.attrs).toMatchObject({ as: 'font', type: 'font/woff2', crossOrigin: '' });
    page.timers.forEach((t) => t.fn()); // the fallback after it changes nothing
    expect(page.added).toHaveLength(12);
  });

  it('add at most six hints in one task', () => {
    const page = runLoader(deferScripts(INDEX, Array.from({ length: 20 }, (_, i) => `assets/block-${i}.js`)).loader, null);
    page.paint();
    const perTask: number[] = [];
    for (let before = page.added.length, timer = page.timers.find((t) => t.ms === 0); timer; timer = page.timers.find((t) => t.ms === 0)) {
      page.timers.splice(page.timers.indexOf(timer), 1);
      timer.fn();
      perTask.push(page.added.length - before);
      before = page.added.length;
    }
    expect(Math.max(...perTask)).toBe(6);
    expect(page.added).toHaveLength(22); // the entry, its preload and twenty blocks
  });

  it('start after 1 s when the page never reports a paint', () => {
    const page = runLoader(deferScripts(INDEX, []).loader, null);
    expect(page.added).toEqual([]);
    expect(page.timers.map((t) => t.ms)).toEqual([1000]);
    page.timers[0]!.fn();
    page.flushHints();
    expect(page.added.map((el) => el.tag)).toEqual(['script', 'link']);
  });
});
