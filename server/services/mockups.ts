/**
 * Product mockups and banner art drawn as SVG on the server, so the demo store needs no network and no
 * image files: a garment silhouette tinted in the product colour with a print on its chest.
 */
export const GARMENTS = ['tshirt', 'longsleeve', 'hoodie', 'sweatshirt', 'tote'] as const;
export type Garment = (typeof GARMENTS)[number];
export const PRINTS = ['leaf', 'mountain', 'wave', 'sun', 'stars', 'fern', 'bloom'] as const;
export type Print = (typeof PRINTS)[number];
export const SCENES = ['forest', 'coast', 'meadow', 'dusk'] as const;
export type Scene = (typeof SCENES)[number];

const HEX = /^[0-9a-fA-F]{6}$/;

const SILHOUETTES: Record<Garment, string> = {
  tshirt: 'M150 70 L215 45 Q250 70 285 45 L350 70 L410 150 L360 185 L340 160 L340 440 L160 440 L160 160 L140 185 L90 150 Z',
  longsleeve: 'M150 70 L215 45 Q250 70 285 45 L350 70 L395 140 L430 330 L385 340 L345 185 L340 440 L160 440 L155 185 L115 340 L70 330 L105 140 Z',
  sweatshirt: 'M145 72 L210 48 Q250 78 290 48 L355 72 L400 145 L432 340 L388 350 L350 190 L348 420 Q250 440 152 420 L150 190 L112 350 L68 340 L100 145 Z',
  hoodie: 'M145 80 L195 55 Q200 10 250 8 Q300 10 305 55 L355 80 L400 150 L432 345 L388 355 L350 195 L348 425 Q250 445 152 425 L150 195 L112 355 L68 345 L100 150 Z',
  tote: 'M120 150 L380 150 L395 450 L105 450 Z M185 150 Q185 60 250 60 Q315 60 315 150 L300 150 Q300 78 250 78 Q200 78 200 150 Z',
};

const PRINT_ART: Record<Print, (ink: string) => string> = {
  leaf: (ink) => `<path d="M250 180 Q320 200 300 290 Q230 300 220 230 Q225 195 250 180 Z" fill="${ink}"/><path d="M232 282 Q255 240 290 205" stroke="${ink}" stroke-width="4" fill="none" opacity=".5"/>`,
  mountain: (ink) => `<path d="M185 300 L235 215 L260 250 L285 200 L325 300 Z" fill="${ink}"/><circle cx="300" cy="200" r="12" fill="${ink}" opacity=".6"/>`,
  wave: (ink) => `<path d="M185 260 Q205 225 225 260 T265 260 T305 260 T325 250" stroke="${ink}" stroke-width="12" fill="none" stroke-linecap="round"/><path d="M190 290 Q210 260 230 290 T270 290 T310 290" stroke="${ink}" stroke-width="8" fill="none" opacity=".6" stroke-linecap="round"/>`,
  sun: (ink) => `<circle cx="255" cy="250" r="38" fill="${ink}"/>${Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    return `<line x1="${255 + Math.cos(a) * 50}" y1="${250 + Math.sin(a) * 50}" x2="${255 + Math.cos(a) * 66}" y2="${250 + Math.sin(a) * 66}" stroke="${ink}" stroke-width="6" stroke-linecap="round"/>`;
  }).join('')}`,
  stars: (ink) => [[220, 220, 14], [280, 240, 20], [240, 290, 10], [300, 300, 8], [205, 270, 6]]
    .map(([x, y, r]) => `<path d="M${x} ${y! - r!} L${x! + r! * 0.3} ${y! - r! * 0.3} L${x! + r!} ${y} L${x! + r! * 0.3} ${y! + r! * 0.3} L${x} ${y! + r!} L${x! - r! * 0.3} ${y! + r! * 0.3} L${x! - r!} ${y} L${x! - r! * 0.3} ${y! - r! * 0.3} Z" fill="${ink}"/>`)
    .join(''),
  fern: (ink) => `<path d="M250 310 Q250 250 262 190" stroke="${ink}" stroke-width="5" fill="none"/>${Array.from({ length: 7 }, (_, i) => {
    const y = 295 - i * 15;
    const w = 40 - i * 4;
    return `<ellipse cx="${250 - w / 2}" cy="${y}" rx="${w / 2}" ry="5" fill="${ink}" transform="rotate(-20 ${250 - w / 2} ${y})"/><ellipse cx="${254 + w / 2}" cy="${y - 4}" rx="${w / 2}" ry="5" fill="${ink}" transform="rotate(20 ${254 + w / 2} ${y - 4})"/>`;
  }).join('')}`,
  bloom: (ink) => `${Array.from({ length: 6 }, (_, i) => `<ellipse cx="255" cy="222" rx="14" ry="30" fill="${ink}" opacity=".85" transform="rotate(${i * 60} 255 252)"/>`).join('')}<circle cx="255" cy="252" r="12" fill="${ink}"/>`,
};

/** Ink that reads on the garment: dark ink on light fabric, light ink on dark fabric. */
function inkFor(hex: string): string {
  const n = parseInt(hex, 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 140 ? '#23302a' : '#f4efe4';
}

export function isGarment(v: string): v is Garment {
  return (GARMENTS as readonly string[]).includes(v);
}
export function isPrint(v: string): v is Print {
  return (PRINTS as readonly string[]).includes(v);
}
export function isScene(v: string): v is Scene {
  return (SCENES as readonly string[]).includes(v);
}
export const isHexColour = (v: string) => HEX.test(v);

const GARMENT_DEFS = `<linearGradient id="shade" x1="0" x2="1"><stop offset="0" stop-color="#000" stop-opacity=".10"/><stop offset=".5" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".12"/></linearGradient>`;

/** The tinted garment with its print, on a 500 × 500 canvas (needs GARMENT_DEFS). */
function garmentArt(garment: Garment, colourHex: string, print: Print | null): string {
  const y = garment === 'tote' ? 50 : 0;
  return `<path d="${SILHOUETTES[garment]}" fill="#${colourHex}" stroke="#000" stroke-opacity=".15" stroke-width="2" fill-rule="evenodd"/>
<path d="${SILHOUETTES[garment]}" fill="url(#shade)" fill-rule="evenodd"/>
${print === null ? '' : `<g transform="translate(0 ${y})">${PRINT_ART[print](inkFor(colourHex))}</g>`}`;
}

/** The garment template artwork is composited onto (server/products/mockups.ts): no print, `print` null. */
export function garmentSvg(garment: Garment, colourHex: string, print: Print | null): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 500 500" width="1000" height="1000" role="img">
<defs><radialGradient id="bg" cx=".5" cy=".45" r=".75"><stop offset="0" stop-color="#f7f6f2"/><stop offset="1" stop-color="#e6e3dc"/></radialGradient>
${GARMENT_DEFS}</defs>
<rect width="500" height="500" fill="url(#bg)"/>
<ellipse cx="250" cy="462" rx="170" ry="14" fill="#000" opacity=".08"/>
${garmentArt(garment, colourHex, print)}
</svg>`;
}

export interface SetPart {
  garment: Garment;
  colourHex: string;
  print: Print;
}
/** Most garments one set picture shows. */
export const MAX_SET_PARTS = 3;

/** A bundle's picture: its garments side by side on the mockup backdrop (500 × 500), left to right. */
export function setSvg(parts: readonly SetPart[]): string {
  const n = Math.max(1, Math.min(MAX_SET_PARTS, parts.length));
  const scale = n === 1 ? 1 : n === 2 ? 0.6 : 0.45;
  const step = n === 1 ? 0 : (500 - 500 * scale) / (n - 1);
  const art = parts
    .slice(0, n)
    .map((p, i) => `<g transform="translate(${Math.round(i * step)} ${Math.round(250 - 250 * scale + (i % 2) * 30)}) scale(${scale})">${garmentArt(p.garment, p.colourHex, p.print)}</g>`)
    .join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 500 500" width="1000" height="1000" role="img">
<defs><radialGradient id="bg" cx=".5" cy=".45" r=".75"><stop offset="0" stop-color="#f7f6f2"/><stop offset="1" stop-color="#e6e3dc"/></radialGradient>
${GARMENT_DEFS}</defs>
<rect width="500" height="500" fill="url(#bg)"/>
<ellipse cx="250" cy="${Math.round(250 + 215 * scale + 30)}" rx="210" ry="14" fill="#000" opacity=".08"/>
${art}
</svg>`;
}

/** Parses "tshirt.b7b9bc.mountain+tote.f5f3ec.sun" (a set picture's address); null when any part is not a mockup. */
export function parseSetParts(value: string): SetPart[] | null {
  const raw = value.split('+');
  if (raw.length === 0 || raw.length > MAX_SET_PARTS) return null;
  const parts: SetPart[] = [];
  for (const part of raw) {
    const [garment = '', colourHex = '', print = '', ...rest] = part.split('.');
    if (rest.length > 0 || !isGarment(garment) || !isHexColour(colourHex) || !isPrint(print)) return null;
    parts.push({ garment, colourHex, print });
  }
  return parts;
}

const SCENE_PALETTES: Record<Scene, [string, string, string, string]> = {
  forest: ['#dfe9d8', '#9fbf8f', '#4f7a4a', '#23412a'],
  coast: ['#e3eef2', '#9cc3cf', '#4f8aa0', '#1f4a5e'],
  meadow: ['#f4ecd6', '#d9c27f', '#9aa35a', '#55663a'],
  dusk: ['#f3d9c9', '#d9967e', '#8d5a6e', '#3b2c46'],
};

/** A wide landscape in layered hills for banners (1920 × 768, §9 banner size). */
export function sceneSvg(scene: Scene): string {
  const [sky, far, mid, near] = SCENE_PALETTES[scene];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1920 768" width="1920" height="768" preserveAspectRatio="xMidYMid slice">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
<rect width="1920" height="768" fill="url(#sky)"/>
<circle cx="1450" cy="230" r="110" fill="#fff" opacity=".7"/>
<path d="M0 470 Q300 330 620 430 T1240 400 T1920 420 L1920 768 L0 768 Z" fill="${far}"/>
<path d="M0 560 Q360 440 760 540 T1500 520 T1920 540 L1920 768 L0 768 Z" fill="${mid}"/>
<path d="M0 650 Q420 560 900 650 T1920 630 L1920 768 L0 768 Z" fill="${near}"/>
</svg>`;
}

/**
 * A shopper's photo of their garment (§3 ugcImages) for the demo store: the garment pegged on a washing line
 * outdoors, in one of the banner landscapes, square (600 × 600) and slightly tilted like a snapshot.
 */
export function communitySvg(scene: Scene, garment: Garment, colourHex: string, print: Print): string {
  const [sky, far, mid, near] = SCENE_PALETTES[scene];
  const tilt = ((parseInt(colourHex.slice(0, 2), 16) + SCENES.indexOf(scene) * 37) % 9) - 4;
  // Tote handles hang on the line; garments hang by the shoulders.
  const hang = garment === 'tote' ? 'translate(100 64) scale(0.8)' : 'translate(87.5 82) scale(0.85)';
  const pegs = garment === 'tote' ? [300] : [240, 360];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="1200" height="1200" role="img">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#ffffff"/></linearGradient>
<radialGradient id="vignette" cx=".5" cy=".45" r=".75"><stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".22"/></radialGradient>
${GARMENT_DEFS}</defs>
<rect width="600" height="600" fill="url(#sky)"/>
<circle cx="515" cy="215" r="40" fill="#fff" opacity=".7"/>
<path d="M0 340 Q120 280 260 320 T520 300 T600 310 L600 600 L0 600 Z" fill="${far}"/>
<path d="M0 420 Q160 360 330 410 T600 400 L600 600 L0 600 Z" fill="${mid}"/>
<path d="M0 500 Q200 450 420 500 T600 490 L600 600 L0 600 Z" fill="${near}"/>
<g transform="rotate(${tilt} 300 300)">
<path d="M-20 100 Q300 140 620 100" stroke="#5b4a3a" stroke-width="3" fill="none"/>
<g transform="${hang}">${garmentArt(garment, colourHex, print)}</g>
${pegs.map((x) => `<rect x="${x - 5}" y="108" width="10" height="28" rx="2" fill="#c8a16a" stroke="#7a5b35" stroke-width="1.5"/>`).join('')}
</g>
<rect width="600" height="600" fill="url(#vignette)"/>
</svg>`;
}

/** The demo company's logo: a leaf mark and the name. */
/** The drawn logo's size: the store header reserves its room before the picture arrives. */
export const DRAWN_LOGO_SIZE = { width: 360, height: 64 } as const;

export function logoSvg(name: string, colour = '#2f5d3a'): string {
  const safe = name.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const { width, height } = DRAWN_LOGO_SIZE;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">
<path d="M10 56 Q8 12 56 8 Q56 54 10 56 Z" fill="${colour}"/><path d="M14 52 Q30 32 48 14" stroke="#000" stroke-opacity=".25" stroke-width="3" fill="none"/>
<text x="70" y="42" font-family="Lato, 'Helvetica Neue', Arial, sans-serif" font-size="28" font-weight="700" fill="${colour}" letter-spacing="1">${safe}</text>
</svg>`;
}
