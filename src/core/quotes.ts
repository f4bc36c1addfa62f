/**
 * Bespoke orders (§1 quote and advanced-quote flows, §4 bespoke groups): what a customer asks for, how staff price
 * it, and the totals both sides see. Pure: the server stores and checks with it, the quote pages draw with it.
 * Money is integer minor units; staff enter prices before VAT (a business quote), VAT is added on top.
 */

/** Garment sizes a quote can break its quantities into, in the order shown. */
export const QUOTE_SIZES = ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL'] as const;
/** Print positions (§3 Product designs: front, back, left, right). */
export const PRINT_POSITIONS = ['front', 'back', 'left', 'right'] as const;
/** How finished garments are packed. */
export const PACKAGING_OPTIONS = [
  { value: 'bulk', label: 'Bulk packed by size' },
  { value: 'bagged', label: 'Individually bagged' },
  { value: 'folded', label: 'Folded, bagged and size-labelled' },
] as const;
export type Packaging = (typeof PACKAGING_OPTIONS)[number]['value'];

/** Limits of a request. */
export const QUOTE_LIMITS = { products: 10, deliveries: 10, perSize: 100_000, text: 200, notes: 2000, breaks: 6, artworkBytes: 10 * 1024 * 1024 } as const;
/** The steps of /advanced-quote/ (the step a draft is resumed at is saved with it). */
export const ADVANCED_STEPS = ['Contact', 'Products', 'Delivery', 'Review'] as const;

export interface QuoteContact {
  name: string;
  email: string;
  phone: string;
  company: string;
}

export interface QuoteProductRequest {
  product: string;
  colour: string;
  /** Units per size (QUOTE_SIZES); missing sizes are 0. */
  sizes: Record<string, number>;
  positions: string[];
}

export interface QuoteDelivery {
  label: string;
  country: string;
  quantity: number;
}

export interface QuoteRequest {
  contact: QuoteContact;
  products: QuoteProductRequest[];
  /** yyyy-mm-dd or null. */
  deadline: string | null;
  /** ISO 3166-1 alpha-2 of the (main) delivery. */
  country: string;
  notes: string;
  packaging: Packaging;
  /** Split deliveries (advanced quotes); empty: everything to `country`. */
  deliveries: QuoteDelivery[];
  /** §3 Customer requestTerms: pay on account instead of up front. */
  requestTerms: boolean;
}

export const EMPTY_QUOTE_REQUEST: QuoteRequest = {
  contact: { name: '', email: '', phone: '', company: '' },
  products: [{ product: '', colour: '', sizes: {}, positions: ['front'] }],
  deadline: null,
  country: 'GB',
  notes: '',
  packaging: 'bulk',
  deliveries: [],
  requestTerms: false,
};

export interface QuotePriceBreak {
  /** The break applies from this many units of the line. */
  minQuantity: number;
  /** Per unit, before VAT. */
  unitPrice: number;
}

export interface QuoteLinePricing {
  breaks: QuotePriceBreak[];
  /** Print cost per unit (all positions), before VAT. */
  printCost: number;
}

export interface QuotePricing {
  /** One per requested product, in the same order. */
  lines: QuoteLinePricing[];
  /** Before VAT. */
  shipping: number;
  /** Percent, e.g. 20. */
  vatRate: number;
}

export interface PricedLine {
  product: string;
  colour: string;
  quantity: number;
  unitPrice: number;
  printCost: number;
  /** unitPrice + printCost. */
  unitTotal: number;
  net: number;
  tax: number;
}

export interface QuoteTotals {
  lines: PricedLine[];
  goodsNet: number;
  goodsTax: number;
  shippingNet: number;
  shippingTax: number;
  tax: number;
  total: number;
}

/** Units of one requested product (sum over sizes). */
export const lineQuantity = (line: Pick<QuoteProductRequest, 'sizes'>): number => Object.values(line.sizes).reduce((sum, n) => sum + (Number.isFinite(n) ? n : 0), 0);

/** The unit price of the highest break the quantity reaches (breaks need not be sorted); the lowest break otherwise. */
export function unitPriceFor(breaks: readonly QuotePriceBreak[], quantity: number): number {
  const sorted = [...breaks].sort((a, b) => a.minQuantity - b.minQuantity);
  let price = sorted[0]?.unitPrice ?? 0;
  for (const b of sorted) if (quantity >= b.minQuantity) price = b.unitPrice;
  return price;
}

const vatOf = (net: number, rate: number) => Math.round((net * rate) / 100);

/** The priced proposal: each line at its break's unit price plus print cost, shipping, VAT on top, the total. */
export function quoteTotals(request: Pick<QuoteRequest, 'products'>, pricing: QuotePricing): QuoteTotals {
  const lines = request.products.map((p, n) => {
    const linePricing = pricing.lines[n] ?? { breaks: [], printCost: 0 };
    const quantity = lineQuantity(p);
    const unitPrice = unitPriceFor(linePricing.breaks, quantity);
    const unitTotal = unitPrice + linePricing.printCost;
    const net = unitTotal * quantity;
    return { product: p.product, colour: p.colour, quantity, unitPrice, printCost: linePricing.printCost, unitTotal, net, tax: vatOf(net, pricing.vatRate) };
  });
  const goodsNet = lines.reduce((s, l) => s + l.net, 0);
  const goodsTax = lines.reduce((s, l) => s + l.tax, 0);
  const shippingTax = vatOf(pricing.shipping, pricing.vatRate);
  return { lines, goodsNet, goodsTax, shippingNet: pricing.shipping, shippingTax, tax: goodsTax + shippingTax, total: goodsNet + goodsTax + pricing.shipping + shippingTax };
}

/** Statuses in which staff may still change the price or the mock-up (before the customer approves). */
export const QUOTE_EDITABLE_STATUSES = ['quote', 'bespoke_idle', 'bespoke_requested_terms', 'bespoke_authorised_terms', 'bespoke_mockup'] as const;
export const isQuoteEditable = (status: string) => (QUOTE_EDITABLE_STATUSES as readonly string[]).includes(status);

/** Messages of the quote flows (the §5.1 wording where a rule applies). */
export const quoteMessages = {
  received: 'Thank you: your quote request is in. We have emailed you a link to follow it.',
  notFound: 'We could not find this quote. Check the link in your email.',
  deadlinePast: 'The deadline must be a date after today',
  noQuantity: 'Min 1',
  tooManyDeliveries: 'The split deliveries add up to more units than the quote has',
  submitted: 'This quote has been sent to us already and can no longer be changed here.',
  notPriced: 'Price the quote before sending a mock-up',
  notEditable: 'This quote has been approved: its price and mock-up can no longer change.',
  notAwaitingApproval: 'There is no mock-up waiting for your approval.',
  approved: 'Thank you: the quote is approved. You can pay for it now.',
  changesRequested: 'Thank you: we will send you a new proposal.',
  poNeedsTerms: 'Only a customer whose terms were authorised can order on a purchase order.',
  artworkMissing: 'Choose a file to upload',
  artworkTooLarge: 'Must be no larger than 10 MB',
  artworkFormats: 'Must upload the following formats: png, jpg, pdf, svg',
  mockupFormats: 'Must upload the following formats: png, jpg, webp',
} as const;

/** What the customer's quote page shows (GET /omnis/v3/quotes/{hash}/). */
export interface QuoteFileView {
  id: number;
  kind: 'artwork' | 'mockup';
  position: string | null;
  filename: string;
  url: string;
  contentType: string;
  createdAt: string;
}

export interface QuoteView {
  hash: string;
  number: number;
  kind: 'simple' | 'advanced';
  status: string;
  statusLabel: string;
  progress: number;
  step: number;
  submitted: boolean;
  request: QuoteRequest;
  /** Null until staff priced it. */
  proposal: QuoteTotals | null;
  currency: string;
  files: QuoteFileView[];
  customerComment: string | null;
  /** The customer can approve or ask for changes (a mock-up is waiting). */
  awaitingApproval: boolean;
  /** Approved and not yet paid: /pay/{hash}/. */
  payable: boolean;
  termsAuthorised: boolean;
  createdAt: string;
}
