import type { Queryable } from '../db/database';
import { ApiError } from '../http/errors';

/**
 * Bundle products (§3 isBundle, bundleItems; docs/commerce-contract.md "Bundles"). A bundle has no colours or
 * sizes of its own: a basket line of a bundle stores, in basket_items.bundle_options, the variant chosen for each
 * bundle item (`StoredChoice[]`, in bundle order). Everything else — names, stock, availability — is read from
 * the current catalogue whenever the line is listed, re-priced or ordered, so an edited bundle or a component
 * that is gone makes the line "no longer available" instead of selling something else.
 */

/** One entry of §7 addItemToCart `bundleOptions`: the colour and size chosen for one bundle item. */
export interface BundleOptionInput {
  bundleItemId: number;
  productColor?: string;
  productSize?: string;
}

/** What a basket line keeps per bundle item. */
export interface StoredChoice {
  bundleItemId: number;
  variantId: number;
}

/** A component of a bundle line as chosen, with the current catalogue facts. */
export interface BundleComponent {
  bundleItemId: number;
  productId: number;
  variantId: number;
  name: string;
  urlName: string;
  sku: string;
  colour: string;
  size: string;
  /** Units of this variant in ONE bundle. */
  quantity: number;
  /** Units of this variant in stock. */
  stock: number;
  image: string | null;
  /** The component product is enabled, sellable and not itself a bundle. */
  available: boolean;
}

export const bundleMessages = {
  /** §8 add to cart failure: the bundle, or one of its items, is gone or cannot be sold. */
  unavailable: 'Oops... Looks like this product is no longer available',
  selectColour: 'Please select a colour',
  selectSize: 'Please select a size',
  notInBundle: 'These options do not belong to this bundle',
  noColour: (name: string, colour: string) => `${name} does not come in "${colour}"`,
  noSize: (name: string, colour: string, size: string) => `${name} does not come in size "${size}" in ${colour}`,
  outOfStock: (name: string) => `Sorry, ${name} is out of stock in this size`,
  onlyLeft: (name: string, n: number) => `Sorry, only ${n} ${n === 1 ? 'set is' : 'sets are'} left with ${name} in this size`,
} as const;

type Row = Record<string, unknown>;

interface ItemRow {
  id: number;
  productId: number;
  quantity: number;
  name: string;
  urlName: string;
  available: boolean;
}

/** The current items of these bundles, in bundle order, by bundle id. */
async function itemsOf(db: Queryable, bundleIds: number[]): Promise<Map<number, ItemRow[]>> {
  const out = new Map<number, ItemRow[]>();
  if (bundleIds.length === 0) return out;
  const { rows } = await db.query<Row>(
    `select bi.id, bi.bundle_id, bi.product_id, bi.quantity, p.name, p.url_name,
            (p.enabled and p.enable_add_to_cart and not p.is_bundle) as available
     from product_bundle_items bi join products p on p.id = bi.product_id
     where bi.bundle_id = any($1::int[]) order by bi.bundle_id, bi.position, bi.id`,
    [[...new Set(bundleIds)]],
  );
  for (const r of rows) {
    const list = out.get(r.bundle_id as number) ?? [];
    list.push({ id: r.id as number, productId: r.product_id as number, quantity: r.quantity as number, name: r.name as string, urlName: r.url_name as string, available: r.available as boolean });
    out.set(r.bundle_id as number, list);
  }
  return out;
}

/** Error keys name the bundle item by its id: `bundleOptions.{bundleItemId}.productColor`. */
const field = (bundleItemId: number, name: 'productColor' | 'productSize') => `bundleOptions.${bundleItemId}.${name}`;
const invalid = (message: string, key: string, fieldMessage = message) => new ApiError(422, message, { [key]: [fieldMessage] });

/**
 * Turns a shopper's bundleOptions into the variant of every bundle item, or throws: 404 with the §8 message when
 * the bundle has no items or one is gone; 422 when a choice is missing (the §5.1 "Please select a colour/size",
 * naming the item in the message), names a colour or size the item does not have, or names an item that is not
 * in the bundle. One variant per bundle item, in bundle order — so the same choices give the same line key.
 */
export async function resolveBundleChoices(db: Queryable, bundleId: number, input: readonly BundleOptionInput[] | null | undefined): Promise<{ choices: StoredChoice[]; components: BundleComponent[] }> {
  const items = (await itemsOf(db, [bundleId])).get(bundleId) ?? [];
  if (items.length === 0 || items.some((i) => !i.available)) throw new ApiError(404, bundleMessages.unavailable);
  const entries = input ?? [];
  const seen = new Set<number>();
  for (const entry of entries) {
    if (!items.some((i) => i.id === entry.bundleItemId) || seen.has(entry.bundleItemId)) throw invalid(bundleMessages.notInBundle, 'bundleOptions');
    seen.add(entry.bundleItemId);
  }
  const { rows: variants } = await db.query<Row>(
    `select v.id, v.product_id, v.size, v.sku, v.stock, o.colour_name,
            (select i.src from product_images i where i.product_id = v.product_id order by (i.option_id = o.id) desc, i.position, i.id limit 1) as image
     from product_variants v join product_options o on o.id = v.option_id
     where v.product_id = any($1::int[]) order by o.position, o.id, v.position, v.id`,
    [items.map((i) => i.productId)],
  );
  const choices: StoredChoice[] = [];
  const components: BundleComponent[] = [];
  for (const item of items) {
    const entry = entries.find((e) => e.bundleItemId === item.id);
    const own = variants.filter((v) => v.product_id === item.productId);
    // A component without a single colour and size cannot be sold.
    if (own.length === 0) throw new ApiError(404, bundleMessages.unavailable);
    const colours = [...new Set(own.map((v) => v.colour_name as string))];
    let colour: string | undefined;
    if (entry?.productColor?.trim()) {
      colour = colours.find((c) => c.toLowerCase() === entry.productColor!.trim().toLowerCase());
      if (!colour) throw invalid(bundleMessages.noColour(item.name, entry.productColor.trim()), field(item.id, 'productColor'));
    } else if (colours.length === 1) {
      colour = colours[0];
    } else {
      throw invalid(`${bundleMessages.selectColour} for ${item.name}`, field(item.id, 'productColor'), bundleMessages.selectColour);
    }
    const sizes = own.filter((v) => v.colour_name === colour);
    let variant: Row | undefined;
    if (entry?.productSize?.trim()) {
      variant = sizes.find((v) => String(v.size).toLowerCase() === entry.productSize!.trim().toLowerCase());
      if (!variant) throw invalid(bundleMessages.noSize(item.name, colour!, entry.productSize.trim()), field(item.id, 'productSize'));
    } else if (sizes.length === 1) {
      variant = sizes[0];
    } else {
      throw invalid(`${bundleMessages.selectSize} for ${item.name}`, field(item.id, 'productSize'), bundleMessages.selectSize);
    }
    choices.push({ bundleItemId: item.id, variantId: variant!.id as number });
    components.push(toComponent(item, variant!));
  }
  return { choices, components };
}

function toComponent(item: ItemRow, v: Row): BundleComponent {
  return {
    bundleItemId: item.id,
    productId: item.productId,
    variantId: v.id as number,
    name: item.name,
    urlName: item.urlName,
    sku: v.sku as string,
    colour: v.colour_name as string,
    size: v.size as string,
    quantity: item.quantity,
    stock: v.stock as number,
    image: (v.image as string | null) ?? null,
    available: item.available,
  };
}

const isChoiceList = (value: unknown): value is StoredChoice[] =>
  Array.isArray(value) && value.every((c) => c && typeof c === 'object' && Number.isInteger((c as StoredChoice).bundleItemId) && Number.isInteger((c as StoredChoice).variantId));

/**
 * The components of bundle lines (`choices` as stored in basket_items.bundle_options), by line key. A line whose
 * choices no longer match its bundle — an item added or removed since, a chosen variant deleted — maps to null:
 * it cannot be bought (§8 "no longer available"). Lines of other products are left out.
 */
export async function componentsOfLines(db: Queryable, lines: readonly { key: string; productId: number; choices: unknown }[]): Promise<Map<string, BundleComponent[] | null>> {
  const out = new Map<string, BundleComponent[] | null>();
  if (lines.length === 0) return out;
  const items = await itemsOf(db, lines.map((l) => l.productId));
  const variantIds = lines.flatMap((l) => (isChoiceList(l.choices) ? l.choices.map((c) => c.variantId) : []));
  const { rows } = await db.query<Row>(
    `select v.id, v.product_id, v.size, v.sku, v.stock, o.colour_name,
            (select i.src from product_images i where i.product_id = v.product_id order by (i.option_id = o.id) desc, i.position, i.id limit 1) as image
     from product_variants v join product_options o on o.id = v.option_id where v.id = any($1::int[])`,
    [[...new Set(variantIds)]],
  );
  const variants = new Map(rows.map((r) => [r.id as number, r]));
  for (const line of lines) {
    const own = items.get(line.productId) ?? [];
    const choices = isChoiceList(line.choices) ? line.choices : null;
    if (!choices || own.length === 0 || choices.length !== own.length) {
      out.set(line.key, null);
      continue;
    }
    const components: BundleComponent[] = [];
    for (const [i, item] of own.entries()) {
      const choice = choices[i]!;
      const variant = variants.get(choice.variantId);
      if (choice.bundleItemId !== item.id || !variant || variant.product_id !== item.productId) break;
      components.push(toComponent(item, variant));
    }
    out.set(line.key, components.length === own.length ? components : null);
  }
  return out;
}

/** Whole bundles the components' stock allows (a variant chosen for two items counts for both). */
export function bundleStock(components: readonly BundleComponent[]): number {
  const need = new Map<number, { stock: number; units: number }>();
  for (const c of components) {
    const entry = need.get(c.variantId) ?? { stock: c.stock, units: 0 };
    entry.units += c.quantity;
    need.set(c.variantId, entry);
  }
  let bundles = Number.MAX_SAFE_INTEGER;
  for (const { stock, units } of need.values()) bundles = Math.min(bundles, Math.floor(Math.max(0, stock) / units));
  return need.size === 0 ? 0 : bundles;
}

/** The stock message naming the first component that holds the bundle back. */
export function bundleStockError(components: readonly BundleComponent[]): ApiError {
  const left = bundleStock(components);
  const short = components.find((c) => Math.floor(Math.max(0, c.stock) / c.quantity) <= left) ?? components[0]!;
  const message = left <= 0 ? bundleMessages.outOfStock(short.name) : bundleMessages.onlyLeft(short.name, left);
  return new ApiError(422, message, { quantity: [message] });
}
