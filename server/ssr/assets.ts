import fs from 'node:fs';
import path from 'node:path';

/** Vite's build manifest (build.manifest): each source module's chunk, its stylesheets and the chunks it imports. */
export type ClientManifest = Record<string, { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }>;

export function readClientManifest(clientDir: string): ClientManifest {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as ClientManifest) : {};
}

/** The built files a server-drawn page needs beyond the entry: stylesheets and scripts, as paths under the client folder. */
export interface PageAssets {
  stylesheets: string[];
  scripts: string[];
}

/**
 * Stylesheets and scripts of lazily loaded source modules (a page's block components, a product screen) and the
 * chunks they import, leaving out what the entry already loads. Without them the server's HTML would draw unstyled
 * until the browser found the chunks one by one.
 */
export function clientAssets(manifest: ClientManifest, modules: Iterable<string>): PageAssets {
  const inEntry = new Set<string>();
  const visitEntry = (key: string) => {
    if (inEntry.has(key)) return;
    inEntry.add(key);
    for (const imported of manifest[key]?.imports ?? []) visitEntry(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visitEntry(key);

  const seen = new Set<string>();
  const css = new Set<string>();
  const scripts = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || inEntry.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    scripts.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of modules) visit(key);
  return { stylesheets: [...css], scripts: [...scripts] };
}

/** The text of built stylesheets, read once each (built files never change while the server runs). */
export function stylesheetReader(clientDir: string): (file: string) => string {
  const cache = new Map<string, string>();
  return (file) => {
    let text = cache.get(file);
    if (text === undefined) {
      const full = path.join(clientDir, file);
      // Only files inside the client folder; a stylesheet that is missing is left to its <link>.
      text = full.startsWith(path.join(clientDir, path.sep)) && fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : '';
      cache.set(file, text);
    }
    return text;
  };
}

/** `</style` inside a stylesheet would end the inline element early; CSS never needs that sequence. */
const inlineCss = (css: string) => css.replace(/<\/style/gi, '<\\/style');

/**
 * The head of a server-drawn page carries its stylesheets inline, so the first paint waits for the HTML alone and not
 * for a dozen small files one round trip each. The entry's own `<link rel="stylesheet">` is replaced by its text. Each
 * inlined sheet is also named by a disabled link (`present`), which the browser never fetches but the client's chunk
 * loader reads as "already on the page", so hydration is not held back to fetch a sheet whose rules are there.
 */
export function inlineStylesheets(indexHtml: string, pageStylesheets: string[], read: (file: string) => string): { html: string; css: string; present: string[] } {
  const entrySheets: string[] = [];
  const html = indexHtml.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">\s*/g, (tag, file: string) => {
    if (!read(file)) return tag;
    entrySheets.push(file);
    return '';
  });
  const inlined = [...entrySheets, ...pageStylesheets.filter((file) => read(file))];
  const css = inlined.map((file) => inlineCss(read(file))).join('\n');
  return { html, css, present: inlined.map((file) => `<link rel="stylesheet" href="/${file}" disabled>`) };
}

/** The entry's module script and module preloads as the build wrote them into index.html. */
const ENTRY_SCRIPT = /<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload"(?: crossorigin)? href="([^"]+)">\s*/g;

/**
 * A server-drawn page is read before it is used: its scripts start once the page has painted and its first large
 * image (the one marked fetchpriority="high") has arrived, or after the first-paint fallback of 1 s (§4, §9). Until
 * then the HTML, its inline styles and that image have the connection to themselves; the forms drawn by the server
 * keep their submit buttons off and taps are kept for the app (src/lib/earlyClicks.ts), so nothing is lost meanwhile.
 * The entry starts first; its module preloads and the fonts follow, a few per task (HINTS_PER_TASK).
 * The theme's fonts (`fonts`, their URLs) are asked for at the same moment, so they are there when the app adds them.
 * Returns the page without the entry's script tags and the inline loader that adds them (with `preloads`) later.
 */
export function deferScripts(indexHtml: string, preloads: string[], fonts: string[] = []): { html: string; loader: string } {
  const entry = ENTRY_SCRIPT.exec(indexHtml)?.[1];
  if (!entry) return { html: indexHtml, loader: '' };
  const modules = [...indexHtml.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  const html = indexHtml.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '');
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  const urls = json([...new Set([...modules, ...preloads.map((file) => `/${file}`)])]);
  const loader = `<script>(function(){var entry=${json(entry)},preloads=${urls},fonts=${json(fonts)},started=false;
function link(rel,href,as){var l=document.createElement("link");l.rel=rel;if(as){l.as=as;l.type="font/woff2"}l.crossOrigin="";l.href=href;return l}
function start(){if(started)return;started=true;
var s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=entry;document.head.appendChild(s);
var links=fonts.map(function(href){return link("preload",href,"font")}).concat(preloads.map(function(href){return link("modulepreload",href)}));
(function next(){var batch=links.splice(0,${HINTS_PER_TASK});if(!batch.length)return;var tags=document.createDocumentFragment();
batch.forEach(function(l){tags.appendChild(l)});document.head.appendChild(tags);setTimeout(next,0)})()}
function afterImage(){var img=document.querySelector('#root img[fetchpriority="high"]');
if(!img||img.complete)return start();img.addEventListener("load",start);img.addEventListener("error",start)}
setTimeout(start,${FIRST_PAINT_FALLBACK_MS});
try{new PerformanceObserver(function(list,observer){observer.disconnect();afterImage()}).observe({type:"paint",buffered:true})}catch(e){afterImage()}})();</script>`;
  return { html, loader };
}

/**
 * Each resource hint added to the page costs the browser some work at once (a few milliseconds for a handful on a
 * phone): they are added a few per task, so adding forty never makes one long task.
 */
const HINTS_PER_TASK = 6;

/** §9 timings: first-paint fallback 1 s. */
export const FIRST_PAINT_FALLBACK_MS = 1000;
