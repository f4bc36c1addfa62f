import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { openTestContext } from '../../testing/testContext';
import { TestClient } from '../../auth/testClient';
import { BASKET_COOKIE } from '../../commerce/basket';
import { DEMO_ACCOUNTS } from '../../db/seed/demoAccounts';
import { placeOrder } from '../../orders/placeOrder';
import { createTestProcessor, TEST_CARDS } from '../../payments/testProcessor';
import { floorMessages, INVALID_TRACKING_CODE } from '../../orders/floor';
import { refundMessages } from '../../orders/refunds';
import { mailBrandOf } from '../../orders/mailBrand';
import { LABEL_HEIGHT, LABEL_WIDTH } from '../../orders/labelDocuments';
import { pdfTextRuns } from '../../testing/pdfText';
import { inputMessages } from '../../http/inputGuard';
import type { OrderView } from '../../../src/core/api/orders';
import { ORDER_TRANSITIONS, ORDER_STATUSES } from '../../../src/core/orderLifecycle';

/**
 * The factory floor through the atlas API: the order queue, transitions, labels (PDF/ZPL), picking with
 * pigeonholes, dispatch with the shopper's mail, cancel and refund. Access for every route is in
 * server/auth/matrix.test.ts. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (real concurrent scans).
 */
let t: Awaited<ReturnType<typeof openTestContext>>;
let staff: TestClient;
const [OWNER, STAFF] = DEMO_ACCOUNTS;
const API = '/omnis/v3/atlas';
const ADDRESS = { firstName: 'Grace', lastName: 'Hopper', street: '1 Compiler Way', city: 'Leeds', zip: 'LS1 1AA', country: 'GB' };
let ip = 20;

beforeAll(async () => {
  process.env.PUBLIC_URL = 'https://shop.example.com';
  t = await openTestContext();
  staff = new TestClient(t.app, '192.0.2.77');
  await staff.login(STAFF.email, STAFF.password);
}, 300_000);
afterAll(async () => {
  delete process.env.PUBLIC_URL;
  await t?.close();
});

/** A paid order (test card) of `units` units of one demo variant, placed by a fresh shopper. */
async function paidOrder(units = 2, email = `floor${ip}@example.com`): Promise<{ id: number; hash: string }> {
  const { rows } = await t.ctx.db.query<Record<string, unknown>>(
    `select v.id, p.id as product_id, o.colour_name, v.size from product_variants v join products p on p.id = v.product_id
     join product_options o on o.id = v.option_id where p.enabled and p.enable_add_to_cart and not p.is_bundle order by v.id offset $1 limit 1`,
    [ip % 30],
  );
  const v = rows[0]!;
  await t.ctx.db.query('update product_variants set stock = 1000 where id = $1', [v.id]);
  const client = new TestClient(t.app, `198.51.100.${ip++ % 250}`);
  const res = await client.post('/omnis/v3/frontend/product/addItemToCart/', { item: { productId: v.product_id, productColor: v.colour_name, productSize: v.size, quantity: units }, name: 'main' });
  expect(res.statusCode, res.body).toBe(200);
  const outcome = await placeOrder(t.ctx.db, () => createTestProcessor(), {
    basketId: client.cookies[BASKET_COOKIE]!,
    idempotencyKey: randomUUID(),
    userId: null,
    email,
    shippingAddress: ADDRESS,
    billingAddress: ADDRESS,
    // Express is charged at any total (standard is free over the UK threshold): refunding every item leaves the
    // shipping, so the order stays paid until the rest is refunded.
    shippingMethod: 'uk-express',
    coupon: null,
    payment: { method: 'card', card: { number: TEST_CARDS.success, expiry: '12/39', cvc: '123' } },
    origin: null,
  });
  expect(outcome.kind).toBe('paid');
  return { id: outcome.orderId, hash: outcome.hash };
}

const statusOf = async (id: number) => (await t.ctx.db.query<{ status: string }>('select status from orders where id = $1', [id])).rows[0]!.status;
const labelIdsOf = async (id: number) => (await t.ctx.db.query<{ id: number }>('select id from factory_labels where order_id = $1 order by counter', [id])).rows.map((r) => r.id);

describe('the order lifecycle over the API', () => {
  it('allows each listed transition and refuses every other with 409 naming the allowed ones, logging who and when', async () => {
    const { id } = await paidOrder(1);
    // Walk every allowed move out of paid, resetting the order in between.
    for (const to of ORDER_TRANSITIONS.paid) {
      await t.ctx.db.query(`update orders set status = 'paid' where id = $1`, [id]);
      const res = await staff.post(`${API}/orders/${id}/status/`, { status: to, note: 'checked' });
      expect(res.statusCode, `${to}: ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({ from: 'paid', status: to });
    }
    for (const to of ORDER_STATUSES.filter((s) => !ORDER_TRANSITIONS.paid.includes(s))) {
      await t.ctx.db.query(`update orders set status = 'paid' where id = $1`, [id]);
      const res = await staff.post(`${API}/orders/${id}/status/`, { status: to });
      expect(res.statusCode, to).toBe(409);
      expect(res.json().message).toBe(`This order cannot move from paid to ${to}. Allowed: ${ORDER_TRANSITIONS.paid.join(', ')}.`);
      expect(res.json().errors.status).toEqual([...ORDER_TRANSITIONS.paid]);
    }
    const unknown = await staff.post(`${API}/orders/${id}/status/`, { status: 'teleported' });
    expect(unknown.statusCode).toBe(409);
    const { rows } = await t.ctx.db.query<{ status: string; note: string | null; email: string }>(
      `select l.status, l.note, u.email from order_status_logs l join users u on u.id = l.user_id where l.order_id = $1 order by l.id`,
      [id],
    );
    expect(rows.map((r) => r.status)).toEqual([...ORDER_TRANSITIONS.paid]);
    expect(rows.every((r) => r.email === STAFF.email && r.note === 'checked')).toBe(true);
  });

  it('every status: each allowed move answers 200 with its log row, every other 409 naming the allowed ones', async () => {
    const { id } = await paidOrder(1);
    const logs = async () => (await t.ctx.db.query<{ n: number }>('select count(*)::int as n from order_status_logs where order_id = $1', [id])).rows[0]!.n;
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        await t.ctx.db.query('update orders set status = $2 where id = $1', [id, from]);
        const before = await logs();
        const res = await staff.post(`${API}/orders/${id}/status/`, { status: to });
        if (ORDER_TRANSITIONS[from].includes(to)) {
          expect(res.statusCode, `${from} → ${to}: ${res.body}`).toBe(200);
          expect(res.json()).toMatchObject({ from, status: to, allowedTransitions: [...ORDER_TRANSITIONS[to]] });
          expect(await logs(), `${from} → ${to} logged`).toBe(before + 1);
        } else {
          expect(res.statusCode, `${from} → ${to}`).toBe(409);
          const allowed = ORDER_TRANSITIONS[from];
          expect(res.json().message).toBe(`This order cannot move from ${from} to ${to}. ${allowed.length ? `Allowed: ${allowed.join(', ')}.` : 'It cannot move any further.'}`);
          expect(await statusOf(id)).toBe(from);
          expect(await logs()).toBe(before);
        }
      }
    }
    // Leave it as the other tests expect a demo-store order to be (the owners' sales count paid orders).
    await t.ctx.db.query(`update orders set status = 'paid' where id = $1`, [id]);
  }, 600_000);

  it('refunded is terminal: nothing may follow it', async () => {
    const { id } = await paidOrder(1);
    await t.ctx.db.query(`update orders set status = 'refunded' where id = $1`, [id]);
    const res = await staff.post(`${API}/orders/${id}/status/`, { status: 'paid' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This order cannot move from refunded to paid. It cannot move any further.');
  });

  it('answers bad ids with 404 and bad bodies with 400', async () => {
    expect((await staff.get(`${API}/orders/abc/`)).statusCode).toBe(404);
    expect((await staff.get(`${API}/orders/99999999/`)).json()).toEqual({ message: '404 Not found' });
    expect((await staff.post(`${API}/orders/1/status/`, { nope: 1 })).statusCode).toBe(400);
    expect((await staff.post(`${API}/orders/1/priority/`, { priority: 9 })).statusCode).toBe(400);
    expect((await staff.post(`${API}/labels/print/`, {})).statusCode).toBe(400);
    expect((await staff.post(`${API}/labels/print/`, { orderIds: ['x'] })).statusCode).toBe(400);
    expect((await staff.post(`${API}/labels/x1/scan/`)).statusCode).toBe(404);
    const missing = await staff.post(`${API}/labels/99999999/scan/`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(floorMessages.labelNotFound);
    // Every route with an id in its path: a non-numeric id is the §8 404, whatever the body.
    for (const [method, url] of [
      ['POST', 'orders/x/status/'],
      ['POST', 'orders/0/priority/'],
      ['POST', 'orders/x/reprint/'],
      ['GET', 'orders/x/packing-slip/'],
      ['POST', 'orders/1/items/x/cancel/'],
      ['GET', 'labels/x/'],
      ['POST', 'labels/x/cancel/'],
    ] as const) {
      const res = method === 'GET' ? await staff.get(`${API}/${url}`) : await staff.post(`${API}/${url}`, { reason: 'x', status: 'paid', priority: 1, reasonId: 1, trackingCode: 'RM1234' });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: '404 Not found' });
    }
    // Numbers no id can be are bad input, named at the field.
    for (const url of ['orders/1.5/refund/', 'orders/-1/dispatch/']) {
      const res = await staff.post(`${API}/${url}`, { reason: 'x', trackingCode: 'RM1234' });
      expect(res.statusCode, url).toBe(400);
      expect(Object.values(res.json().errors ?? {}), url).toEqual([[inputMessages.badId]]);
    }
    for (const [url, body] of [
      ['orders/1/refund/', {}],
      ['orders/1/refund/', { reason: '' }],
      ['orders/1/refund/', { reason: 'x', itemIds: [] }],
      ['orders/1/reprint/', { reasonId: 'misprint' }],
      ['orders/1/dispatch/', {}],
      ['orders/1/items/1/cancel/', { reason: 'x'.repeat(501) }],
      ['labels/1/cancel/', {}],
      ['labels/pretreat/', { labelIds: [] }],
    ] as const) {
      const res = await staff.post(`${API}/${url}`, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().message).toBe('The given data was invalid.');
    }
    const orders = await staff.get(`${API}/orders/?page=0`);
    expect(orders.statusCode).toBe(400);
    expect(orders.json().message).toBe('The given data was invalid.');
  });
});

describe('atlas orders list', () => {
  it('filters by group, priority and paid, and searches by number, email, name and tracking code', async () => {
    const { id } = await paidOrder(1, 'searchable.person@example.com');
    await staff.post(`${API}/orders/${id}/priority/`, { priority: 2 });
    const list = async (q: string) => {
      const res = await staff.get(`${API}/orders/${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: { id: number; priority: number; status: string; paid: boolean }[]; total: number }>();
    };
    expect((await list(`?search=${id}`)).data.map((o) => o.id)).toContain(id);
    expect((await list('?search=%23' + id)).data[0]!.id).toBe(id);
    expect((await list('?search=searchable.p')).data.map((o) => o.id)).toEqual([id]);
    expect((await list('?search=hopp')).data.map((o) => o.id)).toContain(id);
    const urgent = await list('?priority=2&group=paid&paid=true');
    expect(urgent.data.map((o) => o.id)).toContain(id);
    expect(urgent.data.every((o) => o.priority === 2 && o.status === 'paid' && o.paid)).toBe(true);
    expect((await list('?paid=false&search=searchable')).total).toBe(0);
    await t.ctx.db.query(`insert into tracking_codes (order_id, code) values ($1, 'ZX123456789GB')`, [id]);
    expect((await list('?search=zx123456789gb')).data.map((o) => o.id)).toEqual([id]);
    const all = await list('');
    expect(all.total).toBeGreaterThanOrEqual(all.data.length);
  });
});

describe('labels, picking and dispatch', () => {
  it('prints one 4×6 page per unit, picks every unit into one pigeonhole, dispatches with a tracking code and mails the shopper', async () => {
    const { id, hash } = await paidOrder(3, 'picker.flow@example.com');
    const print = await staff.post(`${API}/labels/print/`, { orderIds: [id] });
    expect(print.statusCode, print.body).toBe(200);
    expect(print.headers['content-type']).toBe('application/pdf');
    const pdf = await PDFDocument.load(print.rawPayload);
    expect(pdf.getPageCount()).toBe(3);
    expect(pdf.getPage(0).getSize()).toEqual({ width: LABEL_WIDTH, height: LABEL_HEIGHT });
    expect(await statusOf(id)).toBe('label_printed');
    const labels = await labelIdsOf(id);
    expect(labels).toHaveLength(3);

    const zpl = await staff.post(`${API}/labels/print/?format=zpl`, { labelIds: [labels[0]] });
    expect(zpl.statusCode).toBe(200);
    expect(zpl.headers['content-type']).toMatch(/^text\/plain/);
    expect(zpl.body).toContain(`^BCN,160,Y,N,N^FD${labels[0]}^FS`);
    expect(zpl.body).toContain(`^FDQA,${labels[0]}^FS`);
    const detail = (await staff.get(`${API}/orders/${id}/`)).json();
    expect(detail.items[0].labels[0]).toMatchObject({ timesPrinted: 2, counter: 1, count: 3 });
    expect(detail.items[0].labels[0].printLogs.map((l: { format: string }) => l.format)).toEqual(['pdf', 'zpl']);
    expect(detail.items[0].activeQuantity).toBe(3);

    const first = await staff.post(`${API}/labels/${labels[0]}/scan/`);
    expect(first.statusCode, first.body).toBe(200);
    const { pigeonhole } = first.json();
    expect(first.json()).toMatchObject({ orderId: id, picked: 1, total: 3, complete: false, status: 'consolidated' });
    const again = await staff.post(`${API}/labels/${labels[0]}/scan/`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(floorMessages.alreadyPicked(pigeonhole));
    expect((await staff.post(`${API}/labels/${labels[1]}/scan/`)).json()).toMatchObject({ pigeonhole, picked: 2, complete: false });
    const dispatchEarly = await staff.post(`${API}/orders/${id}/dispatch/`, { trackingCode: 'RM123456785GB' });
    expect(dispatchEarly.statusCode).toBe(409);
    expect((await staff.post(`${API}/labels/${labels[2]}/scan/`)).json()).toMatchObject({ pigeonhole, picked: 3, total: 3, complete: true, status: 'packing' });

    const slip = await staff.get(`${API}/orders/${id}/packing-slip/`);
    expect(slip.headers['content-type']).toBe('application/pdf');
    expect((await staff.post(`${API}/orders/${id}/dispatch/`, { trackingCode: '<b>' })).json().message).toBe(INVALID_TRACKING_CODE);
    const dispatched = await staff.post(`${API}/orders/${id}/dispatch/`, { trackingCode: 'RM123456785GB', carrier: 'Royal Mail' });
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    expect(await statusOf(id)).toBe('complete');
    const receipt = (await t.app.inject({ url: `/omnis/v3/orders/${hash}/` })).json<OrderView>();
    expect(receipt.progress).toBe(100);
    expect(receipt.trackingCodes.map((c) => c.code)).toEqual(['RM123456785GB']);
    const { rows: mail } = await t.ctx.db.query<{ subject: string; body_text: string; body_html: string }>(
      `select subject, body_text, body_html from outbox where to_address = 'picker.flow@example.com' order by id desc limit 1`,
    );
    expect(mail[0]!.subject).toMatch(new RegExp(`Your order #${id} from .+ is on its way`));
    // In the store's look: its logo from its own address, on its theme's colour.
    const division = (await t.ctx.db.query<{ division_id: number }>('select division_id from orders where id = $1', [id])).rows[0]!.division_id;
    const brand = await mailBrandOf(t.ctx, division, 'https://shop.example.com');
    expect(brand.colour).not.toBe('#000000');
    expect(mail[0]!.body_html).toContain(`background:${brand.colour}`);
    expect(mail[0]!.body_html).toContain('<img src="https://shop.example.com/media/logo.svg"');
    expect(mail[0]!.body_text).toContain('Royal Mail RM123456785GB');
    expect(mail[0]!.body_text).toContain(`https://shop.example.com/receipt/${hash}`);
    // The pigeonhole is free again.
    const { rows: hole } = await t.ctx.db.query('select order_id from pigeonholes where number = $1', [pigeonhole]);
    expect(hole[0]!.order_id).toBeNull();
  });

  it('two pickers scanning one label at once: exactly one pick counts', async () => {
    const { id } = await paidOrder(2);
    await staff.post(`${API}/labels/print/`, { orderIds: [id] });
    const [label] = await labelIdsOf(id);
    const other = new TestClient(t.app, '192.0.2.78');
    await other.login(STAFF.email, STAFF.password);
    // Three scans from each picker at once (on PostgreSQL each runs on its own connection).
    const results = await Promise.all([staff, other, staff, other, staff, other].map((c) => c.post(`${API}/labels/${label}/scan/`)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().message === floorMessages.alreadyPicked(results.find((x) => x.statusCode === 200)!.json().pigeonhole))).toBe(true);
    const { rows } = await t.ctx.db.query<{ n: number }>('select count(*)::int as n from pigeonhole_logs where label_id = $1', [label]);
    expect(rows[0]!.n).toBe(1);
    expect(await statusOf(id)).toBe('consolidated');
  });

  it('a cancelled label is refused loudly at the scan, and the order packs without it', async () => {
    const { id } = await paidOrder(2);
    await staff.post(`${API}/labels/print/`, { orderIds: [id] });
    const [a, b] = await labelIdsOf(id);
    expect((await staff.post(`${API}/labels/${b}/cancel/`, { reason: 'Out of stock' })).statusCode).toBe(200);
    const scanCancelled = await staff.post(`${API}/labels/${b}/scan/`);
    expect(scanCancelled.statusCode).toBe(409);
    expect(scanCancelled.json().message).toBe(floorMessages.labelCancelled);
    expect((await staff.post(`${API}/labels/${a}/scan/`)).json()).toMatchObject({ complete: true, total: 1 });
    const detail = (await staff.get(`${API}/orders/${id}/`)).json();
    expect(detail.items[0].activeQuantity).toBe(1);
    expect(detail.statusLog.map((l: { note: string | null }) => l.note)).toContain(`Label ${b} cancelled: Out of stock`);
  });

  it('the packing slip says the order number, the seller, the delivery address and each active item with its units', async () => {
    const { id } = await paidOrder(3);
    await staff.post(`${API}/labels/print/`, { orderIds: [id] });
    const item = (await staff.get(`${API}/orders/${id}/`)).json().items[0];
    const [first] = await labelIdsOf(id);
    await staff.post(`${API}/labels/${first}/cancel/`, { reason: 'Torn' });
    const res = await staff.get(`${API}/orders/${id}/packing-slip/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="packing-slip-${id}.pdf"`);
    const pages = await pdfTextRuns(res.rawPayload);
    expect(pages).toHaveLength(1);
    const variant = [item.colour, item.size].filter(Boolean).join(', ');
    const { rows } = await t.ctx.db.query<{ seller: string }>(
      'select coalesce(c.name, d.name) as seller from orders o join divisions d on d.id = o.division_id left join companies c on c.id = d.company_id where o.id = $1',
      [id],
    );
    expect(pages[0]).toEqual([
      `Packing slip - order #${id}`,
      rows[0]!.seller,
      'Deliver to',
      'Grace Hopper',
      '1 Compiler Way',
      'Leeds',
      'LS1 1AA',
      'GB',
      expect.stringMatching(/^Shipping: .+/),
      'Items',
      // The cancelled label's unit is not in the parcel.
      `2 x ${item.name} (${variant})`,
    ]);
    expect((await staff.get(`${API}/orders/2147483000/packing-slip/`)).statusCode).toBe(404);
  });

  it('a label of an unpaid order cannot be printed or picked', async () => {
    const { id } = await paidOrder(1);
    await t.ctx.db.query(`update orders set status = 'to_be_paid' where id = $1`, [id]);
    const res = await staff.post(`${API}/labels/print/`, { orderIds: [id] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(floorMessages.notPrintable(id, 'to_be_paid'));
  });
});

describe('refunds and reprints', () => {
  it('refunds one item, then the rest, through the test processor, with refund rows and status logs', async () => {
    const { id } = await paidOrder(2);
    const detail = (await staff.get(`${API}/orders/${id}/`)).json();
    const item = detail.items[0];
    const part = await staff.post(`${API}/orders/${id}/refund/`, { reason: 'Arrived late', itemIds: [item.id] });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().refund).toMatchObject({ ok: true, amount: item.lineTotal, status: 'paid' });
    expect((await staff.post(`${API}/orders/${id}/refund/`, { reason: 'again', itemIds: [item.id] })).json().message).toBe(refundMessages.itemRefunded);
    const rest = await staff.post(`${API}/orders/${id}/refund/`, { reason: 'Shipping back too' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().refund).toMatchObject({ ok: true, amount: detail.total - item.lineTotal, status: 'refunded' });
    const after = (await staff.get(`${API}/orders/${id}/`)).json();
    expect(after.refunds.map((r: { status: string; processor: string }) => [r.status, r.processor])).toEqual([
      ['succeeded', 'test'],
      ['succeeded', 'test'],
    ]);
    expect(after.statusLog.at(-1)).toMatchObject({ status: 'refunded', previousStatus: 'paid', user: STAFF.email });
    expect((await staff.post(`${API}/orders/${id}/refund/`, { reason: 'once more' })).json().message).toBe(refundMessages.nothingLeft);
  });

  it('refunds some units of an item: its share of the line, that many labels cancelled, the rest refundable later', async () => {
    const { id } = await paidOrder(3);
    await staff.post(`${API}/labels/print/`, { orderIds: [id] });
    const item = (await staff.get(`${API}/orders/${id}/`)).json().items[0];
    const unit = Math.round(item.lineTotal / 3);
    const one = await staff.post(`${API}/orders/${id}/refund/`, { reason: 'Print faded', items: [{ id: item.id, quantity: 1 }] });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().refund).toMatchObject({ ok: true, amount: unit, status: 'label_printed' });
    const tooMany = await staff.post(`${API}/orders/${id}/refund/`, { reason: 'more', items: [{ id: item.id, quantity: 3 }] });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(refundMessages.tooManyUnits(2));
    expect(tooMany.json().message).toBe('Only 2 units of this item can still be refunded.');
    const after = (await staff.get(`${API}/orders/${id}/`)).json();
    expect(after.items[0]).toMatchObject({ activeQuantity: 2, cancelledLabels: 1 });
    expect(after.refunds).toMatchObject([{ itemId: item.id, quantity: 1, amount: unit, status: 'succeeded' }]);
    expect(after.statusLog.at(-1).note).toBe(`Refunded ${unit} GBP (items ${item.id} ×1): Print faded`);
    // The whole item (the two units left), then nothing of it.
    const rest = await staff.post(`${API}/orders/${id}/refund/`, { reason: 'Print faded', itemIds: [item.id] });
    expect(rest.json().refund).toMatchObject({ ok: true, amount: item.lineTotal - unit });
    expect((await staff.post(`${API}/orders/${id}/refund/`, { reason: 'x', items: [{ id: item.id, quantity: 1 }] })).json().message).toBe(refundMessages.itemRefunded);
    expect((await staff.get(`${API}/orders/${id}/`)).json().items[0].activeQuantity).toBe(0);
  });

  it('cancels some units of an item, then the rest; bad bodies are 400, unknown items 404', async () => {
    const { id } = await paidOrder(3);
    const item = (await staff.get(`${API}/orders/${id}/`)).json().items[0];
    const part = await staff.post(`${API}/orders/${id}/items/${item.id}/cancel/`, { reason: 'Shopper changed mind', quantity: 2 });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toEqual({ cancelled: 2 });
    const detail = (await staff.get(`${API}/orders/${id}/`)).json();
    expect(detail.items[0]).toMatchObject({ activeQuantity: 1, cancelledLabels: 2 });
    expect(detail.statusLog.at(-1).note).toBe(`2 units of item ${item.id} cancelled: Shopper changed mind`);
    expect((await staff.post(`${API}/orders/${id}/items/${item.id}/cancel/`, { reason: 'rest' })).json()).toEqual({ cancelled: 1 });
    expect((await staff.post(`${API}/orders/${id}/items/${item.id}/cancel/`, { reason: 'again' })).statusCode).toBe(409);
    expect((await staff.post(`${API}/orders/${id}/items/${item.id}/cancel/`, { reason: 'x', quantity: 0 })).statusCode).toBe(400);
    expect((await staff.post(`${API}/orders/${id}/items/${item.id}/cancel/`, { quantity: 1 })).statusCode).toBe(400);
    const missing = await staff.post(`${API}/orders/${id}/items/999999999/cancel/`, { reason: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This item is not part of the order.');
    expect((await staff.post(`${API}/orders/${id}/refund/`, { reason: 'x', items: [{ id: item.id, quantity: 0 }] })).statusCode).toBe(400);
    expect((await staff.post(`${API}/orders/${id}/refund/`, { reason: 'x', items: [{ id: 2147483000, quantity: 1 }] })).json().message).toBe(refundMessages.itemNotInOrder);
  });

  it('reprints as a paid child order carrying the reprint reason', async () => {
    const { id } = await paidOrder(1);
    const reasons = (await staff.get(`${API}/orders/${id}/`)).json().reprintReasons as { id: number; code: string }[];
    const misprint = reasons.find((r) => r.code === 'misprint')!;
    const res = await staff.post(`${API}/orders/${id}/reprint/`, { reasonId: misprint.id });
    expect(res.statusCode, res.body).toBe(201);
    const child = (await staff.get(`${API}/orders/${res.json().id}/`)).json();
    expect(child).toMatchObject({ status: 'paid', parentOrderId: id, childOrderType: 'reprint', reprintReason: 'Misprint', total: 0 });
    expect((await staff.get(`${API}/orders/${id}/`)).json().childOrders.map((c: { id: number }) => c.id)).toEqual([res.json().id]);
  });
});

describe('owners see their own orders', () => {
  it('GET dashboard/orders: the store’s orders with progress, and the sales of the last 30 days', async () => {
    const { id } = await paidOrder(1, 'owner.view@example.com');
    const owner = new TestClient(t.app, '192.0.2.90');
    await owner.login(OWNER.email, OWNER.password);
    const division = (await t.ctx.db.query<{ division_id: number }>('select division_id from orders where id = $1', [id])).rows[0]!.division_id;
    const res = await owner.get(`/omnis/v3/dashboard/orders/?store=${division}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ data: { id: number; progress: number; customer: string }[]; total: number; last30Days: { orders: number; sales: number } }>();
    expect(body.data[0]).toMatchObject({ id, progress: 40, customer: 'Grace Hopper' });
    const { rows } = await t.ctx.db.query<{ n: number; sales: number }>(
      `select count(*)::int as n, coalesce(sum(total), 0)::int as sales from orders where division_id = $1 and status not in ('refunded', 'to_be_paid', 'payment_failed', 'cancelled', 'expired', 'new', 'refund_due')`,
      [division],
    );
    expect(body.last30Days).toMatchObject({ orders: rows[0]!.n, sales: rows[0]!.sales });
    expect((await owner.get('/omnis/v3/dashboard/orders/?store=abc')).statusCode).toBe(400);
  });
});
