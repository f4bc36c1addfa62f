/** The JSON of the order edit and address update calls (issue #15 parts 3 and 4). Money in minor units. */

export interface EditChoiceView {
  colour: string;
  /** Each size of the colour and how many units are in stock (not counting what this order holds). */
  sizes: { size: string; stock: number }[];
}

/** One item inside a set (an order item of its own, under the set's). */
export interface EditComponentView {
  id: number;
  name: string;
  colour: string | null;
  size: string | null;
  /** Units of it in one set. */
  quantity: number;
  /** The colours and sizes it may change to; empty when its product is no longer sold. */
  choices: EditChoiceView[];
}

export interface EditItemView {
  id: number;
  name: string;
  colour: string | null;
  size: string | null;
  quantity: number;
  unitPrice: number;
  /** A set: its quantity changes as a whole; the colour and size of each of its items can change one by one. */
  isBundle: boolean;
  components: EditComponentView[];
  /** The colours and sizes the item may change to; empty when the product is no longer sold. */
  choices: EditChoiceView[];
}

/** GET /omnis/v3/orders/{hash}/edit/ */
export interface OrderEditView {
  hash: string;
  number: number;
  status: string;
  statusLabel: string;
  currency: string;
  total: number;
  balanceDue: number;
  /** Null when the items can be changed; otherwise why not (shown as is). */
  refusal: string | null;
  items: EditItemView[];
}

/** One change: the item's new quantity (0 removes it) and, for a single item, its colour and size; for a set, the colour and size of its items. */
export interface EditChange {
  id: number;
  quantity: number;
  colour?: string;
  size?: string;
  components?: EditComponentChange[];
}

/** A new colour and size for one item of a set (its id is the component's, EditComponentView.id). */
export interface EditComponentChange {
  id: number;
  colour: string;
  size: string;
}

/** POST /omnis/v3/orders/{hash}/edit/ answer. */
export interface OrderEditResult {
  hash: string;
  number: number;
  previousTotal: number;
  total: number;
  /** What is left to pay at /pay/{hash}/ (0 when nothing). */
  balanceDue: number;
  refund: { amount: number; ok: boolean; message: string } | null;
  changes: string[];
}

/** POST /omnis/v3/orders/find/ body and answer. */
export interface OrderLookup {
  number: number;
  email: string;
}
