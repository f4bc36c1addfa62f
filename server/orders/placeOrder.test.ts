import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { openTestContext } from '../testing/testContext';
import { TestClient } from '../auth/testClient';
import { createTestProcessor, TEST_CARDS } from '../payments/testProcessor';
import type { ChargeRequest, PaymentProcessor } from '../payments/types';
import { CHARGE_REVERSED_NOTE, placeOrder, type PlaceInput } from './placeOrder';

/** Checkout as steps: reserve (short transaction) → charge (no transaction) → confirm (short transaction). */

let t: Awaited<ReturnType<typeof openTestContext>>;
let ip = 20;
beforeAll(async () => {
  t = await openTestContext();
});
afterAll(async () => t?.close());

const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', street: '1 Analytical Row', city: 'London', zip: 'N1 9GU', country: 'GB' };

/** A sellable variant of the demo catalogue with its stock set. */
async function variant(stock: number) {
  const { rows } = await t.ctx.db.query<{ id: number; product_id: number; colour_name: string; size: string }>(
    `select v.id, p.id as product_id, o.colour_name, v.size from product_variants v
     join products p on p.id = v.product_id join product_options o on o.id = v.option_id
     where p.enabled and p.enable_add_to_cart order by v.id limit 1`,
  );
  const v = rows[0]!;
  await t.ctx.db.query('update product_variants set stock = $2 where id = $1', [v.id, stock]);
  return v;
}
const stockOf = async (id: number) => (await t.ctx.db.query<{ stock: number }>('select stock from product_variants where id = $1', [id])).rows[0]!.stock;

/** A basket (its id) holding one unit of the variant, and the shopper's client. */
async function basketWith(v: Awaited<ReturnType<typeof variant>>): Promise<{ basketId: string; client: TestClient }> {
  const client = new TestClient(t.app, `198.51.100.${ip++ % 250}`);
  const res = await client.post('/omnis/v3/frontend/product/addItemToCart/', { item: { productId: v.product_id, productColor: v.colour_name, productSize: v.size, quantity: 1 }, name: 'main' });
  expect(res.statusCode, res.body).toBe(200);
  const { rows } = await t.ctx.db.query<{ id: string }>('select id from baskets order by created_at desc limit 1');
  return { basketId: rows[0]!.id, client };
}

const input = (basketId: string, extra: Partial<PlaceInput> = {}): PlaceInput => ({
  basketId, idempotencyKey: randomUUID(), userId: null, email: 'steps@example.com', shippingAddress: ADDRESS, billingAddress: ADDRESS,
  shippingMethod: 'uk-standard', coupon: null, payment: { method: 'card', card: { number: TEST_CARDS.success, expiry: '12/39', cvc: '123' } }, origin: null, ...extra,
});

/** The test processor, with its charges and refunds counted (the money an outside processor would hold). */
function ledgerProcessor(options: { hangMs?: number } = {}) {
  const inner = createTestProcessor();
  const held = new Map<string, number>();
  const processor: PaymentProcessor = {
    ...inner,
    async charge(request: ChargeRequest) {
      if (options.hangMs) await new Promise((resolve) => setTimeout(resolve, options.hangMs));
      const result = await inner.charge(request);
      if (result.outcome === 'succeeded') held.set(result.reference, request.amount);
      return result;
    },
    async refund(request) {
      held.delete(request.reference);
      return inner.refund!(request);
    },
  };
  return { processor, held };
}

describe('placing an order in steps', () => {
  it('a failure after the charge refunds it: no money kept, the stock back, the order payment_failed', async () => {
    const v = await variant(3);
    const { basketId } = await basketWith(v);
    const { processor, held } = ledgerProcessor();
    // Confirming fails after the processor took the money: the attempt cannot be written.
    await t.ctx.db.query(`create or replace function fail_attempt() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`);
    await t.ctx.db.query('create trigger fail_attempt before insert on payment_attempts for each row execute function fail_attempt()');
    try {
      await expect(placeOrder(t.ctx.db, () => processor, input(basketId))).rejects.toThrow('disk full');
    } finally {
      await t.ctx.db.query('drop trigger fail_attempt on payment_attempts');
    }
    expect(held.size).toBe(0);
    expect(await stockOf(v.id)).toBe(3);
    const { rows } = await t.ctx.db.query<{ status: string; note: string | null }>(
      `select o.status, l.note from orders o join order_status_logs l on l.order_id = o.id where o.basket_id = $1 order by l.id desc limit 1`,
      [basketId],
    );
    expect(rows[0]).toEqual({ status: 'payment_failed', note: CHARGE_REVERSED_NOTE });
  });

  it('a charge that succeeds is kept, once', async () => {
    const v = await variant(3);
    const { basketId } = await basketWith(v);
    const { processor, held } = ledgerProcessor();
    const outcome = await placeOrder(t.ctx.db, () => processor, input(basketId));
    expect(outcome.kind).toBe('paid');
    expect([...held.values()]).toHaveLength(1);
    expect(await stockOf(v.id)).toBe(2);
  });

  it("an Idempotency-Key belongs to its basket: another basket sending a used key gets its own order, never the first one's", async () => {
    const v = await variant(5);
    const first = await basketWith(v);
    const second = await basketWith(v);
    const key = randomUUID();
    const body = { email: 'ada@example.com', shippingAddress: ADDRESS, billingSameAsShipping: true, shippingMethod: 'uk-standard', payment: { method: 'card', card: { number: TEST_CARDS.success, expiry: '12/39', cvc: '123' } } };
    const a = await first.client.request('POST', '/omnis/v3/checkout/place/', body, { 'idempotency-key': key });
    const b = await second.client.request('POST', '/omnis/v3/checkout/place/', body, { 'idempotency-key': key });
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    const hashA = a.json<{ order: { hash: string } }>().order.hash;
    const hashB = b.json<{ order: { hash: string } }>().order.hash;
    expect(hashB).not.toBe(hashA);
    const { rows } = await t.ctx.db.query<{ basket_id: string }>('select basket_id from orders where hash = $1', [hashB]);
    expect(rows[0]!.basket_id).toBe(second.basketId);
    expect(await stockOf(v.id)).toBe(3);
    // The first basket re-sending its key still gets its own order.
    const again = await first.client.request('POST', '/omnis/v3/checkout/place/', body, { 'idempotency-key': key });
    expect(again.json<{ order: { hash: string } }>().order.hash).toBe(hashA);
  });
});

describe('a hanging processor (PostgreSQL)', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    // PGlite is one connection, so only PostgreSQL can show two checkouts running side by side.
    'holds no lock another checkout of the same product waits on',
    async () => {
      const v = await variant(10);
      const slow = await basketWith(v);
      const fast = await basketWith(v);
      const hanging = ledgerProcessor({ hangMs: 10_000 });
      const quick = ledgerProcessor();
      const started = Date.now();
      const slowOrder = placeOrder(t.ctx.db, () => hanging.processor, input(slow.basketId));
      // Let the slow checkout reserve its stock and reach the processor.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await stockOf(v.id)).toBe(9);
      const fastOutcome = await placeOrder(t.ctx.db, () => quick.processor, input(fast.basketId));
      const fastDone = Date.now() - started;
      expect(fastOutcome.kind).toBe('paid');
      expect(fastDone).toBeLessThan(8_000);
      expect(await stockOf(v.id)).toBe(8);
      expect((await slowOrder).kind).toBe('paid');
      expect(Date.now() - started).toBeGreaterThanOrEqual(10_000);
    },
    60_000,
  );
});
