import type { DeliveryView } from './shipping';
import type { Totals, VatLine } from '../orders';
import type { ProgressKind } from '../orderLifecycle';
/** The JSON the checkout and order endpoints answer (shared by server and browser). */

export interface Address {
  firstName: string;
  lastName: string;
  company?: string;
  street: string;
  city: string;
  state?: string;
  zip: string;
  /** ISO 3166-1 alpha-2, e.g. GB, DE. */
  country: string;
  email?: string;
  /** Shipping address only; for deliveries outside the UK (customs). */
  eori?: string;
}

export type { VatLine } from '../orders';

/** What the receipt shows of the totals. */
export type TotalsView = Omit<Totals, 'currency' | 'vat' | 'lines'>;

/** What was chosen for one item of a bundle (a bundle's basket/checkout line, or an ordered bundle's child item). */
export interface BundleComponentView {
  name: string;
  sku: string;
  colour: string | null;
  size: string | null;
  /** Units of this colour and size in ONE bundle (the line holds this × the line's quantity). */
  quantity: number;
}

export interface OrderItemView {
  name: string;
  sku: string;
  options: { colour?: string | null; size?: string | null };
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  tax: number;
  discount: number;
  vatRate: number;
  /** A bundle: its component items (price 0; the bundle carries price and tax). */
  components?: BundleComponentView[];
}

export interface OrderView {
  hash: string;
  number: number;
  status: string;
  statusLabel: string;
  progress: number;
  payable: boolean;
  /** Left to pay after an edit made the order dearer (/pay/{hash}/); 0 when nothing. */
  balanceDue: number;
  /** Items can still change (/edit-order/{hash}) / the delivery address can (/update-address/{hash}). */
  canEdit: boolean;
  canUpdateAddress: boolean;
  createdAt: string;
  email: string;
  currency: string;
  couponCode: string | null;
  items: OrderItemView[];
  totals: TotalsView;
  vat: VatLine[];
  shippingAddress: Address;
  billingAddress: Address;
  shippingMethod: { code: string; name: string };
  paymentMethod: string;
  seller: { name: string; domain: string | null };
  statusLog: { status: string; createdAt: string }[];
  paymentAttempts: { message: string; isSuccessful: boolean; paymentMethodName: string; createdAt: string }[];
  /** §4 group set the progress follows (normal, bespoke, paper). */
  progressKind: ProgressKind;
  /** The shopper's order-history key (/order-history/{customerHash}); given by GET /omnis/v3/orders/{hash}/. */
  customerHash?: string;
  /** The receipt offers "Return items" (/returns/{hash}); given by GET /omnis/v3/orders/{hash}/. */
  returnable?: boolean;
  /** Tracking codes the order was dispatched with, oldest first. */
  trackingCodes: { code: string; carrier: string | null; createdAt: string }[];
}

export interface QuoteLineView {
  key: string;
  name: string;
  colour: string | null;
  size: string | null;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  image: string | null;
  available: boolean;
  /** A bundle: the colour and size chosen for each of its items. */
  components?: BundleComponentView[];
}

export interface ShippingMethodView {
  code: string;
  name: string;
  description: string;
  price: number;
  available: boolean;
}

export interface QuoteView {
  currency: string;
  lines: QuoteLineView[];
  shippingMethods: ShippingMethodView[];
  shippingMethod: string | null;
  coupon: { code: string; applied: boolean; message: string | null } | null;
  /** The store's shipping zone for the country and its free delivery; null for a store without zones. */
  delivery: DeliveryView | null;
  totals: TotalsView;
  vat: VatLine[];
}

export interface PublicPaymentConfig {
  card: 'test' | 'stripe';
  wallet: 'test' | 'paypal';
  stripePublishableKey: string | null;
  paypalClientId: string | null;
}

/** What placing an order or paying answers. */
export interface PlaceResponse {
  order: { hash: string; number: number; status: string };
  /** paid: done; pending: finish with the processor (Stripe clientSecret / PayPal approveUrl). */
  payment: { status: 'paid' | 'pending'; clientSecret?: string; approveUrl?: string };
}
