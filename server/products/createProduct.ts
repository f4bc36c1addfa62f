import { createHash, randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import { ApiError } from '../http/errors';
import { uploadSlug, uploadUrl } from '../api/media/uploads';
import { productIdBySku } from '../catalogue/products';
import { isArtworkType } from './artwork';
import { areasOf, garmentOf, renderMockup, type Placement, type PrintArea } from './mockups';
import type { BaseProductChoice } from '../../src/core/dashboardProducts';

type Row = Record<string, unknown>;

export const createMessages = {
  baseNotFound: 'No base product with this SKU in your store',
  artworkNotFound: 'Upload the artwork again: the file was not found',
  noArea: 'Place the artwork on at least one print area',
  area: (area: string, name: string) => `A ${name} has no ${area} print area`,
  noColour: 'Pick at least one colour',
  colour: (colour: string) => `${colour} is not a colour of this base product`,
  noSize: 'Pick at least one size',
  size: (size: string) => `${size} is not a size of this base product`,
  saleAbovePrice: 'The sale price must be lower than the price',
  collection: 'A chosen collection is not one of this store’s',
} as const;

/** The base product with the sku in the store, with the colours, sizes and print areas a new product can use. */
export async function baseProductChoice(db: Queryable, divisionId: number, sku: string): Promise<(BaseProductChoice & { id: number; vatRate: number }) | null> {
  const id = await productIdBySku(db, divisionId, sku);
  if (id === null) return null;
  const [{ rows: products }, { rows: options }, { rows: sizes }] = await Promise.all([
    db.query<Row>('select id, sku, name, type, price, vat_rate from products where id = $1 and not is_bundle', [id]),
    db.query<Row>('select colour_name, colour_value from product_options where product_id = $1 order by position, id', [id]),
    db.query<{ size: string }>('select size from product_variants where product_id = $1 group by size order by min(position), size', [id]),
  ]);
  const p = products[0];
  if (!p) return null;
  return {
    id,
    sku: p.sku as string,
    name: p.name as string,
    type: p.type as string,
    price: p.price as number,
    vatRate: Number(p.vat_rate),
    areas: areasOf(garmentOf(p.type as string)),
    colours: options.map((o) => ({ name: o.colour_name as string, value: o.colour_value as string })),
    sizes: sizes.map((s) => s.size),
  };
}

export interface NewProduct {
  baseSku: string;
  artworkId: number;
  areas: Partial<Record<PrintArea, Placement>>;
  colours: string[];
  sizes: string[];
  stock: number;
  name: string;
  description: string;
  price: number;
  salePrice: number | null;
  collections: number[];
  metaTitle: string | null;
  metaDescription: string | null;
  enabled: boolean;
}

const invalid = (field: string, message: string) => new ApiError(422, message, { [field]: [message] });

/** A url name free in the store: the name's slug, then -2, -3 … */
async function freeUrlName(db: Queryable, divisionId: number, name: string): Promise<string> {
  const base = uploadSlug(name);
  const { rows } = await db.query<{ url_name: string }>("select url_name from products where division_id = $1 and (url_name = $2 or url_name like $2 || '-%')", [divisionId, base]);
  const taken = new Set(rows.map((r) => r.url_name));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

/**
 * Makes a product from a base product and uploaded artwork: a mockup per colour and print area (the front first),
 * stored as uploads of the store and shown as the colour's images. It waits for staff approval (§3 approvalStatus)
 * but can be sold meanwhile; only denial takes it off the store. Mockups are drawn before the transaction opens.
 */
export async function createProduct(db: Database, divisionId: number, userId: number, input: NewProduct): Promise<{ id: number; urlName: string }> {
  const base = await baseProductChoice(db, divisionId, input.baseSku.trim());
  if (!base) throw invalid('/baseSku', createMessages.baseNotFound);
  const garment = garmentOf(base.type);
  const areas = Object.entries(input.areas) as [PrintArea, Placement][];
  if (areas.length === 0) throw invalid('/areas', createMessages.noArea);
  for (const [area] of areas) if (!base.areas.includes(area)) throw invalid('/areas', createMessages.area(area, garment));
  if (input.colours.length === 0) throw invalid('/colours', createMessages.noColour);
  const colours = input.colours.map((name) => base.colours.find((c) => c.name === name) ?? name);
  for (const c of colours) if (typeof c === 'string') throw invalid('/colours', createMessages.colour(c));
  if (input.sizes.length === 0) throw invalid('/sizes', createMessages.noSize);
  for (const s of input.sizes) if (!base.sizes.includes(s)) throw invalid('/sizes', createMessages.size(s));
  if (input.salePrice !== null && input.salePrice >= input.price) throw invalid('/salePrice', createMessages.saleAbovePrice);
  const { rows: arts } = await db.query<{ bytes: Uint8Array; content_type: string; slug: string; ext: string; id: number }>(
    'select id, slug, ext, bytes, content_type from media_uploads where id = $1 and division_id = $2',
    [input.artworkId, divisionId],
  );
  const art = arts[0];
  if (!art || !isArtworkType(art.content_type)) throw invalid('/artworkId', createMessages.artworkNotFound);
  if (input.collections.length > 0) {
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from collections where division_id = $1 and id = any($2::int[])', [divisionId, input.collections]);
    if (rows[0]!.n !== new Set(input.collections).size) throw invalid('/collections', createMessages.collection);
  }
  const chosen = colours as { name: string; value: string }[];
  const artwork = Buffer.from(art.bytes);
  // Front first, so a colour's first image (its thumbnail in the store) shows the front.
  const ordered = [...areas].sort(([a], [b]) => ['front', 'back', 'left', 'right'].indexOf(a) - ['front', 'back', 'left', 'right'].indexOf(b));
  const mockups: { colour: string; area: PrintArea; bytes: Buffer }[] = [];
  for (const colour of chosen) {
    for (const [area, placement] of ordered) {
      mockups.push({ colour: colour.name, area, bytes: await renderMockup(garment, colour.value.replace('#', ''), artwork, area, placement) });
    }
  }
  const artworkUrl = uploadUrl(art);
  return db.transaction(async (tx) => {
    const urlName = await freeUrlName(tx, divisionId, input.name);
    const sku = `${base.sku}-${randomUUID().slice(0, 6).toUpperCase()}`;
    const designs = Object.fromEntries(ordered.map(([area]) => [area, artworkUrl]));
    const { rows } = await tx.query<{ id: number }>(
      `insert into products (uuid, division_id, sku, name, url_name, description, meta_title, meta_description, type, price, sale_price,
                             vat_rate, enabled, default_colour, designs, approval_status, base_product_id, mockup_params)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 'pending', $16, $17) returning id`,
      [randomUUID(), divisionId, sku, input.name, urlName, input.description, input.metaTitle, input.metaDescription, base.type, input.price, input.salePrice,
        base.vatRate, input.enabled, chosen[0]!.name, JSON.stringify(designs), base.id, JSON.stringify({ artworkId: art.id, areas: input.areas })],
    );
    const productId = rows[0]!.id;
    for (const [c, colour] of chosen.entries()) {
      const { rows: opt } = await tx.query<{ id: number }>(
        'insert into product_options (product_id, colour_name, colour_value, position) values ($1, $2, $3, $4) returning id',
        [productId, colour.name, colour.value, c],
      );
      const optionId = opt[0]!.id;
      const own = mockups.filter((m) => m.colour === colour.name);
      for (const [position, m] of own.entries()) {
        const filename = `${input.name} ${colour.name} ${m.area}.webp`;
        const { rows: up } = await tx.query<{ id: number; slug: string; ext: string }>(
          `insert into media_uploads (division_id, user_id, filename, slug, ext, content_type, size, sha256, bytes)
           values ($1, $2, $3, $4, 'webp', 'image/webp', $5, $6, $7) returning id, slug, ext`,
          [divisionId, userId, filename, uploadSlug(filename), m.bytes.length, createHash('sha256').update(m.bytes).digest('hex'), m.bytes],
        );
        await tx.query('insert into product_images (product_id, option_id, src, alt_text, color, position) values ($1, $2, $3, $4, $5, $6)', [
          productId, optionId, uploadUrl(up[0]!), `${input.name} in ${colour.name}, ${m.area}`, colour.value.startsWith('#') ? colour.value : `#${colour.value}`, c * 10 + position,
        ]);
      }
      const values = input.sizes.map((_, s) => `($1, $2, $${s * 3 + 3}, $${s * 3 + 4}, $${s * 3 + 5}, ${s})`).join(', ');
      const params = input.sizes.flatMap((size) => [size, `${sku}-${colour.name.replace(/[^A-Za-z0-9]+/g, '').toUpperCase()}-${size}`, input.stock]);
      await tx.query(`insert into product_variants (product_id, option_id, size, sku, stock, position) values ${values}`, [productId, optionId, ...params]);
    }
    for (const [position, collectionId] of [...new Set(input.collections)].entries()) {
      await tx.query('insert into product_collections (product_id, collection_id, position) values ($1, $2, $3)', [productId, collectionId, 1000 + position]);
    }
    return { id: productId, urlName };
  });
}
