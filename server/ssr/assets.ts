import fs from 'node:fs';
import path from 'node:path';

/** Vite's build manifest (build.manifest): each source module's chunk, its stylesheets and the chunks it imports. */
export type ClientManifest = Record<string, { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }>;

export function readClientManifest(clientDir: string): ClientManifest {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as ClientManifest) : {};
}

/**
 * Stylesheet and module-preload links for lazily loaded source modules (a page's block components, a product
 * screen) and the chunks they import, leaving out what the entry already loads. Without them the server's HTML
 * would draw unstyled until the browser found the chunks one by one.
 */
export function clientAssets(manifest: ClientManifest, modules: Iterable<string>): string[] {
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
  return [...[...css].map((file) => `<link rel="stylesheet" href="/${file}">`), ...[...scripts].map((file) => `<link rel="modulepreload" href="/${file}">`)];
}
