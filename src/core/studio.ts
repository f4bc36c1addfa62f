/**
 * The studio (§1, §2.2, §3): a shopper's own design on a garment. Shared by the editor (src/studio/) and the
 * server that saves it as a custom product and renders its print files (server/studio/).
 *
 * A design document holds, per print area, layers placed in "area widths": x, y (the layer's centre), a text's
 * size and an image's width are fractions of the print area's width, so the same document draws at any scale —
 * on a phone, in a mockup, and at print resolution.
 */
import type { ClipArtName } from './clipArt';

export const STUDIO_AREAS = ['front', 'back', 'left', 'right'] as const;
export type StudioArea = (typeof STUDIO_AREAS)[number];
export const isStudioArea = (v: string): v is StudioArea => (STUDIO_AREAS as readonly string[]).includes(v);

export const STUDIO_GARMENTS = ['tshirt', 'longsleeve', 'hoodie', 'sweatshirt', 'tote'] as const;
export type StudioGarment = (typeof STUDIO_GARMENTS)[number];
export const studioGarmentOf = (type: string): StudioGarment => ((STUDIO_GARMENTS as readonly string[]).includes(type) ? (type as StudioGarment) : 'tshirt');

/** A print area on the 500 × 500 garment template (x, y, w, h) and its printed width in centimetres. */
export interface AreaBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

const CHEST: AreaBox = { x: 180, y: 165, w: 140, h: 175 };
/** Print areas on the 500 × 500 template; a tote has no sleeves. The mockups draw artwork into the same boxes. */
export const AREA_BOXES: Record<StudioGarment, Partial<Record<StudioArea, AreaBox>>> = {
  tshirt: { front: CHEST, back: CHEST, left: { x: 352, y: 92, w: 38, h: 38 }, right: { x: 110, y: 92, w: 38, h: 38 } },
  longsleeve: { front: CHEST, back: CHEST, left: { x: 372, y: 170, w: 34, h: 60 }, right: { x: 94, y: 170, w: 34, h: 60 } },
  sweatshirt: { front: CHEST, back: CHEST, left: { x: 372, y: 175, w: 34, h: 60 }, right: { x: 94, y: 175, w: 34, h: 60 } },
  hoodie: { front: { ...CHEST, y: 175 }, back: { ...CHEST, y: 120, h: 200 }, left: { x: 372, y: 180, w: 34, h: 60 }, right: { x: 94, y: 180, w: 34, h: 60 } },
  tote: { front: { x: 150, y: 215, w: 200, h: 200 }, back: { x: 150, y: 215, w: 200, h: 200 } },
};

/** Centimetres per template unit: a chest print is 30 cm wide; a tote's 200-unit panel prints 30 cm wide too. */
const CM_PER_UNIT: Record<StudioGarment, number> = { tshirt: 30 / 140, longsleeve: 30 / 140, sweatshirt: 30 / 140, hoodie: 30 / 140, tote: 30 / 200 };

/** Print files are rendered at 300 dpi for the area's physical size. */
export const PRINT_DPI = 300;
/** Below this many image pixels per printed inch the editor warns that the picture will print soft. */
export const MIN_STUDIO_DPI = 150;

export const areasOfGarment = (garment: StudioGarment): StudioArea[] => STUDIO_AREAS.filter((a) => AREA_BOXES[garment][a] !== undefined);

/** The area's printed size in centimetres and its print file's size in pixels. */
export function printSize(garment: StudioGarment, area: StudioArea): { widthCm: number; heightCm: number; width: number; height: number } {
  const box = AREA_BOXES[garment][area];
  if (!box) throw new Error(`No ${area} print area on a ${garment}`);
  const widthCm = box.w * CM_PER_UNIT[garment];
  const heightCm = box.h * CM_PER_UNIT[garment];
  return { widthCm, heightCm, width: Math.round((widthCm / 2.54) * PRINT_DPI), height: Math.round((heightCm / 2.54) * PRINT_DPI) };
}

/** §9 fonts a shopper can type in: families the store self-hosts (the theme font catalogue). */
export const STUDIO_FONTS = ['Montserrat', 'Lato', 'Oswald', 'Bebas Neue', 'Playfair Display', 'Lobster', 'Pacifico', 'Caveat', 'Archivo Black', 'Space Mono'] as const;
export const STUDIO_COLOURS = ['#111111', '#ffffff', '#c0392b', '#e67e22', '#f1c40f', '#27ae60', '#2980b9', '#8e44ad', '#ff6fa5', '#2f5d3a'] as const;

export interface TextLayer {
  id: string;
  kind: 'text';
  text: string;
  font: string;
  colour: string;
  /** Font size in area widths. */
  size: number;
  x: number;
  y: number;
  rotation: number;
  /** Bend of the line, −1 (arc down) to 1 (arc up); absent or 0 is straight (src/core/curvedText.ts). */
  curve?: number;
  locked?: boolean;
}

export interface ImageLayer {
  id: string;
  kind: 'image';
  uploadId: number;
  src: string;
  /** The picture's own pixels, for the resolution warning. */
  pixelWidth: number;
  pixelHeight: number;
  /** Width in area widths; the height follows the picture's aspect. */
  width: number;
  x: number;
  y: number;
  rotation: number;
  locked?: boolean;
}

/** A shape from the built-in clip-art (src/core/clipArt.ts), square, in one ink. */
export interface ClipArtLayer {
  id: string;
  kind: 'clipart';
  art: ClipArtName;
  colour: string;
  /** Width (and height) in area widths. */
  width: number;
  x: number;
  y: number;
  rotation: number;
  locked?: boolean;
}

export type StudioLayer = TextLayer | ImageLayer | ClipArtLayer;
export type StudioSides = Partial<Record<StudioArea, StudioLayer[]>>;

export interface StudioDesign {
  sides: StudioSides;
}

export const MAX_LAYERS_PER_SIDE = 40;
export const MAX_TEXT_LENGTH = 200;

/** §3 print count: the sides that carry at least one layer. */
export const printCountOf = (sides: StudioSides): number => STUDIO_AREAS.filter((a) => (sides[a]?.length ?? 0) > 0).length;

/** Each printed side after the first adds this to the garment's price (minor units). */
export const EXTRA_SIDE_PRICE = 500;
/** The price of a design: the garment's price with one print, plus each further printed side. */
export const studioPrice = (garmentPrice: number, prints: number): number => garmentPrice + Math.max(0, prints - 1) * EXTRA_SIDE_PRICE;

/** §3 custom products: their sku starts with one of these; the studio's own prefix is CP. */
export const CUSTOM_SKU_PREFIXES = ['GBro', 'STUSUB', 'FPD', 'API', 'CP'] as const;
export const STUDIO_SKU_PREFIX = 'CP';
export const isCustomSku = (sku: string): boolean => CUSTOM_SKU_PREFIXES.some((p) => sku.startsWith(p));

/** An image layer's height in area widths. */
export const imageHeightOf = (layer: Pick<ImageLayer, 'width' | 'pixelWidth' | 'pixelHeight'>): number => (layer.width * layer.pixelHeight) / layer.pixelWidth;

/** The image's effective resolution when printed at the layer's size on this area (pixels per inch). */
export function effectiveDpi(layer: Pick<ImageLayer, 'width' | 'pixelWidth'>, widthCm: number): number {
  const printedInches = (layer.width * widthCm) / 2.54;
  return printedInches > 0 ? layer.pixelWidth / printedInches : Infinity;
}

export const studioMessages = {
  empty: 'Add text or a picture to at least one side before adding to basket',
  garment: 'This garment can no longer be designed: pick another',
  colour: 'Pick a colour of this garment',
  size: 'Pick a size',
  font: (font: string) => `${font} is not one of the store's fonts`,
  area: (area: string) => `This garment has no ${area} print area`,
  upload: 'A picture in the design is no longer available: upload it again',
  clipArt: (art: string) => `${art} is not one of the studio's clip-art shapes`,
  outside: 'Part of the design is outside the print area: move it inside the dashed line',
  lowResolution: (dpi: number) => `Low resolution: this picture prints at ${Math.round(dpi)} dpi at this size and may look blurry. Make it smaller or upload a larger picture (${MIN_STUDIO_DPI} dpi or more).`,
  tooManyLayers: `A side can hold at most ${MAX_LAYERS_PER_SIDE} layers`,
} as const;

/** A garment the studio offers: a product marked editable in the studio, with its colours, sizes and areas. */
export interface StudioGarmentChoice {
  id: number;
  urlName: string;
  name: string;
  garment: StudioGarment;
  price: number;
  colours: { name: string; value: string }[];
  sizes: string[];
  areas: StudioArea[];
}

/** A font's ascent and descent in font sizes (what a text layer's box spans around its baseline). */
export interface StudioFontMetrics {
  ascent: number;
  descent: number;
}

export interface StudioUpload {
  id: number;
  src: string;
  width: number;
  height: number;
}
