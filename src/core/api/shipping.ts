/** Shipping zones as the dashboard reads and writes them (GET/PUT /omnis/v3/divisions/{id}/shipping/). Minor units. */

export interface ZoneRateView {
  /** A shipping method code (GET …/shipping/ lists the methods). */
  method: string;
  /** VAT-inclusive. */
  price: number;
}

export interface ShippingZoneInput {
  name: string;
  /** ISO 3166-1 alpha-2; empty: the rest of the world. */
  countries: string[];
  /** Goods total (VAT-inclusive, after discounts) from which the first rate is free; null: never free. */
  freeOver: number | null;
  rates: ZoneRateView[];
}

export interface ShippingZoneView extends ShippingZoneInput {
  id: number;
}

export interface ShippingSettingsView {
  currency: string;
  /** The methods a zone can offer, with their list price (used by a store without zones). */
  methods: { code: string; name: string; description: string; price: number }[];
  zones: ShippingZoneView[];
  /** True when the store has not set zones yet and `zones` shows the defaults it ships with. */
  defaults: boolean;
}

/** What the basket and checkout say about delivery (part of the quote). */
export interface DeliveryView {
  zone: string;
  /** Null: this zone has no free delivery. */
  freeOver: number | null;
  /** The goods qualify: the standard rate is free. */
  free: boolean;
  /** How much more to spend for free delivery (0 when free, null when there is none). */
  remaining: number | null;
}
