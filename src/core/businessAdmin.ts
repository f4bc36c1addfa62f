/** Staff and owner tables of the business screens (issue #16): stores and customers. */
export const BUSINESS_PER_PAGE = 25;

/** A row of /dashboard/stores/ (§3 Division with its Subdomain approval status text). */
export interface StoreRow {
  id: number;
  name: string;
  code: string;
  enabled: boolean;
  url: string | null;
  /** §3 Subdomain: "Approved", "Not modded yet" or "No approval item". */
  approvalStatus: string;
  hasPro: boolean;
  isFraud: boolean;
  owners: { id: number; email: string; name: string }[];
}

export interface Page<T> {
  data: T[];
  total: number;
  page: number;
  perPage: number;
  lastPage: number;
}

/** §3 Customer and User: a missing name displays as "Unknown". */
export function displayName(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const name = `${firstName ?? ''} ${lastName ?? ''}`.trim();
  return name === '' ? 'Unknown' : name;
}

/** Lead statuses of a customer (the spec names the field, not its values). */
export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'won', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = { new: 'New', contacted: 'Contacted', qualified: 'Qualified', won: 'Won', lost: 'Lost' };
/** §3 Tag: customer tags have types services and industries. */
export const CUSTOMER_TAG_TYPES = ['services', 'industries'] as const;
export type CustomerTagType = (typeof CUSTOMER_TAG_TYPES)[number];
export interface CustomerTag {
  type: CustomerTagType;
  name: string;
}
/** §3 Customer social handles. */
export const SOCIAL_HANDLES = ['website', 'videoSharing', 'mobile', 'shortMessage', 'video', 'socialNetwork1', 'socialNetwork2', 'photoSharing'] as const;
export type SocialHandle = (typeof SOCIAL_HANDLES)[number];

/** A row of /dashboard/customers/ (§3 Customer). */
export interface CustomerRow {
  id: number;
  /** "Unknown" when the customer gave no name. */
  name: string;
  email: string;
  verified: boolean;
  signedEula: boolean;
  internal: boolean;
  orders: number;
  tags: CustomerTag[];
  notes: string;
  leadStatus: LeadStatus;
  potentialValue: number | null;
  social: Partial<Record<SocialHandle, string>>;
  /** Store role and dashboard permissions in the store the list is for (owner lists), or their stores (staff). */
  stores: { divisionId: number; role: 'owner' | 'editor'; permissions: string[] }[];
}

export const customerMessages = {
  notFound: 'This customer is not one of your store’s customers',
  tagName: 'A tag needs a name of up to 50 characters',
} as const;

/** §3 Time interval codes a project is paid out on. */
export const PAYMENT_INTERVALS = ['weekly', 'fortnightly', 'monthly', 'quarterly'] as const;
export type PaymentInterval = (typeof PAYMENT_INTERVALS)[number];
/** Integration types: none (the first-party store) or an external platform. */
export const INTEGRATION_TYPES = ['', 'shopify', 'woocommerce', 'etsy', 'api'] as const;
export const PROJECT_CURRENCIES = ['GBP', 'EUR', 'USD'] as const;

/** A row of /dashboard/projects/ and /dashboard/manufacturers/ (§3 Manufacturer/project). */
export interface ProjectRow {
  id: number;
  name: string;
  email: string | null;
  badges: { code: string; unlocked: boolean; groups: string[] }[];
  isPro: boolean;
  force2fa: boolean;
  currency: string;
  paymentInterval: PaymentInterval;
  integrationType: string | null;
  betas: string[];
  isVip: boolean;
  isFraud: boolean;
  active: boolean;
  stores: { id: number; name: string }[];
}
export type ProjectSettings = Pick<ProjectRow, 'isPro' | 'force2fa' | 'currency' | 'paymentInterval' | 'integrationType' | 'betas' | 'isVip' | 'isFraud' | 'active'>;

/** A collection in the owner's list (/dashboard/collections/). */
export interface CollectionSummary {
  id: number;
  name: string;
  urlName: string;
  description: string;
  products: number;
}
export interface CollectionDetail extends CollectionSummary {
  /** The picture heading the collection's page and its cards; without one the store shows its best seller. */
  banner: { src: string; alt: string } | null;
  /** In the order the store shows them. */
  items: { id: number; name: string; sku: string; image: string | null }[];
}
export const collectionMessages = {
  taken: 'A collection with this name already exists',
  notFound: 'No such collection in this store',
  foreignProduct: 'Only products of this store can be added',
} as const;

/** The address part of a collection name: "Summer Tees!" → "summer-tees". */
export function collectionUrlName(name: string): string {
  return name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80) || 'collection';
}
