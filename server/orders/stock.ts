import type { Queryable } from '../db/database';

/**
 * The one place stock is taken and given back. Checkout reserves with it, the expiry sweep and failed payments
 * release with it, a late payment reserves again with it. Callers pass units in ascending variant id — the order
 * every reservation locks stock rows in — so two transactions never deadlock.
 */
export interface StockUnits {
  variantId: number;
  quantity: number;
}

/**
 * Takes every unit, all or nothing. Answers null when all were taken; otherwise the first entry that was short,
 * with the units taken before it already given back (the caller's transaction may go on to record what happened).
 */
export async function takeStock(tx: Queryable, units: readonly StockUnits[]): Promise<StockUnits | null> {
  const taken: StockUnits[] = [];
  for (const unit of units) {
    const { rows } = await tx.query('update product_variants set stock = stock - $2 where id = $1 and stock >= $2 returning id', [unit.variantId, unit.quantity]);
    if (rows.length === 0) {
      await returnStock(tx, taken);
      return unit;
    }
    taken.push(unit);
  }
  return null;
}

/** Gives units back (a variant deleted since has nothing to return to: its update touches no row). */
export async function returnStock(tx: Queryable, units: readonly StockUnits[]): Promise<void> {
  for (const unit of units) await tx.query('update product_variants set stock = stock + $2 where id = $1', [unit.variantId, unit.quantity]);
}
