import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestContext, demoDivisionId } from '../../testing/testContext';
import { TestClient } from '../../auth/testClient';
import { DEMO_ACCOUNTS } from '../../db/seed/demoAccounts';
import { dispatchOrder } from '../../orders/floor';
import { PUSH_SUBSCRIPTION_FAILED } from '../../../src/core/notifications';
import { notificationBuilderMessages } from '../../../src/core/notificationBuilder';
import { createNotification, vapidKeys, type PushSender } from '../../realtime/notifications';

/** Notifications per recipient, created by events; web push through a recording sender (a real push service is outside). */
const pushed: { endpoint: string; payload: Record<string, unknown>; publicKey: string }[] = [];
const recorder: PushSender = {
  async send(subscription, payload, keys) {
    if (subscription.endpoint.includes('gone')) throw Object.assign(new Error('gone'), { statusCode: 410 });
    pushed.push({ endpoint: subscription.endpoint, payload: JSON.parse(payload) as Record<string, unknown>, publicKey: keys.publicKey });
  },
};
let t: Awaited<ReturnType<typeof openTestContext>>;
const [OWNER, STAFF, SHOPPER] = DEMO_ACCOUNTS;
const API = '/omnis/v3/notifications';
const q = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await t.ctx.db.query<T>(sql, params)).rows;

beforeAll(async () => {
  t = await openTestContext();
  t.ctx.push = recorder;
  await t.app.ready();
}, 180_000);
afterAll(async () => t?.close());

async function packingOrderFor(email: string) {
  const division = await demoDivisionId(t.ctx.db);
  const address = JSON.stringify({ firstName: 'Sky', lastName: 'Shopper', street: '1 Row', city: 'Leeds', zip: 'LS1 1AA', country: 'GB' });
  return (
    await q<{ id: number; hash: string }>(
      `insert into orders (hash, division_id, email, status, subtotal, shipping, shipping_tax, goods_tax, total, billing_address, shipping_address, shipping_method, payment_method, payment_processor, idempotency_key)
       values (replace(gen_random_uuid()::text, '-', ''), $1, $2, 'packing', 1000, 0, 0, 200, 1200, $3, $3, 'uk-standard', 'card', 'test', gen_random_uuid()::text) returning id, hash`,
      [division, email, address],
    )
  )[0]!;
}
const until = async (ok: () => boolean | Promise<boolean>) => {
  for (let i = 0; i < 100 && !(await ok()); i++) await new Promise((r) => setTimeout(r, 50));
};

describe('notifications', () => {
  it('a dispatched order notifies its shopper: listed with the unread count, pushed once, opened, dismissed', async () => {
    const shopper = new TestClient(t.app, '10.8.0.1');
    await shopper.login(SHOPPER.email, SHOPPER.password);
    expect((await shopper.post(`${API}/subscriptions/`, { subscription: { endpoint: 'https://push.example/sky', keys: { p256dh: 'p', auth: 'a' } }, userAgent: 'test' })).statusCode).toBe(201);
    expect((await shopper.post(`${API}/subscriptions/`, { subscription: { endpoint: 'http://insecure.example/', keys: { p256dh: 'p', auth: 'a' } } })).statusCode).toBe(422);

    const order = await packingOrderFor(SHOPPER.email.toUpperCase());
    const staffId = (await q<{ id: number }>('select id from users where email = $1', [STAFF.email]))[0]!.id;
    await dispatchOrder(t.ctx.db, order.id, { trackingCode: 'RM123456785GB', carrier: 'Royal Mail', userId: staffId });

    const list = (await shopper.get(`${API}/`)).json<{ notifications: { id: number; title: string; body: string; href: string; template: string }[]; unread: number }>();
    expect(list.unread).toBe(1);
    expect(list.notifications[0]).toMatchObject({ title: `Order #${order.id} is on its way`, body: 'Dispatched from Fern & Thread. Tracking code: Royal Mail RM123456785GB', href: `/receipt/${order.hash}`, template: 'Bag' });
    await until(() => pushed.length > 0);
    expect(pushed).toEqual([{ endpoint: 'https://push.example/sky', payload: expect.objectContaining({ title: `Order #${order.id} is on its way` }), publicKey: (await vapidKeys(t.ctx.db)).publicKey }]);

    const opened = (await shopper.post(`${API}/opened/`, {})).json<{ unread: number }>();
    expect(opened.unread).toBe(0);
    const id = list.notifications[0]!.id;
    // Someone else cannot dismiss it.
    const staff = new TestClient(t.app, '10.8.0.2');
    await staff.login(STAFF.email, STAFF.password);
    expect((await staff.post(`${API}/dashboard/mark-as-deleted/${id}/`, {})).statusCode).toBe(404);
    expect((await shopper.post(`${API}/dashboard/mark-as-deleted/${id}/`, {})).json()).toEqual({ notifications: [], unread: 0 });
    expect((await q('select deleted_at from notifications where id = $1', [id]))[0]!.deleted_at).not.toBeNull();
  });

  it('replacePrevious removes older ones with the same tag; a gone subscription is dropped', async () => {
    const userId = (await q<{ id: number }>('select id from users where email = $1', [STAFF.email]))[0]!.id;
    await q(`insert into push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, 'https://push.example/gone', 'p', 'a')`, [userId]);
    await t.ctx.db.transaction((tx) => createNotification(tx, { recipientId: userId, title: 'Quote ready', tag: 'quote-1' }));
    await t.ctx.db.transaction((tx) => createNotification(tx, { recipientId: userId, title: 'Quote updated', tag: 'quote-1', replacePrevious: true }));
    const staff = new TestClient(t.app, '10.8.0.3');
    await staff.login(STAFF.email, STAFF.password);
    expect((await staff.get(`${API}/`)).json<{ notifications: { title: string }[] }>().notifications.map((n) => n.title)).toEqual(['Quote updated']);
    const gone = async () => (await q(`select 1 from push_subscriptions where endpoint = 'https://push.example/gone'`)).length === 0;
    await until(gone);
    expect(await gone()).toBe(true);
  });

  it('keeps one VAPID key pair and states the §8 failure message', async () => {
    const first = await vapidKeys(t.ctx.db);
    expect(await vapidKeys(t.ctx.db)).toEqual(first);
    expect((await t.app.inject({ method: 'GET', url: `${API}/vapid-key/` })).json()).toEqual({ publicKey: first.publicKey });
    expect(PUSH_SUBSCRIPTION_FAILED).toBe('Unable to create push subscription for user');
  });

  it('the builder sends to one customer of the store or to all of them, and to nobody outside it', async () => {
    const division = await demoDivisionId(t.ctx.db);
    await packingOrderFor(SHOPPER.email);
    const owner = new TestClient(t.app, '10.8.0.4');
    await owner.login(OWNER.email, OWNER.password);
    const send = (body: Record<string, unknown>) =>
      owner.post(`${API}/send/?store=${division}`, { audience: 'user', email: SHOPPER.email, position: 'header', template: 'Shove', title: 'Summer drop', body: 'New tees are in.', ...body });
    const product = (await q<{ id: number; url_name: string }>(`select id, url_name from products where division_id = $1 order by id limit 1`, [division]))[0]!;

    const one = await send({ related: String(product.id), tag: 'summer', replacePrevious: true });
    expect(one.statusCode).toBe(201);
    expect(one.json()).toEqual({ sent: 1, message: 'Sent to 1 person.' });
    const shopper = new TestClient(t.app, '10.8.0.5');
    await shopper.login(SHOPPER.email, SHOPPER.password);
    const mine = async () => (await shopper.get(`${API}/`)).json<{ notifications: Record<string, unknown>[] }>().notifications;
    expect((await mine())[0]).toMatchObject({ title: 'Summer drop', body: 'New tees are in.', position: 'header', template: 'Shove', tag: 'summer', href: `/product/${product.url_name}/`, data: { related: product.id } });
    // The same tag with replacePrevious leaves one.
    expect((await send({ title: 'Summer drop, part two', tag: 'summer', replacePrevious: true, href: '/collection/summer/' })).statusCode).toBe(201);
    expect((await mine()).filter((n) => n.tag === 'summer').map((n) => [n.title, n.href])).toEqual([['Summer drop, part two', '/collection/summer/']]);

    // Staff are no customers of the demo store: nothing reaches them from its owner.
    expect((await send({ email: STAFF.email })).json()).toEqual({ message: 'The given data was invalid.', errors: { '/email': [notificationBuilderMessages.noSuchCustomer] } });
    expect((await send({ email: '' })).json()).toMatchObject({ errors: { '/email': [notificationBuilderMessages.emailRequired] } });
    expect((await send({ related: 'no-such-product' })).json()).toMatchObject({ errors: { '/related': [notificationBuilderMessages.noSuchProduct] } });
    expect((await send({ href: 'javascript:alert(1)' })).statusCode).toBe(422);
    expect((await send({ template: 'Loud' })).statusCode).toBe(422);

    const everyone = (await q<{ n: number }>(
      `select count(*)::int as n from users u where exists (select 1 from orders o where o.division_id = $1 and o.email = lower(u.email)) or exists (select 1 from store_members m where m.division_id = $1 and m.user_id = u.id)`,
      [division],
    ))[0]!.n;
    expect(everyone).toBeGreaterThan(1);
    const all = await send({ audience: 'customers', email: undefined, title: 'Sale starts now', tag: '' });
    expect(all.json()).toEqual({ sent: everyone, message: `Sent to ${everyone} people.` });
    expect((await q<{ n: number }>(`select count(*)::int as n from notifications where title = 'Sale starts now'`))[0]!.n).toBe(everyone);
    const staffId = (await q<{ id: number }>('select id from users where email = $1', [STAFF.email]))[0]!.id;
    expect(await q(`select 1 from notifications where title = 'Sale starts now' and recipient_id = $1`, [staffId])).toEqual([]);
  });
});
