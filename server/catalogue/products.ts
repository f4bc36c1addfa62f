import { isCustomSku } from '../../src/core/studio';
import type { Queryable } from '../db/database';
import type { DivisionRef } from './division';
import { printCountOf, type BundleItemDetail, type ColourSwatch, type ImageRef, type Paginated, type ProductDetail, type ProductOption, type ProductSort, type ProductSummary } from '../../src/core/catalogue';

type Row = Record<string, unknown>;

/** The price a shopper pays: the sale price only when it is lower (§3 onSale). */
const EFFECTIVE_PRICE = 'case when p.sale_price is not null and p.sale_price < p.price then p.sale_price else p.price end';

// Whitelisted ORDER BY fragments; ties fall back to the id so pages never overlap.
const ORDER: Record<ProductSort, string> = {
  bestsellerOrder: 'p.bestseller_rank asc, p.id asc',
  'new-in': 'p.created_at desc, p.id desc',
  'price-low-high': `${EFFECTIVE_PRICE} asc, p.id asc`,
  'price-high-low': `${EFFECTIVE_PRICE} desc, p.id asc`,
  name: 'lower(p.name) asc, p.id asc',
};

/**
 * Inside a collection the default order is the one its owner set by dragging (then best sellers, for products
 * added before any order was set); the other sorts apply as they are.
 */
function orderOf(q: ProductQuery): string {
  if (q.collectionId === null || q.sort !== 'bestsellerOrder') return ORDER[q.sort];
  return `(select pc.position from product_collections pc where pc.product_id = p.id and pc.collection_id = $3::int) asc nulls last, ${ORDER.bestsellerOrder}`;
}

export interface ProductQuery {
  collectionId: number | null;
  sort: ProductSort;
  removeDuplicates: boolean;
  page: number;
  perPage: number;
}

// One row per product (its default colour) or, keeping duplicates, one per colour.
const OPTION = `
  left join lateral (
    select o.id, o.colour_name, o.position from product_options o where o.product_id = p.id
    order by (o.colour_name = p.default_colour) desc, o.position, o.id
    limit $2::int
  ) o on true`;

// A shopper's own studio design is sold to them only: never listed.
const WHERE = `
  where p.division_id = $1 and p.enabled and p.studio_design is null
    and ($3::int is null or exists (select 1 from product_collections pc where pc.product_id = p.id and pc.collection_id = $3::int))`;

// The entry's first image: of its colour when it has one.
const IMAGE = `
  left join lateral (
    select i.src, i.alt_text, i.color from product_images i where i.product_id = p.id
    order by (i.option_id is not distinct from o.id) desc, i.position, i.id limit 1
  ) img on true`;

export async function listProducts(db: Queryable, division: DivisionRef, q: ProductQuery): Promise<Paginated<ProductSummary>> {
  const params = [division.id, q.removeDuplicates ? 1 : null, q.collectionId];
  const [{ rows }, count] = await Promise.all([
    db.query<Row>(
      `select p.id, p.uuid, p.url_name, p.name, p.description, p.price, p.sale_price, o.colour_name, img.src, img.alt_text, img.color
       from products p ${OPTION} ${IMAGE} ${WHERE}
       order by ${orderOf(q)}, o.position nulls first
       limit $4::int offset $5::int`,
      [...params, q.perPage, (q.page - 1) * q.perPage],
    ),
    db.query<{ total: number }>(`select count(*)::int as total from products p ${OPTION} ${WHERE}`, params),
  ]);
  const total = count.rows[0]?.total ?? 0;
  const colours = await coloursOf(db, rows.map((r) => r.id as number));
  return {
    data: rows.map((r) => toSummary(r, colours, division)),
    page: q.page,
    perPage: q.perPage,
    total,
    lastPage: Math.max(1, Math.ceil(total / q.perPage)),
  };
}

/** Enabled products by id, in the order asked for; unknown or disabled ids are left out. */
export async function productsByIds(db: Queryable, ids: number[], divisionId: number | null): Promise<ProductSummary[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<Row>(
    `select p.id, p.uuid, p.url_name, p.name, p.description, p.price, p.sale_price, o.colour_name, img.src, img.alt_text, img.color,
            coalesce(c.name, d.name) as company_name
     from products p
     join divisions d on d.id = p.division_id and d.enabled
     left join companies c on c.id = d.company_id
     left join lateral (
       select o.id, o.colour_name from product_options o where o.product_id = p.id
       order by (o.colour_name = p.default_colour) desc, o.position, o.id limit 1
     ) o on true
     ${IMAGE}
     where p.id = any($1::int[]) and p.enabled and ($2::int is null or p.division_id = $2::int)`,
    [ids, divisionId],
  );
  const colours = await coloursOf(db, rows.map((r) => r.id as number));
  const byId = new Map(rows.map((r) => [r.id as number, toSummary(r, colours, { companyName: r.company_name as string })]));
  return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
}

async function coloursOf(db: Queryable, productIds: number[]): Promise<Map<number, ColourSwatch[]>> {
  const out = new Map<number, ColourSwatch[]>();
  if (productIds.length === 0) return out;
  const { rows } = await db.query<{ product_id: number; colour_name: string; colour_value: string }>(
    'select product_id, colour_name, colour_value from product_options where product_id = any($1::int[]) order by product_id, position, id',
    [[...new Set(productIds)]],
  );
  for (const r of rows) {
    const list = out.get(r.product_id) ?? [];
    list.push({ text: r.colour_name, value: r.colour_value });
    out.set(r.product_id, list);
  }
  return out;
}

const onSale = (price: number, sale: number | null) => sale !== null && sale < price;

function toSummary(r: Row, colours: Map<number, ColourSwatch[]>, division: Pick<DivisionRef, 'companyName'>): ProductSummary {
  const price = r.price as number;
  const salePrice = (r.sale_price as number | null) ?? null;
  return {
    id: r.id as number,
    uuid: r.uuid as string,
    urlName: r.url_name as string,
    name: r.name as string,
    description: r.description as string,
    price,
    salePrice,
    onSale: onSale(price, salePrice),
    image: r.src ? { src: r.src as string, alt: (r.alt_text as string) || (r.name as string), color: (r.color as string | null) ?? null } : null,
    colour: (r.colour_name as string | null) ?? null,
    colours: colours.get(r.id as number) ?? [],
    manufacturer: { name: division.companyName },
    // No reviews are collected yet; the shape is the §7 one so clients need no change when they are.
    reviews: { count: 0, average: null },
  };
}

/** §3 derived facts from the sku (the print count is src/core/catalogue.ts printCountOf). */
export const isBlankSku = (sku: string) => sku.includes('BLANK');
/** §3 custom products (sku prefixes GBro, STUSUB, FPD, API, CP): one rule, the studio's. */
export { isCustomSku };

const toImage = (r: Row, fallbackAlt: string): ImageRef => ({ src: r.src as string, alt: (r.alt_text as string) || fallbackAlt, color: (r.color as string | null) ?? null });

/** The colours of these products with their images and sizes with stock (§3 options), by product id. */
async function optionsOf(db: Queryable, products: { id: number; name: string }[]): Promise<Map<number, { options: ProductOption[]; images: ImageRef[]; sizes: string[] }>> {
  const ids = products.map((p) => p.id);
  const [options, images, variants] = await Promise.all([
    db.query<Row>('select id, product_id, colour_name, colour_value, pro from product_options where product_id = any($1::int[]) order by position, id', [ids]),
    db.query<Row>('select product_id, option_id, src, alt_text, color from product_images where product_id = any($1::int[]) order by position, id', [ids]),
    db.query<Row>('select id, product_id, option_id, size, sku, stock from product_variants where product_id = any($1::int[]) order by position, id', [ids]),
  ]);
  const out = new Map<number, { options: ProductOption[]; images: ImageRef[]; sizes: string[] }>();
  for (const product of products) {
    const own = (rows: Row[]) => rows.filter((r) => r.product_id === product.id);
    const productImages = own(images.rows);
    const productVariants = own(variants.rows);
    const list: ProductOption[] = own(options.rows).map((o) => {
      const optionImages = productImages.filter((i) => i.option_id === o.id).map((i) => toImage(i, product.name));
      const sizes = productVariants
        .filter((v) => v.option_id === o.id)
        .map((v) => ({ size: v.size as string, sku: v.sku as string, variantId: v.id as number, quantity: v.stock as number }));
      return {
        id: o.id as number,
        colourName: o.colour_name as string,
        colourValue: o.colour_value as string,
        pro: o.pro as boolean,
        thumbnail: optionImages[0]?.src ?? null,
        images: optionImages,
        sizes,
        stock: Object.fromEntries(sizes.map((s) => [s.size, { quantity: s.quantity }])),
      };
    });
    out.set(product.id, { options: list, images: productImages.map((i) => toImage(i, product.name)), sizes: [...new Set(productVariants.map((v) => v.size as string))] });
  }
  return out;
}

/** A bundle's items with their products' colours, images and sizes with stock (§3 bundleItems), in bundle order. */
async function bundleItemsOf(db: Queryable, bundleId: number): Promise<BundleItemDetail[]> {
  const { rows } = await db.query<Row>(
    `select bi.id, bi.quantity, p.id as product_id, p.url_name, p.name, p.default_colour, p.designs, ${EFFECTIVE_PRICE} as price,
            (p.enabled and p.enable_add_to_cart and not p.is_bundle) as available
     from product_bundle_items bi join products p on p.id = bi.product_id
     where bi.bundle_id = $1 order by bi.position, bi.id`,
    [bundleId],
  );
  const options = await optionsOf(db, rows.map((r) => ({ id: r.product_id as number, name: r.name as string })));
  return rows.map((r) => {
    const own = options.get(r.product_id as number)!;
    const defaultOption = own.options.find((o) => o.colourName === r.default_colour) ?? own.options[0];
    return {
      id: r.id as number,
      quantity: r.quantity as number,
      productId: r.product_id as number,
      urlName: r.url_name as string,
      name: r.name as string,
      price: r.price as number,
      available: r.available as boolean,
      defaultColour: defaultOption?.colourName ?? null,
      image: defaultOption?.images[0] ?? own.images[0] ?? null,
      colours: own.options.map((o) => ({ text: o.colourName, value: o.colourValue })),
      options: own.options,
      designs: (r.designs as Record<string, unknown>) ?? {},
    };
  });
}

/** One enabled product by urlName or numeric id, with colours, images, shoppers' photos, sizes and stock per size (and a bundle's items). */
export async function productDetail(db: Queryable, division: DivisionRef, key: string): Promise<ProductDetail | null> {
  const byId = /^\d{1,9}$/.test(key);
  const { rows } = await db.query<Row>(
    `select * from products where division_id = $1 and enabled and ${byId ? 'id = $2::int' : 'url_name = $2'}`,
    [division.id, key],
  );
  const p = rows[0];
  if (!p) return null;
  const id = p.id as number;
  const name = p.name as string;
  const isBundle = p.is_bundle === true;
  const [own, collections, ugc, bundleItems, creator] = await Promise.all([
    optionsOf(db, [{ id, name }]),
    db.query<Row>(
      `select c.name, c.url_name from product_collections pc join collections c on c.id = pc.collection_id
       where pc.product_id = $1 order by c.position, c.id`,
      [id],
    ),
    db.query<Row>('select src, alt_text, color from product_ugc_images where product_id = $1 order by position, id', [id]),
    isBundle ? bundleItemsOf(db, id) : Promise.resolve([]),
    db.query<{ name: string; url_name: string }>('select name, url_name from creators where id = $1', [p.creator_id ?? null]),
  ]);
  const { options: ownOptions, images: allImages, sizes: allSizes } = own.get(id)!;
  // A bundle's colours and sizes are its items' (bundleItems): it has none of its own.
  const optionList = isBundle ? [] : ownOptions;
  const defaultOption = optionList.find((o) => o.colourName === p.default_colour) ?? optionList[0];
  const price = p.price as number;
  const salePrice = (p.sale_price as number | null) ?? null;
  const designs = (p.designs as Record<string, unknown>) ?? {};
  const sku = p.sku as string;
  return {
    id,
    uuid: p.uuid as string,
    sku,
    urlName: p.url_name as string,
    name,
    description: p.description as string,
    metaTitle: (p.meta_title as string | null) ?? null,
    metaDescription: (p.meta_description as string | null) ?? null,
    type: p.type as string,
    gender: p.gender as string,
    price,
    salePrice,
    onSale: onSale(price, salePrice),
    vatRate: Number(p.vat_rate),
    enableAddToCart: p.enable_add_to_cart as boolean,
    // §3 customiseIt: the product page links to the studio on this garment.
    customiseIt: p.customise_it === true && p.is_editable_in_studio === true,
    defaultColour: defaultOption?.colourName ?? null,
    tags: (p.tags as string[]) ?? [],
    designs,
    collections: collections.rows.map((c) => ({ name: c.name as string, urlName: c.url_name as string })),
    image: defaultOption?.images[0] ?? allImages[0] ?? null,
    images: allImages,
    ugcImages: ugc.rows.map((r) => toImage(r, name)),
    colours: optionList.map((o) => ({ text: o.colourName, value: o.colourValue })),
    options: optionList,
    sizes: (isBundle ? [] : allSizes).map((s) => ({ text: s, value: s })),
    manufacturer: { name: division.companyName },
    reviews: { count: 0, average: null },
    printCount: printCountOf({ designs, bundleItems: isBundle ? bundleItems : null }),
    isBlank: isBlankSku(sku),
    isCustom: isCustomSku(sku),
    isBundle,
    bundleItems,
    creator: creator.rows[0] ? { name: creator.rows[0].name, urlName: creator.rows[0].url_name } : null,
  };
}

/**
 * §7 fetch-base-product: the enabled product of a store whose sku is `sku`, or that has a variant (colour + size)
 * with that sku. A product sku wins over a variant sku. Returns its id, or null.
 */
export async function productIdBySku(db: Queryable, divisionId: number, sku: string): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    `select id from (
       select p.id, 0 as rank from products p where p.division_id = $1 and p.enabled and p.sku = $2
       union all
       select p.id, 1 as rank from product_variants v join products p on p.id = v.product_id
       where p.division_id = $1 and p.enabled and v.sku = $2
     ) found order by rank, id limit 1`,
    [divisionId, sku],
  );
  return rows[0]?.id ?? null;
}
