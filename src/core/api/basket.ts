/**
 * Basket and favourites payloads (§7 basket calls), shared by the API that builds them and the SPA that reads
 * them. Types only. Money is integer minor units of the store currency.
 */

export type BasketListName = 'main' | 'favourites';

/** §7 list item (key, quantity, name, priceIncTax, image, options, productUuid) and the §3 favourite fields. */
export interface BasketItem {
  key: string;
  quantity: number;
  name: string;
  /** Unit price including tax, minor units of the store currency (the sale price when lower). */
  priceIncTax: number;
  image: string | null;
  options: { colour: string | null; size: string | null };
  productUuid: string;
  productId: number;
  /** The product's urlName: the page is /product/{productUrl}/{colour}/. */
  productUrl: string;
  productColor: string | null;
  productSize: string | null;
  /** Units of this colour and size in stock; null when no size is chosen (favourites). For a bundle: whole bundles in stock. */
  stock: number | null;
  /** A shopper's own design from the studio: the basket links back to it to edit (a saved design opens as a copy). */
  studioDesign?: boolean;
  /**
   * A bundle in the main list: the colour and size chosen for each of its items, in bundle order. Empty when the
   * bundle changed or an item is gone since (the line can only be removed). Absent for other lines.
   */
  bundleItems?: BasketBundleItem[];
}

export interface BasketBundleItem {
  bundleItemId: number;
  name: string;
  /** The component product's urlName. */
  productUrl: string;
  colour: string;
  size: string;
  /** Units of this colour and size in one bundle. */
  quantity: number;
  image: string | null;
}

export interface BasketList {
  items: BasketItem[];
  /** Sum of priceIncTax × quantity, computed by the server. */
  subtotal: number;
  /** Sum of quantities (the header badge). */
  count: number;
  /** bulkAddItemsToCart: how it went when only some items were added. */
  message?: string;
  /** bulkAddItemsToCart: positions (in the request) of the items that could not be added. */
  unavailable?: number[];
}
