import type { Totals, VatLine } from '../../src/core/orders';
/**
 * Order totals, computed only here (server) in integer minor units.
 *
 * VAT: product prices and shipping prices INCLUDE UK VAT at the standard rate of 20%. A product's vat_rate
 * (§3 vatRate, default 1) is the multiple of that standard rate it bears: 1 → 20%, 0 → zero-rated (e.g.
 * children's clothing), 0.25 → 5%. The VAT inside a VAT-inclusive amount g at rate r is round(g × r / (1 + r)).
 *
 * The stored figures are net of VAT so that the contract's formula holds exactly:
 *   total = subtotal + shipping + shippingTax + goodsTax − discount
 * where subtotal = goods net of VAT before the discount, discount = the discount net of the VAT it removes,
 * goodsTax = VAT on the discounted goods, shipping/shippingTax = shipping net/VAT. The shopper-facing figures
 * (goods, discount and shipping including VAT) are returned beside them, and total = goods − discount + shipping
 * (all inclusive), to the penny.
 */

export const STANDARD_VAT_RATE = 0.2;

export interface PricedLine {
  unitPrice: number;
  quantity: number;
  vatRate: number;
}

export interface CouponRule {
  code: string;
  percentOff: number | null;
  amountOff: number | null;
}

export type { Totals, VatLine } from '../../src/core/orders';

const vatIn = (gross: number, rate: number) => Math.round((gross * rate) / (1 + rate));

/** The effective VAT rate (fraction) for a §3 vatRate multiplier. */
export const vatRateOf = (multiplier: number) => Math.round(STANDARD_VAT_RATE * multiplier * 10000) / 10000;

/** The VAT-inclusive amount a coupon takes off goods worth `goods`. */
export function couponDiscount(coupon: CouponRule | null, goods: number): number {
  if (!coupon) return 0;
  const off = coupon.percentOff !== null ? Math.round((goods * coupon.percentOff) / 100) : (coupon.amountOff ?? 0);
  return Math.max(0, Math.min(goods, off));
}

/** Splits `amount` across `weights` pro rata; rounding remainders go to the heaviest. */
function allocate(amount: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0 || amount === 0) return weights.map(() => 0);
  const shares = weights.map((w) => Math.floor((amount * w) / sum));
  const rest = amount - shares.reduce((a, b) => a + b, 0);
  const heaviest = weights.indexOf(Math.max(...weights));
  shares[heaviest]! += rest;
  return shares;
}

export function computeTotals(lines: PricedLine[], shippingPrice: number, coupon: CouponRule | null, currency = 'GBP'): Totals {
  const gross = lines.map((l) => l.unitPrice * l.quantity);
  const itemsIncTax = gross.reduce((a, b) => a + b, 0);
  const discountIncTax = couponDiscount(coupon, itemsIncTax);
  const lineDiscounts = allocate(discountIncTax, gross);
  const rates = lines.map((l) => vatRateOf(l.vatRate));
  const lineTax = lines.map((_, i) => vatIn(gross[i]! - lineDiscounts[i]!, rates[i]!));
  const taxBeforeDiscount = lines.reduce((sum, _, i) => sum + vatIn(gross[i]!, rates[i]!), 0);
  const goodsTax = lineTax.reduce((a, b) => a + b, 0);
  const shippingTax = vatIn(shippingPrice, STANDARD_VAT_RATE);
  const subtotal = itemsIncTax - taxBeforeDiscount;
  const discount = discountIncTax - (taxBeforeDiscount - goodsTax);
  const shipping = shippingPrice - shippingTax;
  const total = subtotal + shipping + shippingTax + goodsTax - discount;

  // VAT breakdown by rate (goods after discount, plus shipping at the standard rate).
  const byRate = new Map<number, VatLine>();
  const add = (rate: number, g: number, v: number) => {
    const key = Math.round(rate * 10000) / 100;
    const row = byRate.get(key) ?? { rate: key, net: 0, vat: 0, gross: 0 };
    row.gross += g;
    row.vat += v;
    row.net = row.gross - row.vat;
    byRate.set(key, row);
  };
  lines.forEach((_, i) => add(rates[i]!, gross[i]! - lineDiscounts[i]!, lineTax[i]!));
  if (shippingPrice > 0) add(STANDARD_VAT_RATE, shippingPrice, shippingTax);

  return {
    currency,
    itemsIncTax,
    discountIncTax,
    shippingIncTax: shippingPrice,
    subtotal,
    discount,
    shipping,
    shippingTax,
    goodsTax,
    tax: goodsTax + shippingTax,
    total,
    vat: [...byRate.values()].sort((a, b) => b.rate - a.rate),
    lines: lines.map((_, i) => ({ tax: lineTax[i]!, discount: lineDiscounts[i]! })),
  };
}
