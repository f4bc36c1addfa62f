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
 * for a dozen small files one round trip each. The entry's own `<link rel="stylesheet">` is replaced by its text; the
 * page's lazily loaded stylesheets are also linked at the end of the body, where they block nothing, so the client's
 * chunk loader finds them present and does not hold hydration back to fetch them.
 */
export function inlineStylesheets(indexHtml: string, pageStylesheets: string[], read: (file: string) => string): { html: string; css: string; lateLinks: string[] } {
  const entrySheets: string[] = [];
  const html = indexHtml.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">\s*/g, (tag, file: string) => {
    if (!read(file)) return tag;
    entrySheets.push(file);
    return '';
  });
  const inlined = pageStylesheets.filter((file) => read(file));
  const css = [...entrySheets, ...inlined].map((file) => inlineCss(read(file))).join('\n');
  return { html, css, lateLinks: inlined.map((file) => `<link rel="stylesheet" href="/${file}">`) };
}
