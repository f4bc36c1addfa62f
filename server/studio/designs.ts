import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import { ApiError } from '../http/errors';
import { fontCatalogue } from '../api/fonts/catalogue';
import { isClipArtName } from '../../src/core/clipArt';
import {
  AREA_BOXES,
  MAX_LAYERS_PER_SIDE,
  STUDIO_AREAS,
  STUDIO_FONTS,
  STUDIO_SKU_PREFIX,
  areasOfGarment,
  printCountOf,
  studioGarmentOf,
  studioMessages,
  studioPrice,
  type StudioDesign,
  type StudioGarmentChoice,
} from '../../src/core/studio';

type Row = Record<string, unknown>;
const invalid = (field: string, message: string) => new ApiError(422, message, { [field]: [message] });

/** The garments a shopper can design on in a store: enabled products marked editable in the studio. */
export async function studioGarments(db: Queryable, divisionId: number, only?: { id?: number; urlName?: string }): Promise<StudioGarmentChoice[]> {
  const { rows } = await db.query<Row>(
    `select p.id, p.url_name, p.name, p.type, coalesce(p.sale_price, p.price) as price,
            coalesce((select jsonb_agg(jsonb_build_object('name', o.colour_name, 'value', o.colour_value) order by o.position, o.id) from product_options o where o.product_id = p.id), '[]'::jsonb) as colours,
            coalesce((select jsonb_agg(s.size order by s.pos, s.size) from (select size, min(position) as pos from product_variants where product_id = p.id group by size) s), '[]'::jsonb) as sizes
     from products p
     where p.division_id = $1 and p.enabled and p.is_editable_in_studio and not p.is_bundle
       and ($2::int is null or p.id = $2) and ($3::text is null or p.url_name = $3)
     order by p.bestseller_rank, p.id`,
    [divisionId, only?.id ?? null, only?.urlName ?? null],
  );
  return rows.map((r) => {
    const garment = studioGarmentOf(r.type as string);
    return {
      id: r.id as number,
      urlName: r.url_name as string,
      name: r.name as string,
      garment,
      price: r.price as number,
      colours: (r.colours as { name: string; value: string }[]).map((c) => ({ name: c.name, value: c.value.startsWith('#') ? c.value : `#${c.value}` })),
      sizes: r.sizes as string[],
      areas: areasOfGarment(garment),
    };
  });
}

export interface DesignInput {
  garmentId: number;
  colour: string;
  size: string;
  design: StudioDesign;
}

/** Checks what the schema cannot: the garment, colour, size, areas, fonts, pictures and that layers sit in the area. */
export async function checkDesign(db: Queryable, divisionId: number, input: DesignInput): Promise<StudioGarmentChoice> {
  const garment = (await studioGarments(db, divisionId, { id: input.garmentId }))[0];
  if (!garment) throw invalid('/garmentId', studioMessages.garment);
  if (!garment.colours.some((c) => c.name === input.colour)) throw invalid('/colour', studioMessages.colour);
  if (!garment.sizes.includes(input.size)) throw invalid('/size', studioMessages.size);
  if (printCountOf(input.design.sides) === 0) throw invalid('/design', studioMessages.empty);
  const uploads = new Set<number>();
  for (const [area, layers] of Object.entries(input.design.sides)) {
    if (!layers || layers.length === 0) continue;
    const box = (STUDIO_AREAS as readonly string[]).includes(area) ? AREA_BOXES[garment.garment][area as (typeof STUDIO_AREAS)[number]] : undefined;
    if (!box) throw invalid('/design', studioMessages.area(area));
    if (layers.length > MAX_LAYERS_PER_SIDE) throw invalid('/design', studioMessages.tooManyLayers);
    const aspect = box.h / box.w;
    for (const layer of layers) {
      // The centre must lie on the area; what overhangs is clipped from the print file (the editor warns first).
      if (layer.x < 0 || layer.x > 1 || layer.y < 0 || layer.y > aspect) throw invalid('/design', studioMessages.outside);
      if (layer.kind === 'text') {
        if (!(STUDIO_FONTS as readonly string[]).includes(layer.font) || !fontCatalogue().has(layer.font)) throw invalid('/design', studioMessages.font(layer.font));
      } else if (layer.kind === 'clipart') {
        if (!isClipArtName(layer.art)) throw invalid('/design', studioMessages.clipArt(layer.art));
      } else uploads.add(layer.uploadId);
    }
  }
  if (uploads.size > 0) {
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from media_uploads where division_id = $1 and id = any($2::int[])', [divisionId, [...uploads]]);
    if (rows[0]!.n !== uploads.size) throw invalid('/design', studioMessages.upload);
  }
  return garment;
}

/** A preview image of a side of a saved design (drawn on demand from the document, server/studio/render.ts). */
export const previewUrl = (uuid: string, area: string) => `/media/studio/${uuid}/${area}.png`;

/**
 * Saves a design as a custom product of the store (§3: sku prefix CP, the design per side, the garment as its base
 * product, priced by print count) in the chosen colour with the garment's sizes and stock. Not in any collection:
 * it is the shopper's own.
 */
export async function saveDesignProduct(db: Database, divisionId: number, input: DesignInput): Promise<{ id: number; uuid: string; sku: string; urlName: string; price: number }> {
  const garment = await checkDesign(db, divisionId, input);
  const prints = printCountOf(input.design.sides);
  const price = studioPrice(garment.price, prints);
  const sides = Object.fromEntries(STUDIO_AREAS.filter((a) => (input.design.sides[a]?.length ?? 0) > 0).map((a) => [a, input.design.sides[a]!]));
  const designs = Object.fromEntries(Object.entries(sides).map(([a, layers]) => [a, { layers: layers.length }]));
  return db.transaction(async (tx) => {
    const { rows: base } = await tx.query<{ vat_rate: string; type: string; sku: string }>('select vat_rate, type, sku from products where id = $1', [garment.id]);
    const uuid = randomUUID();
    const code = uuid.replace(/-/g, '').slice(0, 10).toUpperCase();
    const sku = `${STUDIO_SKU_PREFIX}-${code}`;
    const urlName = `custom-${code.toLowerCase()}`;
    const { rows } = await tx.query<{ id: number }>(
      `insert into products (uuid, division_id, sku, name, url_name, description, type, price, vat_rate, enabled, default_colour, designs,
                             base_product_id, studio_design, approval_status)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, true, $10, $11, $12, $13, 'approved') returning id`,
      [uuid, divisionId, sku, `${garment.name} – your design`, urlName, `Designed in the studio on ${garment.name}.`, base[0]!.type, price, base[0]!.vat_rate, input.colour,
        JSON.stringify(designs), garment.id, JSON.stringify({ garmentId: garment.id, colour: input.colour, sides })],
    );
    const productId = rows[0]!.id;
    const colour = garment.colours.find((c) => c.name === input.colour)!;
    const { rows: opt } = await tx.query<{ id: number }>('insert into product_options (product_id, colour_name, colour_value, position) values ($1, $2, $3, 0) returning id', [
      productId, colour.name, colour.value,
    ]);
    for (const [position, area] of Object.keys(sides).entries()) {
      await tx.query('insert into product_images (product_id, option_id, src, alt_text, color, position) values ($1, $2, $3, $4, $5, $6)', [
        productId, opt[0]!.id, previewUrl(uuid, area), `Your design on the ${area} of the ${garment.name} in ${colour.name}`, colour.value, position,
      ]);
    }
    // The sizes and stock of the blank garment in that colour: a design is made from it.
    await tx.query(
      `insert into product_variants (product_id, option_id, size, sku, stock, position)
       select $1, $2, v.size, $3 || '-' || upper(regexp_replace(v.size, '[^A-Za-z0-9]+', '', 'g')), v.stock, v.position
       from product_variants v join product_options o on o.id = v.option_id where v.product_id = $4 and o.colour_name = $5`,
      [productId, opt[0]!.id, sku, garment.id, colour.name],
    );
    return { id: productId, uuid, sku, urlName, price };
  });
}

/** A saved design, to reopen it in the studio from the basket. */
export async function loadDesign(db: Queryable, divisionId: number, uuid: string): Promise<{ garmentId: number; colour: string; sides: StudioDesign['sides'] } | null> {
  const { rows } = await db.query<{ studio_design: { garmentId: number; colour: string; sides: StudioDesign['sides'] } }>(
    'select studio_design from products where division_id = $1 and uuid::text = $2 and studio_design is not null',
    [divisionId, uuid],
  );
  return rows[0]?.studio_design ?? null;
}
