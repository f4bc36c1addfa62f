import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Queryable } from '../db/database';
import { ApiError } from '../http/errors';
import type { BasketItem, BasketList, BasketListName } from '../../src/core/api/basket';
import { bundleStock, bundleStockError, bundleMessages, componentsOfLines, resolveBundleChoices, type BundleComponent, type BundleOptionInput } from './bundles';
import { countAttempt } from '../auth/rateLimit';

/**
 * The basket repository (docs/commerce-contract.md). A browser's basket id lives in the httpOnly cookie
 * `pod_basket`; `pod_has_basket=1` (readable by scripts) only tells the SPA there is something to fetch.
 * Prices are never stored: lines read the product's current price (sale price when lower).
 */

export const BASKET_COOKIE = 'pod_basket';
export const BASKET_MARKER_COOKIE = 'pod_has_basket';
const COOKIE_MAX_AGE_S = 90 * 24 * 3600;

export const basketMessages = {
  /** §8 add to cart failure. */
  unavailable: 'Oops... Looks like this product is no longer available',
  /** §8 bulk add with nothing added. */
  noneAdded: 'No items were added to basket',
  selectSize: 'Please select a size',
  /** §5.1 colour selector. */
  selectColour: 'Please select a colour',
  itemNotFound: 'This item is no longer in your basket',
  favouritesNotFound: 'This favourites list could not be found',
  favouritesEmpty: 'Your favourites list is empty',
  emailed: "We've emailed you a link to your favourites",
  outOfStock: 'Sorry, this size is out of stock',
  onlyLeft: (n: number) => `Sorry, only ${n} of this size ${n === 1 ? 'is' : 'are'} left in stock`,
} as const;

/** One line as checkout reads it (checkout imports this). */
export interface BasketLine {
  key: string;
  productId: number;
  variantId: number | null;
  optionId: number | null;
  name: string;
  colour: string | null;
  size: string | null;
  quantity: number;
  /** Minor units of the store currency: the sale price when lower. */
  unitPrice: number;
  vatRate: number;
  image: string | null;
  productUuid: string;
  urlName: string;
  /** A studio design (products.studio_design): the basket links back to the studio. */
  studioDesign: boolean;
  /** Units of this colour and size in stock (null without a size); for a bundle, whole bundles its components allow. */
  stock: number | null;
  /**
   * A bundle line of the main list: the colour and size chosen per bundle item (server/commerce/bundles.ts);
   * empty when the choices no longer match the bundle (the line cannot be bought). Null for other lines.
   */
  bundleItems: BundleComponent[] | null;
}

export interface BasketRef {
  id: string;
  divisionId: number;
  userId: number | null;
}

type Row = Record<string, unknown>;

/** The basket id the request's cookie names, when it looks like one (not checked against the database). */
export function basketIdOf(request: FastifyRequest): string | null {
  const raw = request.cookies[BASKET_COOKIE];
  return raw && /^[0-9a-f-]{36}$/i.test(raw) ? raw : null;
}

function setBasketCookies(request: FastifyRequest, reply: FastifyReply, id: string) {
  const base = { path: '/', sameSite: 'lax' as const, secure: request.protocol === 'https', maxAge: COOKIE_MAX_AGE_S };
  void reply.setCookie(BASKET_COOKIE, id, { ...base, httpOnly: true });
  void reply.setCookie(BASKET_MARKER_COOKIE, '1', { ...base, httpOnly: false });
}

export function clearBasketCookies(reply: FastifyReply) {
  void reply.clearCookie(BASKET_COOKIE, { path: '/' });
  void reply.clearCookie(BASKET_MARKER_COOKIE, { path: '/' });
}

/**
 * The request's basket in a store. Linking (no login hook needed): a cookie basket without an owner is claimed by
 * the signed-in user; a basket owned by someone else is ignored (a shared computer after a sign-out); a signed-in
 * user without a usable cookie gets their latest basket back and the cookie for it. With `create`, a new basket is
 * made when there is none; otherwise null.
 */
export async function resolveBasket(
  db: Queryable,
  request: FastifyRequest,
  reply: FastifyReply,
  divisionId: number,
  create: boolean,
): Promise<BasketRef | null> {
  const userId = request.auth?.id ?? null;
  const cookieId = basketIdOf(request);
  if (cookieId) {
    const { rows } = await db.query<Row>('select id, user_id from baskets where id = $1 and division_id = $2', [cookieId, divisionId]);
    const row = rows[0];
    if (row) {
      const owner = (row.user_id as number | null) ?? null;
      if (owner === null && userId !== null) {
        await db.query('update baskets set user_id = $2, updated_at = now() where id = $1', [cookieId, userId]);
        return { id: cookieId, divisionId, userId };
      }
      if (owner === null || owner === userId) return { id: cookieId, divisionId, userId: owner };
    }
  }
  if (userId !== null) {
    const { rows } = await db.query<Row>('select id from baskets where user_id = $1 and division_id = $2 order by updated_at desc limit 1', [userId, divisionId]);
    if (rows[0]) {
      setBasketCookies(request, reply, rows[0].id as string);
      return { id: rows[0].id as string, divisionId, userId };
    }
  }
  if (!create) {
    if (cookieId) clearBasketCookies(reply);
    return null;
  }
  // Anonymous baskets cost a row each: one address gets BASKET_ALLOWANCE per window, then 429.
  if (userId === null) await countAttempt(db, [`basket:ip:${request.ip}`]);
  const id = randomUUID();
  await db.query('insert into baskets (id, division_id, user_id) values ($1, $2, $3)', [id, divisionId, userId]);
  setBasketCookies(request, reply, id);
  return { id, divisionId, userId };
}

/** The lines of one list, oldest first, with current names, prices, images and stock. */
export async function loadBasket(db: Queryable, basketId: string, list: BasketListName): Promise<BasketLine[]> {
  const { rows } = await db.query<Row>(
    `select bi.key, bi.quantity, bi.product_id, bi.option_id, bi.variant_id, bi.bundle_options, p.is_bundle,
            p.name, p.uuid, p.url_name, p.vat_rate, p.studio_design is not null as studio_design,
            case when p.sale_price is not null and p.sale_price < p.price then p.sale_price else p.price end as unit_price,
            o.colour_name, v.size, v.stock, img.src
     from basket_items bi
     join products p on p.id = bi.product_id and p.enabled
     left join product_options o on o.id = bi.option_id
     left join product_variants v on v.id = bi.variant_id
     left join lateral (
       select i.src from product_images i where i.product_id = p.id
       order by (i.option_id is not distinct from bi.option_id) desc, i.position, i.id limit 1
     ) img on true
     where bi.basket_id = $1 and bi.list = $2
     order by bi.created_at, bi.id`,
    [basketId, list],
  );
  const bundleLines = list === 'main' ? rows.filter((r) => r.is_bundle === true) : [];
  const components = await componentsOfLines(
    db,
    bundleLines.map((r) => ({ key: r.key as string, productId: r.product_id as number, choices: r.bundle_options })),
  );
  return rows.map((r) => {
    const bundle = list === 'main' && r.is_bundle === true ? (components.get(r.key as string) ?? null) : undefined;
    return {
    key: r.key as string,
    productId: r.product_id as number,
    variantId: (r.variant_id as number | null) ?? null,
    optionId: (r.option_id as number | null) ?? null,
    name: r.name as string,
    colour: (r.colour_name as string | null) ?? null,
    size: (r.size as string | null) ?? null,
    quantity: r.quantity as number,
    unitPrice: r.unit_price as number,
    vatRate: Number(r.vat_rate),
    image: (r.src as string | null) ?? null,
    productUuid: r.uuid as string,
    urlName: r.url_name as string,
    studioDesign: r.studio_design === true,
    stock: bundle !== undefined ? (bundle && bundle.every((c) => c.available) ? bundleStock(bundle) : 0) : r.stock === null || r.stock === undefined ? null : (r.stock as number),
    bundleItems: bundle === undefined ? null : (bundle ?? []),
    };
  });
}

/** Empties one list (checkout calls this in its order transaction). */
export async function clearBasket(tx: Queryable, basketId: string, list: BasketListName): Promise<void> {
  await tx.query('delete from basket_items where basket_id = $1 and list = $2', [basketId, list]);
  await tx.query('update baskets set updated_at = now() where id = $1', [basketId]);
}

/** §7 list answer: items (key, quantity, name, priceIncTax, image, options, productUuid) plus the server's subtotal. */
export function toBasketList(lines: BasketLine[]): BasketList {
  const items: BasketItem[] = lines.map((l) => ({
    key: l.key,
    quantity: l.quantity,
    name: l.name,
    priceIncTax: l.unitPrice,
    image: l.image,
    options: { colour: l.colour, size: l.size },
    productUuid: l.productUuid,
    productId: l.productId,
    productUrl: l.urlName,
    productColor: l.colour,
    productSize: l.size,
    stock: l.stock,
    ...(l.studioDesign ? { studioDesign: true } : {}),
    ...(l.bundleItems
      ? {
          bundleItems: l.bundleItems.map((c) => ({
            bundleItemId: c.bundleItemId,
            name: c.name,
            productUrl: c.urlName,
            colour: c.colour,
            size: c.size,
            quantity: c.quantity,
            image: c.image,
          })),
        }
      : {}),
  }));
  return { items, subtotal: lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0), count: lines.reduce((n, l) => n + l.quantity, 0) };
}

export interface AddItemInput {
  productId?: number;
  productUrl?: string;
  /** A variant's SKU: how an embedded frame names what to add (§5.2). */
  variantSku?: string;
  productColor?: string;
  productSize?: string;
  quantity?: number;
}

/** A product url may be its urlName, its id, or a storefront path /product/{urlName}/{colour?}/. */
function productKeyOf(item: AddItemInput): { id: number } | { urlName: string } | null {
  if (item.productId !== undefined) return { id: item.productId };
  const url = item.productUrl?.trim();
  if (!url) return null;
  const match = /^\/?product\/([^/?#]+)/.exec(url.replace(/^https?:\/\/[^/]+/i, ''));
  let name: string;
  try {
    name = match ? decodeURIComponent(match[1]!) : url.replace(/^\/+|\/+$/g, '');
  } catch {
    return null; // a "%" not followed by two hex digits names no product
  }
  if (/^\d{1,9}$/.test(name)) return { id: Number(name) };
  return /^[A-Za-z0-9-]{1,200}$/.test(name) ? { urlName: name } : null;
}

const keyOf = (productId: number, optionId: number | null, variantId: number | null, bundle: unknown) => {
  const base = `${productId}-${optionId ?? 0}-${variantId ?? 0}`;
  if (bundle === undefined || bundle === null) return base;
  return `${base}-${createHash('sha256').update(JSON.stringify(bundle)).digest('hex').slice(0, 10)}`;
};

interface ResolvedItem {
  productId: number;
  optionId: number | null;
  variantId: number | null;
  stock: number | null;
  /** A bundle: its colours and sizes come from bundleOptions, one per bundle item. */
  isBundle?: boolean;
}

/** Finds the product, colour and size an item names; throws the §8 "no longer available" message otherwise. */
export async function resolveItem(db: Queryable, divisionId: number, item: AddItemInput, list: BasketListName): Promise<ResolvedItem> {
  if (item.variantSku) {
    const { rows } = await db.query<Row>(
      `select v.id, v.option_id, v.stock, p.id as product_id from product_variants v join products p on p.id = v.product_id
       where v.sku = $1 and p.division_id = $2 and p.enabled and (p.enable_add_to_cart or $3::text = 'favourites')`,
      [item.variantSku, divisionId, list],
    );
    const v = rows[0];
    if (!v) throw new ApiError(404, basketMessages.unavailable);
    return { productId: v.product_id as number, optionId: v.option_id as number, variantId: v.id as number, stock: v.stock as number };
  }
  const key = productKeyOf(item);
  if (!key) throw new ApiError(404, basketMessages.unavailable);
  const { rows } = await db.query<Row>(
    `select id, default_colour, enable_add_to_cart, is_bundle from products where division_id = $1 and enabled and ${'id' in key ? 'id = $2::int' : 'url_name = $2'}`,
    [divisionId, 'id' in key ? key.id : key.urlName],
  );
  const product = rows[0];
  if (!product || (list === 'main' && product.enable_add_to_cart === false)) throw new ApiError(404, basketMessages.unavailable);
  const productId = product.id as number;
  if (product.is_bundle === true) return { productId, optionId: null, variantId: null, stock: null, isBundle: true };
  const options = await db.query<Row>('select id, colour_name from product_options where product_id = $1 order by position, id', [productId]);
  let option: Row | undefined;
  if (item.productColor) {
    option = options.rows.find((o) => String(o.colour_name).toLowerCase() === item.productColor!.toLowerCase());
    if (!option) throw new ApiError(404, basketMessages.unavailable);
  } else if (options.rows.length === 1) {
    option = options.rows[0];
  } else if (options.rows.length > 1) {
    if (list === 'main') throw new ApiError(422, basketMessages.selectColour, { productColor: [basketMessages.selectColour] });
    option = options.rows.find((o) => o.colour_name === product.default_colour) ?? options.rows[0];
  }
  const optionId = option ? (option.id as number) : null;
  const variants = optionId === null ? { rows: [] as Row[] } : await db.query<Row>('select id, size, stock from product_variants where option_id = $1 order by position, id', [optionId]);
  if (!item.productSize) {
    if (list === 'main' && variants.rows.length > 1) throw new ApiError(422, basketMessages.selectSize, { productSize: [basketMessages.selectSize] });
    const only = list === 'main' ? variants.rows[0] : undefined;
    return { productId, optionId, variantId: only ? (only.id as number) : null, stock: only ? (only.stock as number) : null };
  }
  const variant = variants.rows.find((v) => String(v.size).toLowerCase() === item.productSize!.toLowerCase());
  if (!variant) throw new ApiError(404, basketMessages.unavailable);
  return { productId, optionId, variantId: variant.id as number, stock: variant.stock as number };
}

const stockError = (stock: number) => {
  const message = stock <= 0 ? basketMessages.outOfStock : basketMessages.onlyLeft(stock);
  return new ApiError(422, message, { quantity: [message] });
};

/**
 * Adds an item (or more of it) to a list. The main list never holds more of a size than is in stock (422);
 * favourites hold one of each and ignore stock. A bundle added to the main list needs a colour and size for every
 * bundle item (`bundleOptions`, server/commerce/bundles.ts); its line key hashes the variants chosen, so the same
 * choices are the same line and different ones are separate lines. Other products ignore bundleOptions.
 */
export async function addItem(
  db: Database,
  basket: BasketRef,
  list: BasketListName,
  item: AddItemInput,
  bundleOptions?: readonly BundleOptionInput[] | null,
): Promise<void> {
  const resolved = await resolveItem(db, basket.divisionId, item, list);
  const bundle = resolved.isBundle && list === 'main' ? await resolveBundleChoices(db, resolved.productId, bundleOptions) : null;
  const key = keyOf(resolved.productId, resolved.optionId, resolved.variantId, bundle?.choices);
  const quantity = list === 'favourites' ? 1 : (item.quantity ?? 1);
  await db.transaction(async (tx) => {
    // The basket row is the lock: two adds to the same basket never both pass the stock check.
    await tx.query('select id from baskets where id = $1 for update', [basket.id]);
    const existing = await tx.query<{ quantity: number }>('select quantity from basket_items where basket_id = $1 and list = $2 and key = $3', [basket.id, list, key]);
    const current = existing.rows[0]?.quantity ?? 0;
    if (list === 'favourites') {
      if (current > 0) return;
    } else if (bundle) {
      if (current + quantity > bundleStock(bundle.components)) throw bundleStockError(bundle.components);
    } else if (resolved.stock !== null && current + quantity > resolved.stock) {
      throw stockError(resolved.stock);
    }
    await tx.query(
      `insert into basket_items (basket_id, list, key, product_id, option_id, variant_id, quantity, bundle_options)
       values ($1, $2, $3, $4, $5, $6, $7, $8)
       on conflict (basket_id, list, key) do update set quantity = basket_items.quantity + excluded.quantity`,
      [basket.id, list, key, resolved.productId, resolved.optionId, resolved.variantId, quantity, bundle ? JSON.stringify(bundle.choices) : null],
    );
    await tx.query('update baskets set updated_at = now() where id = $1', [basket.id]);
  });
}

export async function removeItem(db: Queryable, basketId: string, list: BasketListName, key: string): Promise<void> {
  await db.query('delete from basket_items where basket_id = $1 and list = $2 and key = $3', [basketId, list, key]);
  await db.query('update baskets set updated_at = now() where id = $1', [basketId]);
}

/** Sets a line's quantity; 0 removes it; more than in stock is refused (422); an unknown key is a 404. */
export async function updateQuantity(db: Database, basketId: string, list: BasketListName, key: string, quantity: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('select id from baskets where id = $1 for update', [basketId]);
    const { rows } = await tx.query<Row>(
      `select bi.id, bi.product_id, bi.bundle_options, p.is_bundle, v.stock from basket_items bi
       join products p on p.id = bi.product_id left join product_variants v on v.id = bi.variant_id
       where bi.basket_id = $1 and bi.list = $2 and bi.key = $3`,
      [basketId, list, key],
    );
    const line = rows[0];
    if (!line) throw new ApiError(404, basketMessages.itemNotFound);
    if (quantity === 0) {
      await tx.query('delete from basket_items where id = $1', [line.id]);
    } else if (list === 'main' && line.is_bundle === true) {
      const components = (await componentsOfLines(tx, [{ key, productId: line.product_id as number, choices: line.bundle_options }])).get(key);
      if (!components || components.some((c) => !c.available)) throw new ApiError(404, bundleMessages.unavailable);
      if (quantity > bundleStock(components)) throw bundleStockError(components);
      await tx.query('update basket_items set quantity = $2 where id = $1', [line.id, quantity]);
    } else {
      const stock = (line.stock as number | null) ?? null;
      if (stock !== null && quantity > stock) throw stockError(stock);
      await tx.query('update basket_items set quantity = $2 where id = $1', [line.id, quantity]);
    }
    await tx.query('update baskets set updated_at = now() where id = $1', [basketId]);
  });
}

/** The favourites list's share token (made on first use): the `br` of a recover link. */
export async function shareTokenOf(db: Queryable, basketId: string): Promise<string> {
  const { rows } = await db.query<{ share_token: string | null }>('select share_token from baskets where id = $1', [basketId]);
  if (rows[0]?.share_token) return rows[0].share_token;
  const token = randomBytes(18).toString('base64url');
  const updated = await db.query<{ share_token: string }>(
    'update baskets set share_token = coalesce(share_token, $2) where id = $1 returning share_token',
    [basketId, token],
  );
  return updated.rows[0]!.share_token;
}

/** Copies the favourites of the basket a share token names into `target`; false when the token is unknown. */
export async function recoverFavourites(db: Queryable, target: BasketRef, token: string): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>('select id from baskets where share_token = $1 and division_id = $2', [token, target.divisionId]);
  const source = rows[0];
  if (!source) return false;
  if (source.id === target.id) return true;
  await db.query(
    `insert into basket_items (basket_id, list, key, product_id, option_id, variant_id, quantity)
     select $1, 'favourites', key, product_id, option_id, variant_id, 1 from basket_items where basket_id = $2 and list = 'favourites'
     on conflict (basket_id, list, key) do nothing`,
    [target.id, source.id],
  );
  await db.query('update baskets set updated_at = now() where id = $1', [target.id]);
  return true;
}
