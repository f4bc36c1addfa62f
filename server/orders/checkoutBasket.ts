import { SINGLE_USE_SPENT_SQL } from './returnsRemill';
import type { Queryable } from '../db/database';
import { ApiError } from '../http/errors';
import { computeTotals, couponDiscount, type CouponRule, type Totals } from './pricing';
import { qualifiesForFreeDelivery, ratesAtPrice, zoneFor, zonesOf } from './shippingZones';
import type { DeliveryView } from '../../src/core/api/shipping';
import { bundleStock, componentsOfLines, type BundleComponent } from '../commerce/bundles';

/**
 * The basket as checkout sees it: the "main" list of basket_items (docs/commerce-contract.md), re-priced from
 * the products table every time (the price a shopper pays is the sale price when lower, §3 onSale).
 */
export interface CheckoutLine {
  key: string;
  productId: number;
  variantId: number | null;
  name: string;
  sku: string;
  colour: string | null;
  size: string | null;
  quantity: number;
  unitPrice: number;
  vatRate: number;
  image: string | null;
  /** In stock for the quantity, enabled and sellable (a bundle: and every component). */
  available: boolean;
  /** Units in stock; for a bundle, whole bundles its components allow. */
  stock: number;
  /**
   * A bundle line: the variant chosen per bundle item (each `quantity` units per bundle), whose stock the order
   * reserves; empty when the choices no longer match the bundle. Null for other lines.
   */
  components: BundleComponent[] | null;
}

export const checkoutMessages = {
  noLongerAvailable: 'Oops... Looks like this product is no longer available',
  basketEmpty: 'Your basket is empty.',
  couponInvalid: 'This coupon code is not valid.',
  shippingUnavailable: 'This shipping method is not available for the chosen country.',
  idempotencyKeyRequired: 'An Idempotency-Key header is required to place an order.',
  notPayable: 'This order cannot be paid.',
  /** /pay/, PayPal capture or a replayed checkout of an order whose payment window passed (server/orders/expiry.ts). */
  orderExpired: 'Oops... Looks like this order has expired. Please place your order again.',
  /** A payment that arrived after expiry when the items were gone: nothing ships, the money goes back. */
  refundDue: 'Oops... Looks like this order expired before your payment arrived and its items are no longer available. Your payment will be refunded.',
} as const;

export async function loadCheckoutLines(db: Queryable, basketId: string): Promise<CheckoutLine[]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `select bi.key, bi.quantity, bi.product_id, bi.variant_id, bi.bundle_options, p.is_bundle, p.name, p.enabled, p.enable_add_to_cart, p.vat_rate, p.sku as product_sku,
            case when p.sale_price is not null and p.sale_price < p.price then p.sale_price else p.price end as unit_price,
            v.sku, v.size, v.stock, o.colour_name,
            (select i.src from product_images i where i.product_id = p.id order by (i.option_id is not distinct from o.id) desc, i.position, i.id limit 1) as image
     from basket_items bi
     join products p on p.id = bi.product_id
     left join product_variants v on v.id = bi.variant_id and v.product_id = p.id
     left join product_options o on o.id = coalesce(v.option_id, bi.option_id)
     where bi.basket_id = $1 and bi.list = 'main'
     order by bi.id`,
    [basketId],
  );
  const bundles = await componentsOfLines(
    db,
    rows.filter((r) => r.is_bundle === true).map((r) => ({ key: r.key as string, productId: r.product_id as number, choices: r.bundle_options })),
  );
  return rows.map((r) => {
    const quantity = r.quantity as number;
    const sellable = (r.enabled as boolean) && (r.enable_add_to_cart as boolean);
    if (r.is_bundle === true) {
      const components = bundles.get(r.key as string) ?? null;
      const stock = components && components.every((c) => c.available) ? bundleStock(components) : 0;
      return {
        key: r.key as string,
        productId: r.product_id as number,
        variantId: null,
        name: r.name as string,
        sku: (r.product_sku as string) || '',
        colour: null,
        size: null,
        quantity,
        unitPrice: r.unit_price as number,
        vatRate: Number(r.vat_rate),
        image: (r.image as string | null) ?? null,
        available: sellable && components !== null && stock >= quantity,
        stock,
        components: components ?? [],
      };
    }
    const stock = (r.stock as number | null) ?? 0;
    return {
      key: r.key as string,
      productId: r.product_id as number,
      variantId: (r.variant_id as number | null) ?? null,
      name: r.name as string,
      sku: ((r.sku as string | null) ?? (r.product_sku as string)) || '',
      colour: (r.colour_name as string | null) ?? null,
      size: (r.size as string | null) ?? null,
      quantity,
      unitPrice: r.unit_price as number,
      vatRate: Number(r.vat_rate),
      image: (r.image as string | null) ?? null,
      available: r.variant_id !== null && sellable && stock >= quantity,
      stock,
      components: null,
    };
  });
}

export interface ShippingMethod {
  code: string;
  name: string;
  description: string;
  region: 'uk' | 'international';
  price: number;
}

/** GB (and the common "UK" alias) is domestic; every other country is international. */
export const isUk = (country: string | null | undefined) => /^(gb|uk)$/i.test((country ?? '').trim());
export const normaliseCountry = (country: string) => (isUk(country) ? 'GB' : country.trim().toUpperCase());

export async function shippingMethods(db: Queryable): Promise<ShippingMethod[]> {
  const { rows } = await db.query<ShippingMethod>('select code, name, description, region, price from shipping_methods where active order by position, id');
  return rows;
}

export const methodsFor = (methods: ShippingMethod[], country: string | null) =>
  methods.filter((m) => (country ? (isUk(country) ? m.region === 'uk' : m.region === 'international') : true));

/** An active coupon by code (case-insensitive) valid in the store, or null. */
export async function findCoupon(db: Queryable, divisionId: number, code: string): Promise<CouponRule | null> {
  const { rows } = await db.query<{ code: string; percent_off: number | null; amount_off: number | null }>(
    `select code, percent_off, amount_off from coupons
     where lower(code) = lower($2) and active and (division_id is null or division_id = $1) and not ${SINGLE_USE_SPENT_SQL}
     order by division_id nulls last limit 1`,
    [divisionId, code.trim()],
  );
  const r = rows[0];
  return r ? { code: r.code, percentOff: r.percent_off, amountOff: r.amount_off } : null;
}

export interface Quote {
  lines: CheckoutLine[];
  shippingMethods: (ShippingMethod & { available: boolean })[];
  shippingMethod: ShippingMethod | null;
  coupon: { code: string; applied: boolean; message: string | null } | null;
  /** The store's zone for the country and its free delivery; null for a store without zones. */
  delivery: DeliveryView | null;
  totals: Totals;
}

/**
 * The methods a store offers for `country` at the price this basket pays, and what its zone says about free
 * delivery. A store with zones (server/orders/shippingZones.ts) prices by zone; one without offers the methods by
 * region at list price.
 */
export async function shippingFor(
  db: Queryable,
  divisionId: number,
  country: string | null,
  goods: number,
): Promise<{ offered: (ShippingMethod & { available: boolean })[]; delivery: DeliveryView | null }> {
  const zones = await zonesOf(db, divisionId);
  if (zones.length === 0) {
    const all = await shippingMethods(db);
    const available = methodsFor(all, country);
    return { offered: all.map((m) => ({ ...m, available: available.includes(m) })), delivery: null };
  }
  const zone = zoneFor(zones, country);
  if (!zone) return { offered: [], delivery: null };
  const offered = ratesAtPrice(zone, goods).map((r) => ({ ...r, region: isUk(country ?? 'GB') ? ('uk' as const) : ('international' as const), available: true }));
  const free = qualifiesForFreeDelivery(zone, goods);
  return {
    offered,
    delivery: { zone: zone.name, freeOver: zone.freeOver, free, remaining: zone.freeOver === null ? null : Math.max(0, zone.freeOver - goods) },
  };
}

/**
 * Everything checkout shows, computed on the server: the lines, the methods for the country with prices,
 * the chosen (or first available) method, the coupon and the totals. Unknown coupons and unavailable methods
 * are reported (strict = throw 422, for placing an order).
 */
export async function buildQuote(
  db: Queryable,
  divisionId: number,
  lines: CheckoutLine[],
  input: { country?: string | null; shippingMethod?: string | null; coupon?: string | null },
  strict: boolean,
): Promise<Quote> {
  const country = input.country?.trim() ? input.country : null;
  let coupon: Quote['coupon'] = null;
  let rule: CouponRule | null = null;
  if (input.coupon?.trim()) {
    rule = await findCoupon(db, divisionId, input.coupon);
    if (!rule && strict) throw new ApiError(422, checkoutMessages.couponInvalid, { coupon: [checkoutMessages.couponInvalid] });
    coupon = { code: rule?.code ?? input.coupon.trim(), applied: !!rule, message: rule ? null : checkoutMessages.couponInvalid };
  }
  // Free delivery counts the goods the shopper pays for: VAT included, after the coupon.
  const items = lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const { offered, delivery } = await shippingFor(db, divisionId, country, items - couponDiscount(rule, items));
  const available = offered.filter((m) => m.available);
  let method = input.shippingMethod ? (available.find((m) => m.code === input.shippingMethod) ?? null) : null;
  if (input.shippingMethod && !method && strict) throw new ApiError(422, checkoutMessages.shippingUnavailable, { shippingMethod: [checkoutMessages.shippingUnavailable] });
  method ??= available[0] ?? null;
  return {
    lines,
    shippingMethods: offered,
    shippingMethod: method,
    coupon,
    delivery,
    totals: computeTotals(lines, method?.price ?? 0, rule),
  };
}
