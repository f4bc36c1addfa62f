import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { openTestContext, demoDivisionId } from '../../testing/testContext';
import { TestClient } from '../../auth/testClient';
import { TEST_CARDS } from '../../payments/testProcessor';
import { apiMessages } from '../../http/errors';
import { transitionOrder } from '../../orders/stateMachine';
import { addressMessages, editMessages, ORDER_LOOKUP_NOT_FOUND } from '../../orders/orderEditWindows';
import { BALANCE_PAID_NOTE } from '../../orders/orderEditPayment';
import { EDIT_REFUND_REASON } from '../../orders/orderEdits';
import type { OrderView } from '../../../src/core/api/orders';
import type { OrderEditResult, OrderEditView } from '../../../src/core/api/orderEdits';
import type { OrderHistoryView } from '../../../src/core/api/orderHistory';
import type { OrderStatus } from '../../../src/core/orderLifecycle';
import type { ProductDetail } from '../../../src/core/catalogue';

let t: Awaited<ReturnType<typeof openTestContext>>;
let ip = 20;
beforeAll(async () => {
  t = await openTestContext();
}, 300_000);
afterAll(async () => t?.close());

const q = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await t.ctx.db.query<T>(sql, params)).rows;

interface Variant {
  id: number;
  productId: number;
  colour: string;
  size: string;
}

/** Two sizes of one colour of a plain product (the n-th such pair), with `stock` units each. */
async function sizePair(n: number, stock = 20): Promise<[Variant, Variant]> {
  const rows = await q<{ a: number; b: number; product_id: number; colour_name: string; size_a: string; size_b: string }>(
    `select a.id as a, b.id as b, a.product_id, o.colour_name, a.size as size_a, b.size as size_b
     from product_variants a join product_variants b on b.option_id = a.option_id and b.id > a.id
     join product_options o on o.id = a.option_id join products p on p.id = a.product_id
     where p.enabled and p.enable_add_to_cart and not p.is_bundle order by a.id, b.id offset $1 limit 1`,
    [n * 7],
  );
  const r = rows[0]!;
  await q('update product_variants set stock = $2 where id = any($1::int[])', [[r.a, r.b], stock]);
  return [
    { id: r.a, productId: r.product_id, colour: r.colour_name, size: r.size_a },
    { id: r.b, productId: r.product_id, colour: r.colour_name, size: r.size_b },
  ];
}

const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', street: '1 Analytical Row', city: 'London', zip: 'N1 9GU', country: 'GB' };

/** Checks out the client's basket with the test card; answers the order's hash and number. */
async function placeWithTestCard(client: TestClient, email: string) {
  const res = await client.request(
    'POST',
    '/omnis/v3/checkout/place/',
    { email, shippingAddress: ADDRESS, billingSameAsShipping: true, shippingMethod: 'uk-standard', payment: { method: 'card', card: { number: TEST_CARDS.success, expiry: '12/39', cvc: '123' } } },
    { 'idempotency-key': randomUUID() },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ order: { hash: string; number: number } }>().order;
}

/** A shopper buys one unit of each variant (paid with the test card); answers the order's hash and number. */
async function buy(email: string, ...variants: Variant[]) {
  const client = new TestClient(t.app, `198.51.100.${ip++}`);
  for (const v of variants) {
    const res = await client.post('/omnis/v3/frontend/product/addItemToCart/', { item: { productId: v.productId, productColor: v.colour, productSize: v.size }, name: 'main' });
    expect(res.statusCode, res.body).toBe(200);
  }
  const order = await placeWithTestCard(client, email);
  return { ...order, client };
}

const shopper = () => new TestClient(t.app, `198.51.100.${ip++}`);
const editView = async (hash: string) => t.app.inject({ url: `/omnis/v3/orders/${hash}/edit/` });
const edit = (hash: string, items: unknown[], client = shopper()) => client.post(`/omnis/v3/orders/${hash}/edit/`, { items });
const updateAddress = (hash: string, shippingAddress: unknown, client = shopper()) => client.post(`/omnis/v3/orders/${hash}/address/`, { shippingAddress });
const receipt = async (hash: string) => (await t.app.inject({ url: `/omnis/v3/orders/${hash}/` })).json<OrderView>();
const stock = async (id: number) => (await q<{ stock: number }>('select stock from product_variants where id = $1', [id]))[0]!.stock;
const itemsOf = async (number: number) => q<{ id: number; variant_id: number; quantity: number; options: { size: string } }>('select id, variant_id, quantity, options from order_items where order_id = $1 order by position, id', [number]);
const notes = async (number: number) => (await q<{ note: string | null }>('select note from order_status_logs where order_id = $1 order by id', [number])).map((r) => r.note ?? '');
const mails = async (to: string) => q<{ subject: string; body_text: string; body_html: string }>('select subject, body_text, body_html from outbox where to_address = $1 order by id', [to]);

async function move(number: number, ...path: OrderStatus[]) {
  for (const status of path) await t.ctx.db.transaction((tx) => transitionOrder(tx, number, status));
}

describe('edit order (before production)', () => {
  it('changes a size: stock re-reserved, logged on the order, mailed with the history link', async () => {
    const [m, l] = await sizePair(0);
    const order = await buy('edit.size@example.com', m);
    const view = (await editView(order.hash)).json<OrderEditView>();
    expect(view.refusal).toBeNull();
    expect(view.items).toHaveLength(1);
    expect(view.items[0]!.choices.find((c) => c.colour === m.colour)!.sizes.map((s) => s.size)).toContain(l.size);
    expect((await receipt(order.hash))).toMatchObject({ canEdit: true, canUpdateAddress: true, balanceDue: 0 });

    const before = { m: await stock(m.id), l: await stock(l.id) };
    const res = await edit(order.hash, [{ id: view.items[0]!.id, quantity: 1, colour: m.colour, size: l.size }]);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<OrderEditResult>();
    expect(result).toMatchObject({ total: result.previousTotal, balanceDue: 0, refund: null });
    expect(result.changes).toEqual([`${view.items[0]!.name}: size ${m.size} → ${l.size}`]);
    expect(await stock(m.id)).toBe(before.m + 1);
    expect(await stock(l.id)).toBe(before.l - 1);
    expect((await itemsOf(order.number))[0]).toMatchObject({ variant_id: l.id, quantity: 1, options: { size: l.size } });
    expect((await notes(order.number)).at(-1)).toContain(`size ${m.size} → ${l.size}`);

    const mail = (await mails('edit.size@example.com')).at(-1)!;
    const history = (await receipt(order.hash)).customerHash!;
    expect(mail.subject).toBe(`Your order #${order.number} from Fern & Thread has changed`);
    expect(mail.body_text).toContain(`/order-history/${history}`);
    expect(mail.body_html).toContain(`/order-history/${history}`);
    // The store's logo and theme colour, like the other branded mails.
    expect(mail.body_html).toContain('/media/logo.svg');
    expect(mail.body_html).toMatch(/background:#[0-9a-f]{3,8}/i);

    // Nothing changed → a clear 422, and nothing moves.
    const again = await edit(order.hash, [{ id: view.items[0]!.id, quantity: 1, colour: m.colour, size: l.size }]);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ message: editMessages.nothingChanged });
  });

  it('a higher total is left to pay and is paid at /pay/ with the test card', async () => {
    const [a] = await sizePair(1);
    const order = await buy('edit.more@example.com', a);
    const item = (await itemsOf(order.number))[0]!;
    const res = await edit(order.hash, [{ id: item.id, quantity: 3 }]);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<OrderEditResult>();
    expect(result.total).toBeGreaterThan(result.previousTotal);
    expect(result.balanceDue).toBe(result.total - result.previousTotal);
    expect(await receipt(order.hash)).toMatchObject({ balanceDue: result.balanceDue, status: 'paid', payable: false });
    expect((await mails('edit.more@example.com')).at(-1)!.body_text).toContain(`/pay/${order.hash}/`);

    const client = shopper();
    const declined = await client.request('POST', `/omnis/v3/orders/${order.hash}/pay/`, { payment: { method: 'card', card: { number: TEST_CARDS.declined, expiry: '12/39', cvc: '123' } } }, { 'idempotency-key': randomUUID() });
    expect(declined.statusCode).toBe(402);
    expect((await receipt(order.hash)).balanceDue).toBe(result.balanceDue);

    const paid = await client.request('POST', `/omnis/v3/orders/${order.hash}/pay/`, { payment: { method: 'card', card: { number: TEST_CARDS.success, expiry: '12/39', cvc: '123' } } }, { 'idempotency-key': randomUUID() });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ payment: { status: 'paid' }, order: { status: 'paid' } });
    const after = await receipt(order.hash);
    expect(after).toMatchObject({ balanceDue: 0, status: 'paid' });
    // Delivery follows the store's rates for what is in the order now (the demo's UK zone is free from £50).
    expect(after.totals.shippingIncTax).toBe(after.totals.itemsIncTax - after.totals.discountIncTax >= 5000 ? 0 : 395);
    const attempts = await q<{ amount: number; is_successful: boolean }>('select amount, is_successful from payment_attempts where order_id = $1 and is_successful order by id', [order.number]);
    expect(attempts.map((x) => x.amount)).toEqual([result.previousTotal, result.balanceDue]);
    expect((await notes(order.number)).at(-1)).toBe(BALANCE_PAID_NOTE(`£${(result.balanceDue / 100).toFixed(2)}`));
  });

  it('a lower total is refunded through the processor and recorded', async () => {
    const [a] = await sizePair(2);
    const [b] = await sizePair(3);
    const order = await buy('edit.less@example.com', a, b);
    const [first, second] = await itemsOf(order.number);
    const before = await stock(second!.variant_id);
    const res = await edit(order.hash, [{ id: second!.id, quantity: 0 }]);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<OrderEditResult>();
    const difference = result.previousTotal - result.total;
    expect(difference).toBeGreaterThan(0);
    expect(result.refund).toEqual({ amount: difference, ok: true, message: 'Refund successful' });
    expect(await stock(second!.variant_id)).toBe(before + 1);
    expect((await itemsOf(order.number)).map((i) => i.id)).toEqual([first!.id]);
    const refunds = await q('select amount, status, reason, processor from refunds where order_id = $1', [order.number]);
    expect(refunds).toEqual([{ amount: difference, status: 'succeeded', reason: EDIT_REFUND_REASON, processor: 'test' }]);
    expect((await notes(order.number)).at(-1)).toContain('Refunded');
    // The last item cannot go: an order keeps at least one.
    const last = await edit(order.hash, [{ id: first!.id, quantity: 0 }]);
    expect(last.statusCode).toBe(422);
    expect(last.json()).toMatchObject({ message: editMessages.lastItem });
  });

  it('is refused once production started, with a clear message', async () => {
    const [a] = await sizePair(4);
    const order = await buy('edit.late@example.com', a);
    const item = (await itemsOf(order.number))[0]!;
    await move(order.number, 'label_printed');
    const view = (await editView(order.hash)).json<OrderEditView>();
    expect(view.refusal).toBe(editMessages.productionStarted);
    const res = await edit(order.hash, [{ id: item.id, quantity: 2 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: editMessages.productionStarted });
    expect(await receipt(order.hash)).toMatchObject({ canEdit: false, canUpdateAddress: true });
    expect((await itemsOf(order.number))[0]!.quantity).toBe(1);
  });

  it('never oversells: two edits racing for the last unit, one wins', async () => {
    const [m, l] = await sizePair(5);
    const one = await buy('edit.race1@example.com', m);
    const two = await buy('edit.race2@example.com', m);
    await q('update product_variants set stock = 1 where id = $1', [l.id]);
    const mStock = await stock(m.id);
    const [itemOne] = await itemsOf(one.number);
    const [itemTwo] = await itemsOf(two.number);
    const answers = await Promise.all([
      edit(one.hash, [{ id: itemOne!.id, quantity: 1, size: l.size }]),
      edit(two.hash, [{ id: itemTwo!.id, quantity: 1, size: l.size }]),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect(refused.json<{ message: string }>().message).toMatch(/^Sorry, .* is out of stock\.$/);
    expect(await stock(l.id)).toBe(0);
    // Only the winner gave its old size back.
    expect(await stock(m.id)).toBe(mStock + 1);
  });
});

describe('update address (before dispatch)', () => {
  it('updates the address, validated like checkout, logged and mailed; refused after dispatch', async () => {
    const [a] = await sizePair(6);
    const order = await buy('address.move@example.com', a);
    const bad = await updateAddress(order.hash, { ...ADDRESS, zip: 'NOT A CODE', street: '' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ errors: Record<string, string[]> }>().errors).toEqual({ 'shippingAddress.street': ['This field is required'], 'shippingAddress.zip': ['must contain a valid postcode'] });

    const res = await updateAddress(order.hash, { ...ADDRESS, street: ' 12 Difference Engine Lane ', zip: 'ec1a 1bb' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ shippingAddress: { street: '12 Difference Engine Lane', zip: 'EC1A 1BB', country: 'GB' } });
    expect((await receipt(order.hash)).shippingAddress).toMatchObject({ street: '12 Difference Engine Lane' });
    expect((await notes(order.number)).at(-1)).toBe('Delivery address updated by the shopper (was: Ada Lovelace, 1 Analytical Row, London, N1 9GU, GB)');
    const mail = (await mails('address.move@example.com')).at(-1)!;
    expect(mail.subject).toBe(`Delivery address updated for order #${order.number} from Fern & Thread`);
    expect(mail.body_text).toContain('12 Difference Engine Lane');
    expect(mail.body_html).toContain(`/order-history/${(await receipt(order.hash)).customerHash}`);

    // A country the paid shipping method does not serve is refused like at checkout.
    const abroad = await updateAddress(order.hash, { ...ADDRESS, country: 'FR', zip: '75001' });
    expect(abroad.statusCode).toBe(422);

    await move(order.number, 'label_printed', 'printed', 'consolidated', 'packing');
    expect((await updateAddress(order.hash, { ...ADDRESS, street: '3 Packing Yard' })).statusCode).toBe(200);
    await move(order.number, 'complete');
    const late = await updateAddress(order.hash, { ...ADDRESS, street: '4 Too Late Street' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: addressMessages.dispatched });
    expect(await receipt(order.hash)).toMatchObject({ canUpdateAddress: false, canEdit: false });
    const history = (await t.app.inject({ url: `/omnis/v3/order-history/${(await receipt(order.hash)).customerHash}/` })).json<OrderHistoryView>();
    expect(history.orders[0]).toMatchObject({ canEdit: false, canUpdateAddress: false });
  });
});

describe('finding and guarding orders', () => {
  it('answers an unknown hash with §8 "404 Not found", and another store\'s order shows nothing', async () => {
    const unknown = 'A'.repeat(24);
    for (const res of [await editView(unknown), await edit(unknown, [{ id: 1, quantity: 1 }]), await updateAddress(unknown, ADDRESS), await editView('nope')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: apiMessages.notFound });
    }
    const [a] = await sizePair(7);
    const order = await buy('guard.other@example.com', a);
    const other = (await q<{ id: number }>(`insert into divisions (name, code) values ('Elsewhere', 'elsewhere-edits') returning id`))[0]!.id;
    const home = (await q<{ division_id: number }>('select division_id from orders where id = $1', [order.number]))[0]!.division_id;
    await q('update orders set division_id = $2 where id = $1', [order.number, other]);
    try {
      expect((await editView(order.hash)).statusCode).toBe(404);
      expect((await updateAddress(order.hash, { ...ADDRESS, street: '9 Elsewhere' })).statusCode).toBe(404);
    } finally {
      await q('update orders set division_id = $2 where id = $1', [order.number, home]);
    }
  });

  it("never touches another shopper's order through one's own hash", async () => {
    const [a] = await sizePair(8);
    const mine = await buy('guard.mine@example.com', a);
    const theirs = await buy('guard.theirs@example.com', a);
    const [their] = await itemsOf(theirs.number);
    const res = await edit(mine.hash, [{ id: their!.id, quantity: 5 }]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: editMessages.itemNotInOrder });
    expect((await itemsOf(theirs.number))[0]!.quantity).toBe(1);
    const view = (await editView(mine.hash)).json<OrderEditView>();
    expect(JSON.stringify(view)).not.toContain('guard.theirs');
    expect(view.items.map((i) => i.id)).not.toContain(their!.id);
  });

  it('finds an order by number and email, with one answer for every miss', async () => {
    const [a] = await sizePair(9);
    const order = await buy('find.me@example.com', a);
    const client = shopper();
    const found = await client.post('/omnis/v3/orders/find/', { number: order.number, email: ' Find.Me@example.com ' });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual({ hash: order.hash });
    for (const body of [
      { number: order.number, email: 'someone.else@example.com' },
      { number: order.number + 100000, email: 'find.me@example.com' },
    ]) {
      const res = await client.post('/omnis/v3/orders/find/', body);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: ORDER_LOOKUP_NOT_FOUND });
    }
    const badEmail = await client.post('/omnis/v3/orders/find/', { number: order.number, email: 'nope' });
    expect(badEmail.statusCode).toBe(422);
  });
});

describe('edit the items inside a set (before production)', () => {
  /** The demo set (a tee in a colour and size, and a tote): bought `sets` times with the tee in Navy `size`. */
  async function buySet(email: string, size: string, sets: number) {
    const division = await demoDivisionId(t.ctx.db);
    const set = (await t.app.inject({ url: `/omnis/v3/division/${division}/products/trail-day-set/` })).json<ProductDetail>();
    const [tee, tote] = set.bundleItems;
    const teeVariant = (s: string) => tee!.options.find((o) => o.colourName === 'Navy')!.sizes.find((x) => x.size === s)!.variantId;
    const client = shopper();
    const add = await client.post('/omnis/v3/frontend/product/addItemToCart/', {
      item: { productUrl: 'trail-day-set', quantity: sets },
      name: 'main',
      bundleOptions: [
        { bundleItemId: tee!.id, productColor: 'Navy', productSize: size },
        { bundleItemId: tote!.id, productColor: tote!.options[0]!.colourName },
      ],
    });
    expect(add.statusCode, add.body).toBe(200);
    const order = await placeWithTestCard(client, email);
    const view = (await editView(order.hash)).json<OrderEditView>();
    return { order, view, set, teeVariant };
  }

  it("changes the tee's size inside a set: its units re-reserved at once, never oversold, logged; the price stays", async () => {
    const division = await demoDivisionId(t.ctx.db);
    const teeItem = (await t.app.inject({ url: `/omnis/v3/division/${division}/products/trail-day-set/` })).json<ProductDetail>().bundleItems[0]!;
    const navy = (s: string) => teeItem.options.find((o) => o.colourName === 'Navy')!.sizes.find((x) => x.size === s)!.variantId;
    const [small, medium] = [navy('S'), navy('M')];
    await q('update product_variants set stock = 10 where id = $1', [small]);
    await q('update product_variants set stock = 1 where id = $1', [medium]);
    const { order, view } = await buySet('edit.set@example.com', 'S', 2);
    const line = view.items[0]!;
    expect(line.isBundle).toBe(true);
    const teeComponent = line.components.find((c) => c.size === 'S')!;
    expect(teeComponent).toMatchObject({ colour: 'Navy', quantity: 1 });
    expect(teeComponent.choices.find((c) => c.colour === 'Navy')!.sizes.map((x) => x.size)).toContain('M');

    // Two sets want 2 medium tees; only 1 is left: refused, and nothing moved.
    const change = [{ id: line.id, quantity: 2, components: [{ id: teeComponent.id, colour: 'Navy', size: 'M' }] }];
    const short = await edit(order.hash, change);
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ message: editMessages.short(`${line.name}: ${teeComponent.name} (Navy, M)`, 1) });
    expect([await stock(small), await stock(medium)]).toEqual([8, 1]);

    await q('update product_variants set stock = 5 where id = $1', [medium]);
    const res = await edit(order.hash, change);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<OrderEditResult>();
    expect(result).toMatchObject({ total: result.previousTotal, balanceDue: 0, refund: null });
    expect(result.changes).toEqual([`${line.name}: ${teeComponent.name} size S → M`]);
    expect([await stock(small), await stock(medium)]).toEqual([10, 3]);
    const child = (await q<{ variant_id: number; quantity: number; options: { size: string } }>('select variant_id, quantity, options from order_items where id = $1', [teeComponent.id]))[0]!;
    expect(child).toMatchObject({ variant_id: medium, quantity: 2, options: { size: 'M' } });
    expect((await notes(order.number)).at(-1)).toContain(`${teeComponent.name} size S → M`);
    expect((await editView(order.hash)).json<OrderEditView>().items[0]!.components.find((c) => c.id === teeComponent.id)).toMatchObject({ size: 'M' });
  });

  it('two orders after the last units: the first edit takes them, the second is refused', async () => {
    const division = await demoDivisionId(t.ctx.db);
    const teeItem = (await t.app.inject({ url: `/omnis/v3/division/${division}/products/trail-day-set/` })).json<ProductDetail>().bundleItems[0]!;
    const navy = (s: string) => teeItem.options.find((o) => o.colourName === 'Navy')!.sizes.find((x) => x.size === s)!.variantId;
    await q('update product_variants set stock = 10 where id = $1', [navy('S')]);
    const a = await buySet('edit.set.a@example.com', 'S', 1);
    const b = await buySet('edit.set.b@example.com', 'S', 1);
    await q('update product_variants set stock = 1 where id = $1', [navy('L')]);
    const changeOf = (o: typeof a) => [{ id: o.view.items[0]!.id, quantity: 1, components: [{ id: o.view.items[0]!.components.find((c) => c.size === 'S')!.id, colour: 'Navy', size: 'L' }] }];
    const [first, second] = await Promise.all([edit(a.order.hash, changeOf(a)), edit(b.order.hash, changeOf(b))]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(await stock(navy('L'))).toBe(0);
  });

  it('refuses an item that is not inside this set, a size the product does not come in, and a colour for the set itself', async () => {
    const { order, view } = await buySet('edit.set.bad@example.com', 'S', 1);
    const line = view.items[0]!;
    const tee = line.components.find((c) => c.size === 'S')!;
    const stranger = await edit(order.hash, [{ id: line.id, quantity: 1, components: [{ id: 2147483000, colour: 'Navy', size: 'M' }] }]);
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json()).toMatchObject({ message: editMessages.itemNotInOrder });
    const size = await edit(order.hash, [{ id: line.id, quantity: 1, components: [{ id: tee.id, colour: 'Navy', size: 'XXXXL' }] }]);
    expect(size.statusCode).toBe(422);
    expect(size.json()).toMatchObject({ message: editMessages.noSize(tee.name, 'XXXXL', 'Navy') });
    const own = await edit(order.hash, [{ id: line.id, quantity: 1, colour: 'Navy', size: 'M' }]);
    expect(own.statusCode).toBe(422);
    expect(own.json()).toMatchObject({ message: editMessages.setOptions });
  });
});
