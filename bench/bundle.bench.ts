import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Figure } from './harness';
import { viteBuild } from './build';

/** Issue #4 target for the storefront entry JavaScript (gzip). */
export const ENTRY_GZIP_TARGET_KB = 120;
/** Code that must be split out of the storefront entry (DESIGN §6: lazy routes); shopper sign-in (auth) may stay. */
const SPLIT_OUT = /(^|\/)(editor|dashboard|atlas|studio)(\/|\.|-|[A-Z])/i;
/** An area's route table (its screens imported lazily) and its paths are how the storefront links to it: allowed. */
const ROUTE_TABLE = /\/(routes\.tsx|paths\.ts)$/;
/**
 * Libraries shoppers must not download: page HTML is sanitised on write, so DOMPurify belongs to the builder, and so
 * does the rich-text editor (Tiptap and the ProseMirror modules under it).
 */
const NOT_FOR_SHOPPERS = /node_modules\/(dompurify|@tiptap\/[^/]+|prosemirror-[^/]+)\//;

const kb = (bytes: number) => bytes / 1024;
const gzipSize = (file: string) => gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** The JavaScript a first visit to a store page downloads before it can run: entry script and its modulepreloads. */
export function entryScripts(outDir: string): string[] {
  const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const urls = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1]!);
  return [...new Set(urls)].map((url) => path.join(outDir, url.replace(/^\//, '')));
}

/** The source modules inside a chunk, from its source map, as project-relative paths. */
function modulesOf(chunk: string): string[] {
  if (!fs.existsSync(`${chunk}.map`)) return []; // generated helpers (the bundler's runtime) have no sources
  const map = JSON.parse(fs.readFileSync(`${chunk}.map`, 'utf8')) as { sources: string[]; sourceRoot?: string };
  return map.sources.map((s) => path.relative(process.cwd(), path.resolve(path.dirname(chunk), map.sourceRoot ?? '', s)));
}

export async function bundleBenchmarks(): Promise<Figure[]> {
  const outDir = await viteBuild('app');
  const entry = entryScripts(outDir);
  // Cross-check with the manifest: the entry and its static imports, recursively.
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;
  const fromManifest = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key]!;
    if (fromManifest.has(chunk.file)) return;
    fromManifest.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit('index.html');
  const entryFiles = entry.map((f) => path.relative(outDir, f)).sort();
  if (JSON.stringify(entryFiles) !== JSON.stringify([...fromManifest].sort())) {
    throw new Error(`index.html loads ${entryFiles.join(', ')} but the manifest's entry imports ${[...fromManifest].join(', ')}`);
  }

  const entryGzip = entry.reduce((n, f) => n + gzipSize(f), 0);
  const entryRaw = entry.reduce((n, f) => n + fs.statSync(f).size, 0);
  const allJs = fs
    .readdirSync(path.join(outDir, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => path.join(outDir, 'assets', f));
  const allGzip = allJs.reduce((n, f) => n + gzipSize(f), 0);

  const ownModules = entry.flatMap(modulesOf).filter((m) => !m.includes('node_modules'));
  const leaked = [...ownModules.filter((m) => SPLIT_OUT.test(m) && !ROUTE_TABLE.test(m)), ...new Set(entry.flatMap(modulesOf).filter((m) => NOT_FOR_SHOPPERS.test(m)))];
  const largest = entry
    .map((f) => [path.basename(f), kb(gzipSize(f))] as const)
    .sort((a, b) => b[1] - a[1])
    .map(([name, size]) => `${name} ${size.toFixed(1)}`)
    .join(', ');

  // The bench fails (a non-zero exit) rather than only printing: the storefront entry is a budget, not a figure.
  const problems = [
    ...(kb(entryGzip) > ENTRY_GZIP_TARGET_KB ? [`the storefront entry is ${kb(entryGzip).toFixed(1)} KB gzip, over the ${ENTRY_GZIP_TARGET_KB} KB budget`] : []),
    ...(leaked.length ? [`builder-only code reached the storefront entry: ${leaked.join(', ')}`] : []),
  ];
  if (problems.length) process.exitCode = 1;
  for (const problem of problems) console.error(`bundle bench: ${problem}`);

  return [
    {
      name: `storefront entry JS, gzip (${entry.length} chunks)`,
      unit: 'KB',
      median: kb(entryGzip),
      target: `≤ ${ENTRY_GZIP_TARGET_KB} KB`,
      note: `${kb(entryGzip) <= ENTRY_GZIP_TARGET_KB ? 'OK' : 'OVER TARGET'}; raw ${kb(entryRaw).toFixed(1)} KB; ${largest}`,
    },
    { name: `all JS chunks, gzip (${allJs.length} chunks, for comparison)`, unit: 'KB', median: kb(allGzip) },
    {
      name: 'editor/dashboard/atlas/studio modules, DOMPurify or Tiptap in entry',
      unit: 'modules',
      median: leaked.length,
      decimals: 0,
      note: leaked.length === 0 ? `none of ${ownModules.length} own modules in the entry` : `IN THE ENTRY: ${leaked.join(', ')}`,
    },
  ];
}
