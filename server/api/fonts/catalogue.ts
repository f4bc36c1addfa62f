import fs from 'node:fs';
import path from 'node:path';
import { fromRoot } from '../../paths';
import { FONT_WEIGHTS, fontSlug, type FontWeight } from '../../../src/core/theme/fonts';

/** One self-hosted family: the latin, normal-style woff2 file of each weight its @fontsource package ships. */
export interface FontFamilyFiles {
  slug: string;
  /** weight → absolute file path */
  files: ReadonlyMap<number, string>;
}

export interface FontCatalogue {
  has(family: string): boolean;
  /** The file drawn for a requested weight: that weight, else the nearest the family ships (ties go to the heavier). */
  file(slug: string, weight: FontWeight): string | null;
  slugs(): string[];
}

const LATIN_FILE = /^(?<slug>[a-z0-9-]+)-latin-(?<weight>\d{3})-normal\.woff2$/;

/**
 * The whitelist: families come from the installed @fontsource packages (package.json lists one per family the
 * named themes use), read once at start. Nothing outside it can be requested, so no path is built from input.
 */
export function readFontCatalogue(dir = fromRoot('node_modules', '@fontsource')): FontCatalogue {
  const families = new Map<string, FontFamilyFiles>();
  const packages = fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory() || d.isSymbolicLink()) : [];
  for (const pkg of packages) {
    const filesDir = path.join(dir, pkg.name, 'files');
    if (!fs.existsSync(filesDir)) continue;
    const files = new Map<number, string>();
    for (const name of fs.readdirSync(filesDir)) {
      const m = LATIN_FILE.exec(name);
      if (m?.groups?.slug === pkg.name) files.set(Number(m.groups.weight), path.join(filesDir, name));
    }
    if (files.size > 0) families.set(pkg.name, { slug: pkg.name, files });
  }
  return {
    has: (family) => families.has(fontSlug(family)),
    file(slug, weight) {
      const family = families.get(slug);
      if (!family || !FONT_WEIGHTS.includes(weight)) return null;
      const nearest = [...family.files.keys()].sort((a, b) => Math.abs(a - weight) - Math.abs(b - weight) || b - a)[0]!;
      return family.files.get(nearest)!;
    },
    slugs: () => [...families.keys()].sort(),
  };
}

let shared: FontCatalogue | null = null;
/** The process-wide catalogue (the installed packages do not change while the server runs). */
export const fontCatalogue = (): FontCatalogue => (shared ??= readFontCatalogue());
