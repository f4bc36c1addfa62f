/**
 * Catalogue and blog payloads of the §7 calls, shared by the API that builds them and the blocks that
 * read them, plus the storefront addresses of catalogue things. Types and pure functions only, so the server
 * pulls no browser code (and vice versa). Money is integer minor units of the store currency.
 */

import type { BlockPartsProductSort } from '../../src/core/generated/blockProperties';

/** Product orders of schemas/entities/blockParts.json#/$defs/productSort. */
export type ProductSort = BlockPartsProductSort;

/** Storefront addresses of catalogue things (§2.2 routes: /product/{product}/{colour?}, /collection/{collection}/). */
export const productHref = (urlName: string, colour?: string | null) => `/product/${urlName}/${colour ? `${encodeURIComponent(colour)}/` : ''}`;
export const collectionHref = (urlName: string) => `/collection/${urlName}/`;

/** Products per page of a collection page; its first page (best sellers first) is also its ItemList head data. */
export const COLLECTION_PAGE_SIZE = 24;

export interface ImageRef {
  src: string;
  alt: string;
  /** Hex of the garment colour the image shows, when it shows one. */
  color: string | null;
}

export interface ColourSwatch {
  /** §3 colour option: text (the colour name) and value (hex). */
  text: string;
  value: string;
}

/** A product as lists show it (§7 products: urlName, name, image, price, salePrice, manufacturer, id, description, reviews). */
export interface ProductSummary {
  id: number;
  uuid: string;
  urlName: string;
  name: string;
  description: string;
  price: number;
  salePrice: number | null;
  onSale: boolean;
  image: ImageRef | null;
  /** The colour this entry shows: the default colour, or each colour when duplicates are kept. */
  colour: string | null;
  colours: ColourSwatch[];
  manufacturer: { name: string };
  reviews: { count: number; average: number | null };
}

export interface Paginated<T> {
  data: T[];
  page: number;
  perPage: number;
  total: number;
  lastPage: number;
}

export interface SizeStock {
  size: string;
  sku: string;
  variantId: number;
  quantity: number;
}

export interface ProductOption {
  id: number;
  colourName: string;
  colourValue: string;
  pro: boolean;
  thumbnail: string | null;
  images: ImageRef[];
  sizes: SizeStock[];
  /** §3: stock keyed by size value, with stock.quantity. */
  stock: Record<string, { quantity: number }>;
}

/** One product with everything its page needs (§3 Product, including the derived facts). */
export interface ProductDetail extends Omit<ProductSummary, 'colour'> {
  sku: string;
  metaTitle: string | null;
  metaDescription: string | null;
  type: string;
  gender: string;
  vatRate: number;
  enableAddToCart: boolean;
  /** §3 customiseIt: a "Customise it" link opens the studio on this garment. */
  customiseIt?: boolean;
  defaultColour: string | null;
  tags: string[];
  designs: Record<string, unknown>;
  collections: { name: string; urlName: string }[];
  images: ImageRef[];
  /** §3 ugcImages: shoppers' photos of the product, shown in the product page's community section. */
  ugcImages: ImageRef[];
  options: ProductOption[];
  /** Every size offered by any colour, in size order (§3 size option: text, value). */
  sizes: { text: string; value: string }[];
  printCount: number;
  isBlank: boolean;
  isCustom: boolean;
  /** §3 isBundle: sold as a set of other products (bundleItems), each with its own colour and size. */
  isBundle: boolean;
  /** §3 bundleItems, in bundle order; empty unless isBundle. */
  bundleItems: BundleItemDetail[];
  /** The artist whose work the product carries, with a page at /creator/{urlName}/; null when unsigned. */
  creator: CreatorRef | null;
}

/** A store's artist as a product names them. */
export interface CreatorRef {
  name: string;
  urlName: string;
}

/** /creator/{urlName}/: a creator's profile and the store's products that carry their work. */
export interface CreatorProfile extends CreatorRef {
  bio: string;
  avatar: string | null;
  products: ProductSummary[];
}

export const creatorHref = (urlName: string) => `/creator/${urlName}/`;

/**
 * One component of a bundle as its product page shows it: the component product with its colours, images and
 * sizes with stock. `id` is the bundle item's id — what `bundleOptions[].bundleItemId` names when adding to the basket.
 */
export interface BundleItemDetail {
  id: number;
  /** Units of this product in one bundle (the chosen colour and size is taken this many times). */
  quantity: number;
  productId: number;
  urlName: string;
  name: string;
  /** What one unit of the product costs on its own (the sale price when lower): the bundle's saving is shown from it. */
  price: number;
  /** Enabled, sellable and not itself a bundle; a bundle with an unavailable item cannot be bought. */
  available: boolean;
  defaultColour: string | null;
  image: ImageRef | null;
  colours: ColourSwatch[];
  options: ProductOption[];
  designs: Record<string, unknown>;
}

/** What the §3 derived print count reads: the designs of a product, and the items when it is a bundle. */
export interface PrintCountSource {
  designs?: unknown;
  /** A bundle's items (null or absent for any other product). */
  bundleItems?: readonly { quantity: number; designs?: unknown }[] | null;
}

/**
 * §3 derived print count — the one implementation (product API, models fetch): 2 with front and back designs,
 * 1 with one, 0 with none; for bundles the sum over items, each item counted once per unit it holds.
 */
export function printCountOf(product: PrintCountSource): number {
  if (product.bundleItems) return product.bundleItems.reduce((sum, item) => sum + item.quantity * printCountOf({ designs: item.designs }), 0);
  const designs = product.designs && typeof product.designs === 'object' && !Array.isArray(product.designs) ? (product.designs as Record<string, unknown>) : {};
  return ['front', 'back'].filter((side) => !!designs[side]).length;
}

/** What a bundle's items cost bought separately (each item's price × its units). */
export const bundleItemsPrice = (items: readonly Pick<BundleItemDetail, 'price' | 'quantity'>[]) => items.reduce((sum, i) => sum + i.price * i.quantity, 0);

/** A bundle item can be bought when its product is available and some size holds one bundle's worth. */
export const bundleItemInStock = (item: Pick<BundleItemDetail, 'available' | 'options' | 'quantity'>) =>
  item.available && item.options.some((o) => o.sizes.some((s) => s.quantity >= item.quantity));

/** Whether anything of the product can be bought now: some size in stock; for a bundle, every item. */
export function productInStock(product: Pick<ProductDetail, 'options' | 'isBundle' | 'bundleItems'>): boolean {
  if (product.isBundle) return product.bundleItems.length > 0 && product.bundleItems.every(bundleItemInStock);
  return product.options.some((o) => o.sizes.some((s) => s.quantity > 0));
}

export interface CollectionSummary {
  id: number;
  name: string;
  urlName: string;
  description: string;
  /** The collection banner, or the image of its best-selling product when it has none. */
  banner: { src: string; alt: string; thumbnails: Record<string, string> } | null;
  productCount: number;
}

export interface BlogPostSummary {
  id: number;
  /** Slug: the post lives at /blog/{url}/. */
  url: string;
  title: string;
  excerpt: string;
  tags: string[];
  publishedAt: string;
  metaImage: { src: string; alt: string; banner: string; thumbnail: string } | null;
  /** Left out with lite=1. */
  body?: string;
}

export interface SocialPost {
  id: string;
  mediaType: 'IMAGE';
  mediaUrl: string;
  alt: string;
  caption: string;
  /** Where the photo leads: the product it shows. */
  permalink: string;
}

/** Answer of the marketing forms (§7 remill: type, message). */
export interface FormAnswer {
  type: 'success';
  message: string;
}
