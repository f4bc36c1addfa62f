import type { Database } from '../db/database';
import { ApiError, apiMessages } from '../http/errors';
import { checkoutMessages, shippingFor } from './checkoutBasket';
import { addressMessages, addressRefusal } from './orderEditWindows';
import { addressLines, queueAddressUpdatedMail } from './orderEditMails';
import type { MailBrand } from './mailBrand';
import { customerHashFor } from './orderHistory';
import type { Address } from '../../src/core/api/orders';

/**
 * Update address (issue #15 part 4): until the parcel is dispatched, the shopper sends the order somewhere else.
 * The address arrives validated and cleaned exactly as checkout does it (the route uses checkout's addressErrors
 * and cleanAddress). A new country must still be served by the order's shipping method at the price paid, or the
 * delivery charge would be wrong. The change is logged on the order (with the old address) and mailed.
 */
export async function updateAddress(db: Database, input: { divisionId: number; hash: string; address: Address; brand: MailBrand; origin: string | null }): Promise<Address> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      id: number;
      hash: string;
      status: string;
      email: string;
      total: number;
      shipping: number;
      shipping_tax: number;
      shipping_method: string;
      shipping_address: Address;
      history: string[] | null;
    }>(
      `select o.id, o.hash, o.status, o.email, o.total, o.shipping, o.shipping_tax, o.shipping_method, o.shipping_address,
              (select array_agg(l.status order by l.id) from order_status_logs l where l.order_id = o.id) as history
       from orders o where o.hash = $1 and o.division_id = $2 for update of o`,
      [input.hash, input.divisionId],
    );
    const order = rows[0];
    if (!order) throw new ApiError(404, apiMessages.notFound);
    const refusal = addressRefusal(order.status, order.history ?? []);
    if (refusal) throw new ApiError(409, refusal);

    const before = order.shipping_address;
    const after: Address = { ...input.address, ...(before.email && !input.address.email ? { email: before.email } : {}) };
    if (JSON.stringify(addressLines(before)) === JSON.stringify(addressLines(after)) && (before.eori ?? '') === (after.eori ?? '')) {
      throw new ApiError(422, addressMessages.nothingChanged);
    }
    if (after.country !== before.country) {
      const shippingPaid = order.shipping + order.shipping_tax;
      const { offered } = await shippingFor(tx, input.divisionId, after.country, order.total - shippingPaid);
      const method = offered.find((m) => m.available && m.code === order.shipping_method);
      if (!method) throw new ApiError(422, checkoutMessages.shippingUnavailable, { 'shippingAddress.country': [checkoutMessages.shippingUnavailable] });
      if (method.price !== shippingPaid) throw new ApiError(422, addressMessages.otherPrice, { 'shippingAddress.country': [addressMessages.otherPrice] });
    }

    await tx.query('update orders set shipping_address = $2, updated_at = now() where id = $1', [order.id, JSON.stringify(after)]);
    await tx.query('insert into order_status_logs (order_id, status, previous_status, user_id, note) values ($1, $2, $2, null, $3)', [
      order.id,
      order.status,
      `Delivery address updated by the shopper (was: ${addressLines(before).join(', ')})`,
    ]);
    const origin = input.origin ?? '';
    await queueAddressUpdatedMail(tx, input.brand, {
      to: order.email,
      number: order.id,
      address: after,
      links: { history: `${origin}/order-history/${await customerHashFor(tx, input.divisionId, order.email)}`, receipt: `${origin}/receipt/${order.hash}` },
    });
    return after;
  });
}
