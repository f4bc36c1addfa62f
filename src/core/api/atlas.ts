/** What a scan at the picking station answers (server/orders/floor.ts), shown by atlas's picking screen. */
export interface PickResult {
  labelId: number;
  orderId: number;
  pigeonhole: number;
  /** Active units of the order picked so far, and in all. */
  picked: number;
  total: number;
  /** Every active unit is in the pigeonhole: the order moved to packing. */
  complete: boolean;
  status: string;
  product: string;
  colour: string | null;
  size: string | null;
  counter: number;
}
