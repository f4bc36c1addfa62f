import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { measure, type Figure } from './harness';
import { viteBuild } from './build';
import { entryScripts } from './bundle.bench';
import { renderSide } from '../server/studio/render';
import type { StudioLayer } from '../src/core/studio';

/**
 * The studio: time to render the print files of a two-sided design (front: text and a picture, back: text) at
 * 300 dpi, as the renderer does after payment; and the studio chunk's size, which stays out of the storefront entry.
 */
export async function studioBenchmarks(): Promise<Figure[]> {
  const picture = await sharp({ create: { width: 2000, height: 2000, channels: 4, background: { r: 30, g: 120, b: 200, alpha: 1 } } }).png().toBuffer();
  const text = (id: string, words: string, y: number): StudioLayer => ({ id, kind: 'text', text: words, font: 'Oswald', colour: '#c0392b', size: 0.14, x: 0.5, y, rotation: 0 });
  const front: StudioLayer[] = [
    text('t1', 'FERN & THREAD', 0.3),
    { id: 'i1', kind: 'image', uploadId: 1, src: '', pixelWidth: 2000, pixelHeight: 2000, width: 0.5, x: 0.5, y: 0.8, rotation: 12 },
  ];
  const back: StudioLayer[] = [text('t2', 'EST. 2026', 0.4)];
  const load = async () => picture;
  const render = await measure(
    async () => {
      await renderSide('tshirt', 'front', front, load);
      await renderSide('tshirt', 'back', back, load);
    },
    { runs: 5, warmup: 1 },
  );

  const outDir = await viteBuild('studio');
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; imports?: string[] }>;
  const entry = new Set(entryScripts(outDir).map((f) => path.relative(outDir, f)));
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file) || entry.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit('src/studio/StudioPage.tsx');
  if (files.size === 0) throw new Error('No studio chunk in the build');
  const gzip = [...files].reduce((n, f) => n + gzipSync(fs.readFileSync(path.join(outDir, f)), { level: 9 }).length, 0);
  return [
    { name: 'print files of a two-sided design (2 × 3543×4429 PNG)', unit: 'ms', ...render },
    { name: 'studio chunk beyond the storefront entry (gzip)', unit: 'kB', median: gzip / 1024, note: `${files.size} file(s), react-konva + konva` },
  ];
}
