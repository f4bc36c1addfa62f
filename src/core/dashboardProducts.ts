/** The owner's products table (/dashboard/products/) and the product-from-artwork form: payload types shared by browser and server. */
export const APPROVAL_STATUSES = ['pending', 'approved', 'denied'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const APPROVAL_LABELS: Record<ApprovalStatus, string> = { pending: 'Awaiting approval', approved: 'Approved', denied: 'Denied' };

export const PRODUCT_TABLE_SORTS = ['name', 'price', 'stock', 'created'] as const;
export type ProductTableSort = (typeof PRODUCT_TABLE_SORTS)[number];
export const PRODUCTS_PER_PAGE = 25;

export interface ProductRow {
  id: number;
  sku: string;
  name: string;
  urlName: string;
  image: string | null;
  price: number;
  salePrice: number | null;
  enabled: boolean;
  approvalStatus: ApprovalStatus;
  denialReason: string | null;
  stock: number;
  colours: number;
  createdAt: string;
}

export interface ProductTable {
  data: ProductRow[];
  total: number;
  page: number;
  perPage: number;
  lastPage: number;
  currency: string;
}

export interface ImportReport {
  rows: number;
  updated: number;
  unchanged: number;
  errors: { row: number; message: string }[];
}

export interface Artwork {
  id: number;
  url: string;
  width: number;
  height: number;
  contentType: string;
}

/** The base product a new product is made from, with what the form offers. */
export interface BaseProductChoice {
  sku: string;
  name: string;
  type: string;
  price: number;
  areas: string[];
  colours: { name: string; value: string }[];
  sizes: string[];
}

export interface ProfitQuote {
  price: number;
  production: number;
  print: number;
  prints: number;
  vat: number;
  margin: number;
}
