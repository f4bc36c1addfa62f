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
