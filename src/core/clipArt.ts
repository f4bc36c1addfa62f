/**
 * The studio's clip-art: original one-colour shapes on a 100 × 100 square, drawn with the even-odd rule (so a
 * shape's inner paths cut holes). The editor draws the path data with Konva; the server rasterises the same data
 * as SVG for the print file, so a shape prints exactly as it was placed, in the ink the shopper chose.
 */
export const CLIP_ART_BOX = 100;

const circle = (cx: number, cy: number, r: number) => `M${cx} ${cy - r} A${r} ${r} 0 1 1 ${cx} ${cy + r} A${r} ${r} 0 1 1 ${cx} ${cy - r} Z`;

export const CLIP_ART = {
  star: { label: 'Star', path: 'M50 6 L61.2 37.6 L94.7 38.5 L68.1 58.9 L77.6 91 L50 72 L22.4 91 L31.9 58.9 L5.3 38.5 L38.8 37.6 Z' },
  heart: { label: 'Heart', path: 'M50 90 C22 70 6 52 6 32 C6 17 17 7 30 7 C39 7 46 12 50 20 C54 12 61 7 70 7 C83 7 94 17 94 32 C94 52 78 70 50 90 Z' },
  lightning: { label: 'Lightning', path: 'M60 3 L16 57 H45 L36 97 L84 39 H55 L68 3 Z' },
  leaf: {
    label: 'Leaf',
    path: 'M88 8 C44 8 12 34 12 66 C12 76 15 84 20 90 C27 70 41 55 62 44 C45 57 33 73 27 93 C34 95 41 96 48 96 C76 96 93 70 93 40 C93 28 91 17 88 8 Z',
  },
  wave: {
    label: 'Wave',
    path: 'M4 40 C18 26 32 26 46 40 C60 54 74 54 96 36 V52 C74 70 60 70 46 56 C32 42 18 42 4 56 Z M4 66 C18 52 32 52 46 66 C60 80 74 80 96 62 V78 C74 96 60 96 46 82 C32 68 18 68 4 82 Z',
  },
  badge: {
    label: 'Badge',
    path: `M50 3 L57.8 10.8 L68 6.6 L72.2 16.7 L83.2 16.8 L83.3 27.8 L93.4 32 L89.2 42.2 L97 50 L89.2 57.8 L93.4 68 L83.3 72.2 L83.2 83.2 L72.2 83.3 L68 93.4 L57.8 89.2 L50 97 L42.2 89.2 L32 93.4 L27.8 83.3 L16.8 83.2 L16.7 72.2 L6.6 68 L10.8 57.8 L3 50 L10.8 42.2 L6.6 32 L16.7 27.8 L16.8 16.8 L27.8 16.7 L32 6.6 L42.2 10.8 Z ${circle(50, 50, 32)} ${circle(50, 50, 27)}`,
  },
  arrow: { label: 'Arrow', path: 'M6 40 H58 V18 L95 50 L58 82 V60 H6 Z' },
  smile: { label: 'Smile', path: `${circle(50, 50, 46)} ${circle(35, 38, 6)} ${circle(65, 38, 6)} M27 58 C33 76 67 76 73 58 C62 65 38 65 27 58 Z` },
  sparkle: { label: 'Sparkle', path: 'M50 3 C54 36 64 46 97 50 C64 54 54 64 50 97 C46 64 36 54 3 50 C36 46 46 36 50 3 Z' },
  moon: { label: 'Moon', path: 'M60 5 A45 45 0 1 0 95 65 A35 35 0 1 1 60 5 Z' },
} as const satisfies Record<string, { label: string; path: string }>;

export type ClipArtName = keyof typeof CLIP_ART;
export const CLIP_ART_NAMES = Object.keys(CLIP_ART) as ClipArtName[];
export const isClipArtName = (v: string): v is ClipArtName => Object.hasOwn(CLIP_ART, v);

/** A clip-art shape as a standalone SVG of `px` × `px` in one colour (the print file rasterises this). */
export function clipArtSvg(name: ClipArtName, colour: string, px: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 ${CLIP_ART_BOX} ${CLIP_ART_BOX}"><path d="${CLIP_ART[name].path}" fill="${colour}" fill-rule="evenodd"/></svg>`;
}
