/** The JSON of the order edit and address update calls (issue #15 parts 3 and 4). Money in minor units. */

export interface EditChoiceView {
  colour: string;
  /** Each size of the colour and how many units are in stock (not counting what this order holds). */
  sizes: { size: string; stock: number }[];
}

export interface EditItemView {
  id: number;
  name: string;
  colour: string | null;
  size: string | null;
  quantity: number;
  unitPrice: number;
  /** A set: only its quantity can change (its items are listed, not chosen). */
  isBundle: boolean;
  components: { name: string; colour: string | null; size: string | null; quantity: number }[];
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

/** One change: the item's new quantity (0 removes it) and, for a single item, its colour and size. */
export interface EditChange {
  id: number;
  quantity: number;
  colour?: string;
  size?: string;
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
