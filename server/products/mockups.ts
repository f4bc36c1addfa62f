import sharp from 'sharp';
import { garmentSvg, isGarment, type Garment } from '../services/mockups';
import { AREA_BOXES as STUDIO_AREA_BOXES, type AreaBox } from '../../src/core/studio';

/**
 * Product mockups: the owner's artwork composited onto the garment template of each colour (sharp). A template is
 * the blank garment silhouette tinted in the colour (server/services/mockups.ts), drawn once per garment and colour
 * and kept; each mockup is stored as an ordinary upload of the product (server/products/createProduct.ts).
 */
export const PRINT_AREAS = ['front', 'back', 'left', 'right'] as const;
export type PrintArea = (typeof PRINT_AREAS)[number];
export const isPrintArea = (v: string): v is PrintArea => (PRINT_AREAS as readonly string[]).includes(v);

/** Where artwork sits: its width as a share of the print area (10–100 %) and its height in the free space (0 top … 100 bottom). */
export interface Placement {
  scale: number;
  offsetY: number;
}

export const MOCKUP_SIZE = 1000;
// Print areas on the 500 × 500 template (doubled when drawn at 1000 px), shared with the studio (src/core/studio.ts).
const AREA_BOXES: Record<Garment, Partial<Record<PrintArea, AreaBox>>> = STUDIO_AREA_BOXES;

/** The garment a product type prints on (products.type); other types print as a t-shirt. */
export const garmentOf = (type: string): Garment => (isGarment(type) ? type : 'tshirt');
export const areasOf = (garment: Garment): PrintArea[] => PRINT_AREAS.filter((a) => AREA_BOXES[garment][a] !== undefined);

const templates = new Map<string, Promise<Buffer>>();
const MAX_TEMPLATES = 200;

/** The blank garment in a colour as PNG, drawn once and reused (a bounded cache: colours are few). */
export function garmentTemplate(garment: Garment, colourHex: string): Promise<Buffer> {
  const key = `${garment}:${colourHex.toLowerCase()}`;
  let template = templates.get(key);
  if (!template) {
    if (templates.size >= MAX_TEMPLATES) templates.delete(templates.keys().next().value!);
    template = sharp(Buffer.from(garmentSvg(garment, colourHex, null))).resize(MOCKUP_SIZE, MOCKUP_SIZE).png().toBuffer();
    template.catch(() => templates.delete(key));
    templates.set(key, template);
  }
  return template;
}

/** One mockup (WebP, 1000 × 1000): the artwork fitted into the area's box at the placement, over the template. */
export async function renderMockup(garment: Garment, colourHex: string, artwork: Buffer, area: PrintArea, placement: Placement): Promise<Buffer> {
  const box = AREA_BOXES[garment][area];
  if (!box) throw new Error(`No ${area} print area on a ${garment}`);
  const k = MOCKUP_SIZE / 500;
  const maxW = Math.max(8, Math.round(box.w * k * (placement.scale / 100)));
  const maxH = Math.max(8, Math.round(box.h * k));
  const art = await sharp(artwork).resize(maxW, maxH, { fit: 'inside' }).png().toBuffer({ resolveWithObject: true });
  const left = Math.round(box.x * k + (box.w * k - art.info.width) / 2);
  const top = Math.round(box.y * k + ((box.h * k - art.info.height) * placement.offsetY) / 100);
  const template = await garmentTemplate(garment, colourHex);
  return sharp(template)
    .composite([{ input: art.data, left, top }])
    .webp({ quality: 86 })
    .toBuffer();
}
