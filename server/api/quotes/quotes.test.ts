import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { openTestContext } from '../../testing/testContext';
import { TestClient } from '../../auth/testClient';
import { DEMO_ACCOUNTS } from '../../db/seed/demoAccounts';
import { TEST_CARDS } from '../../payments/testProcessor';
import { multipartFile } from '../../testing/multipart';
import { BESPOKE_PROGRESS_GROUPS, ORDER_STATUSES, ORDER_TRANSITIONS } from '../../../src/core/orderLifecycle';
import { quoteMessages, type QuoteRequest, type QuoteView } from '../../../src/core/quotes';
import { QUOTE_ALLOWANCE } from './quotes';
import type { OrderView } from '../../../src/core/api/orders';

let t: Awaited<ReturnType<typeof openTestContext>>;
let staff: TestClient;
let ip = 10;
const STAFF = DEMO_ACCOUNTS[1];
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  t = await openTestContext();
  staff = new TestClient(t.app, '198.51.100.200');
  await staff.login(STAFF.email, STAFF.password);
}, 300_000);
afterAll(async () => t?.close());

const visitor = () => new TestClient(t.app, `198.51.100.${ip++}`);
const tomorrow = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

const request = (email = 'events@example.com'): QuoteRequest => ({
  contact: { name: 'Grace Hopper', email, phone: '+44 20 7946 0000', company: 'Compiler Events' },
  products: [{ product: 'Organic hoodie', colour: 'Navy', sizes: { M: 80, L: 120 }, positions: ['front', 'back'] }],
  deadline: tomorrow(),
  country: 'GB',
  notes: 'Logo on the front, sponsors on the back',
  packaging: 'bagged',
  deliveries: [],
  requestTerms: false,
});

async function newQuote(client = visitor(), body: QuoteRequest = request()) {
  const res = await client.post('/omnis/v3/quotes/', { request: body });
  expect(res.statusCode, res.body).toBe(201);
  return { client, hash: res.json<{ hash: string; number: number }>().hash, id: res.json<{ number: number }>().number };
}

const price = (id: number) =>
  staff.put(`/omnis/v3/atlas/quotes/${id}/price/`, { lines: [{ breaks: [{ minQuantity: 1, unitPrice: 1800 }, { minQuantity: 100, unitPrice: 1500 }], printCost: 350 }], shipping: 2500, vatRate: 20 });

async function mockup(id: number) {
  const { payload, headers } = multipartFile('file', 'mockup.png', 'image/png', PNG);
  return staff.request('POST', `/omnis/v3/atlas/quotes/${id}/mockup/`, payload, headers);
}

describe('get a quote', () => {
  it('creates an order in status quote, a customer record and a confirmation mail', async () => {
    const { hash, id } = await newQuote(visitor(), request('Quote.One@example.com'));
    const view = (await visitor().get(`/omnis/v3/quotes/${hash}/`)).json<QuoteView>();
    expect(view).toMatchObject({ status: 'quote', progress: 12.5, submitted: true, proposal: null, awaitingApproval: false, payable: false });
    expect(view.request.products[0]!.sizes).toEqual({ M: 80, L: 120 });
    const { rows: customers } = await t.ctx.db.query('select 1 from order_customers where email = $1', ['quote.one@example.com']);
    expect(customers).toHaveLength(1);
    const { rows: mails } = await t.ctx.db.query<{ subject: string; text: string }>('select subject, body_text as text from outbox where to_address = $1 order by id desc', ['quote.one@example.com']);
    expect(mails[0]!.subject).toBe('We have your quote request');
    expect(mails[0]!.text).toContain(`/advanced-quote/${hash}/`);
    const { rows: logs } = await t.ctx.db.query<{ status: string }>('select status from order_status_logs where order_id = $1', [id]);
    expect(logs.map((l) => l.status)).toEqual(['quote']);
  });

  it('answers bad input with the §5.1 messages per field and writes nothing', async () => {
    const before = (await t.ctx.db.query<{ n: number }>('select count(*)::int as n from quotes')).rows[0]!.n;
    const bad = { ...request(), contact: { name: '', email: 'not-an-email', phone: '', company: '' }, products: [{ product: '', colour: '', sizes: {}, positions: [] }], deadline: '2001-01-01' };
    const res = await visitor().post('/omnis/v3/quotes/', { request: bad });
    expect(res.statusCode).toBe(422);
    const errors = res.json<{ errors: Record<string, string[]> }>().errors;
    expect(errors).toMatchObject({
      'contact.name': ['This field is required'],
      'contact.email': ['Please enter a valid email address'],
      'products.0.product': ['This field is required'],
      'products.0.sizes': ['Min 1'],
      'products.0.positions': ['This field is required'],
      deadline: [quoteMessages.deadlinePast],
    });
    // A negative quantity and a body that is not a quote at all.
    const negative = await visitor().post('/omnis/v3/quotes/', { request: { ...request(), products: [{ product: 'Tee', colour: '', sizes: { S: -3 }, positions: ['front'] }] } });
    expect(negative.statusCode).toBe(422);
    expect(negative.json<{ errors: Record<string, string[]> }>().errors['products.0.sizes.S']).toEqual(['must contain a positive number']);
    expect((await visitor().post('/omnis/v3/quotes/', { nonsense: true })).statusCode).toBe(422);
    expect((await t.ctx.db.query<{ n: number }>('select count(*)::int as n from quotes')).rows[0]!.n).toBe(before);
  });
});

describe('advanced quote', () => {
  it('saves a draft as the customer goes, resumes by link, submits once', async () => {
    const client = visitor();
    const draft = { ...request('adv@example.com'), products: [{ product: 'Tote bag', colour: '', sizes: {}, positions: [] }] };
    const created = await client.post('/omnis/v3/quotes/', { kind: 'advanced', request: draft, step: 1 });
    expect(created.statusCode, created.body).toBe(201);
    const { hash } = created.json<{ hash: string }>();
    // Staff do not see drafts.
    const inbox = (await staff.get('/omnis/v3/atlas/quotes/?group=all')).json<{ data: { hash: string }[] }>();
    expect(inbox.data.some((q) => q.hash === hash)).toBe(false);
    const resumed = (await visitor().get(`/omnis/v3/quotes/${hash}/`)).json<QuoteView>();
    expect(resumed).toMatchObject({ submitted: false, step: 1, kind: 'advanced' });
    // Submitting an incomplete draft names the missing fields; then the full one goes through.
    expect((await client.put(`/omnis/v3/quotes/${hash}/`, { request: draft, step: 3, submit: true })).statusCode).toBe(422);
    const full = { ...draft, products: [{ product: 'Tote bag', colour: 'Natural', sizes: { M: 300 }, positions: ['front'] }], deliveries: [{ label: 'London office', country: 'GB', quantity: 200 }, { label: 'Dublin', country: 'IE', quantity: 100 }] };
    const sent = await client.put(`/omnis/v3/quotes/${hash}/`, { request: full, step: 3, submit: true });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<QuoteView>().submitted).toBe(true);
    expect((await client.put(`/omnis/v3/quotes/${hash}/`, { request: full, step: 3 })).json()).toMatchObject({ message: quoteMessages.submitted });
    const over = await visitor().post('/omnis/v3/quotes/', { kind: 'advanced', submit: true, request: { ...full, deliveries: [{ label: 'A', country: 'GB', quantity: 301 }] } });
    expect(over.json<{ errors: Record<string, string[]> }>().errors.deliveries).toEqual([quoteMessages.tooManyDeliveries]);
  });

  it('takes artwork of the allowed formats only', async () => {
    const { client, hash } = await newQuote();
    const png = multipartFile('file', 'logo.png', 'image/png', PNG);
    expect((await client.request('POST', `/omnis/v3/quotes/${hash}/artwork/?position=front`, png.payload, png.headers)).statusCode).toBe(201);
    const fake = multipartFile('file', 'logo.png', 'image/png', Buffer.from('<html>not a picture</html>'));
    const refused = await client.request('POST', `/omnis/v3/quotes/${hash}/artwork/`, fake.payload, fake.headers);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: quoteMessages.artworkFormats });
    const view = (await client.get(`/omnis/v3/quotes/${hash}/`)).json<QuoteView>();
    expect(view.files).toHaveLength(1);
    const file = await client.get(view.files[0]!.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
  });
});

describe('the whole bespoke journey', () => {
  it('a customer with an account hears that the proposal is ready in the app, one notification per quote', async () => {
    const shopper = visitor();
    await shopper.login(DEMO_ACCOUNTS[2].email, DEMO_ACCOUNTS[2].password);
    const { id } = await newQuote(shopper, request(DEMO_ACCOUNTS[2].email));
    await price(id);
    expect((await mockup(id)).statusCode).toBe(201);
    expect((await mockup(id)).statusCode).toBe(201);
    const { rows } = await t.ctx.db.query<{ title: string; href: string }>(
      `select n.title, n.href from notifications n join users u on u.id = n.recipient_id where u.email = $1 and n.tag = $2 and n.deleted_at is null`,
      [DEMO_ACCOUNTS[2].email, `quote-${id}`],
    );
    expect(rows).toEqual([{ title: `Your quote #${id} is ready`, href: expect.stringMatching(/^\/advanced-quote\/[A-Za-z0-9_-]+\/$/) }]);
  });

  it('priced with quantity breaks, mock-up, approved, paid with the test card, moved to shipped at 100 %', async () => {
    const { client, hash, id } = await newQuote(visitor(), request('journey@example.com'));
    // Approving before there is a mock-up is refused; a mock-up before a price too.
    expect((await client.post(`/omnis/v3/quotes/${hash}/approve/`)).json()).toMatchObject({ message: quoteMessages.notAwaitingApproval });
    expect((await mockup(id)).json()).toMatchObject({ message: quoteMessages.notPriced });
    const priced = await price(id);
    expect(priced.statusCode, priced.body).toBe(200);
    // 200 units reach the 100 break: (1500 + 350) × 200 = 370 000 net, shipping 2 500, VAT 20 %.
    expect(priced.json<QuoteView>().proposal).toMatchObject({ goodsNet: 370_000, goodsTax: 74_000, shippingNet: 2500, shippingTax: 500, total: 447_000 });
    expect((await mockup(id)).statusCode).toBe(201);
    let view = (await client.get(`/omnis/v3/quotes/${hash}/`)).json<QuoteView>();
    expect(view).toMatchObject({ status: 'bespoke_mockup', awaitingApproval: true, progress: 37.5 });
    expect(view.files.filter((f) => f.kind === 'mockup')).toHaveLength(1);
    // Changes requested keeps it waiting; a comment is required.
    expect((await client.post(`/omnis/v3/quotes/${hash}/changes/`, { comment: ' ' })).json()).toMatchObject({ errors: { comment: ['This field is required'] } });
    expect((await client.post(`/omnis/v3/quotes/${hash}/changes/`, { comment: 'Bigger logo please' })).json()).toMatchObject({ status: 'bespoke_mockup', customerComment: 'Bigger logo please' });
    expect((await mockup(id)).statusCode).toBe(201);
    expect((await client.post(`/omnis/v3/quotes/${hash}/approve/`)).json()).toMatchObject({ status: 'bespoke_approved', payable: true, message: quoteMessages.approved });
    // Approved: the price can no longer change.
    expect((await price(id)).json()).toMatchObject({ message: quoteMessages.notEditable });
    // A purchase order needs authorised terms.
    expect((await staff.post(`/omnis/v3/atlas/orders/${id}/status/`, { status: 'po_confirmed' })).json()).toMatchObject({ message: quoteMessages.poNeedsTerms });
    const receipt = (await client.get(`/omnis/v3/orders/${hash}/`)).json<OrderView>();
    expect(receipt).toMatchObject({ payable: true, progressKind: 'bespoke' });
    expect(receipt.totals.total).toBe(447_000);
    const paid = await client.request('POST', `/omnis/v3/orders/${hash}/pay/`, { payment: { method: 'card', card: { number: TEST_CARDS.success, expiry: '12/39', cvc: '123' } } }, { 'idempotency-key': randomUUID() });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ order: { status: 'bespoke_paid' } });
    for (const status of ['bespoke_production', 'bespoke_documents_printed', 'bespoke_sorted', 'bespoke_printing', 'bespoke_packing', 'bespoke_shipped']) {
      const moved = await staff.post(`/omnis/v3/atlas/orders/${id}/status/`, { status });
      expect(moved.statusCode, `${status}: ${moved.body}`).toBe(200);
    }
    view = (await client.get(`/omnis/v3/quotes/${hash}/`)).json<QuoteView>();
    expect(view).toMatchObject({ status: 'bespoke_shipped', progress: 100 });
    const finalReceipt = (await client.get(`/omnis/v3/orders/${hash}/`)).json<OrderView & { customerHash: string }>();
    expect(finalReceipt).toMatchObject({ progress: 100, progressKind: 'bespoke', payable: false });
    const history = (await client.get(`/omnis/v3/order-history/${finalReceipt.customerHash}/`)).json<{ orders: { hash: string; progress: number; progressKind: string }[] }>();
    expect(history.orders.find((o) => o.hash === hash)).toMatchObject({ progress: 100, progressKind: 'bespoke' });
  }, 60_000);

  it('orders on a purchase order when terms were requested and authorised', async () => {
    const { client, hash, id } = await newQuote(visitor(), { ...request('terms@example.com'), requestTerms: true });
    const detail = (await staff.get(`/omnis/v3/atlas/quotes/${id}/`)).json<{ requestTerms: boolean }>();
    expect(detail.requestTerms).toBe(true);
    for (const status of ['bespoke_requested_terms', 'bespoke_authorised_terms']) expect((await staff.post(`/omnis/v3/atlas/orders/${id}/status/`, { status })).statusCode).toBe(200);
    await price(id);
    await mockup(id);
    await client.post(`/omnis/v3/quotes/${hash}/approve/`);
    const po = await staff.post(`/omnis/v3/atlas/orders/${id}/status/`, { status: 'po_confirmed' });
    expect(po.statusCode, po.body).toBe(200);
    expect((await client.get(`/omnis/v3/quotes/${hash}/`)).json()).toMatchObject({ status: 'po_confirmed', termsAuthorised: true, progress: 50 });
  });
});

describe('§4 bespoke transitions through the atlas status route', () => {
  const bespoke = [...BESPOKE_PROGRESS_GROUPS.flat(), 'cancelled'] as string[];
  let orderId = 0;
  beforeAll(async () => {
    orderId = (await newQuote()).id;
  });
  // Every bespoke status × every status: allowed exactly when the lifecycle table says so (po_confirmed also needs terms).
  it('allows exactly the table’s moves and refuses the rest with 409 naming the allowed ones', async () => {
    const wrong: string[] = [];
    for (const from of bespoke) {
      for (const to of ORDER_STATUSES) {
        await t.ctx.db.query('update orders set status = $2 where id = $1', [orderId, from]);
        await t.ctx.db.query('delete from order_status_logs where order_id = $1 and status = $2', [orderId, 'bespoke_authorised_terms']);
        const res = await staff.post(`/omnis/v3/atlas/orders/${orderId}/status/`, { status: to });
        const allowed = (ORDER_TRANSITIONS[from as keyof typeof ORDER_TRANSITIONS] as readonly string[]).includes(to) && !(from === 'bespoke_approved' && to === 'po_confirmed');
        if (allowed !== (res.statusCode === 200)) wrong.push(`${from} → ${to}: ${res.statusCode}`);
        if (!allowed && res.statusCode === 409 && to !== 'po_confirmed') expect(res.json<{ message: string }>().message).toContain(`cannot move from ${from} to ${to}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});

describe('quotes of others are unreadable', () => {
  it('by another hash, by a guessed file id, and atlas only for staff', async () => {
    const mine = await newQuote();
    const theirs = await newQuote();
    const png = multipartFile('file', 'secret.png', 'image/png', PNG);
    await theirs.client.request('POST', `/omnis/v3/quotes/${theirs.hash}/artwork/`, png.payload, png.headers);
    const theirFile = (await theirs.client.get(`/omnis/v3/quotes/${theirs.hash}/`)).json<QuoteView>().files[0]!;
    // Their file through my quote's address: not found.
    expect((await mine.client.get(`/omnis/v3/quotes/${mine.hash}/files/${theirFile.id}/`)).statusCode).toBe(404);
    const unknown = await mine.client.get(`/omnis/v3/quotes/${'x'.repeat(24)}/`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: quoteMessages.notFound });
    // A checkout order's hash is not a quote.
    const { rows } = await t.ctx.db.query<{ hash: string }>(`select hash from orders where status <> 'quote' and id not in (select order_id from quotes) limit 1`);
    if (rows[0]) expect((await mine.client.get(`/omnis/v3/quotes/${rows[0].hash}/`)).statusCode).toBe(404);
    // Atlas quote routes: 403 for a signed-in shopper and for anonymous visitors.
    const shopper = visitor();
    await shopper.login(DEMO_ACCOUNTS[2].email, DEMO_ACCOUNTS[2].password);
    for (const c of [shopper, visitor()]) {
      expect((await c.get('/omnis/v3/atlas/quotes/')).statusCode).toBe(403);
      expect((await c.get(`/omnis/v3/atlas/quotes/${theirs.id}/`)).statusCode).toBe(403);
      expect((await c.get(`/omnis/v3/atlas/quotes/${theirs.id}/files/${theirFile.id}/`)).statusCode).toBe(403);
      expect((await c.put(`/omnis/v3/atlas/quotes/${theirs.id}/price/`, { lines: [], shipping: 0, vatRate: 20 })).statusCode).toBe(403);
    }
    // The customer cannot move their own quote on by the staff route.
    expect((await mine.client.post(`/omnis/v3/atlas/orders/${mine.id}/status/`, { status: 'bespoke_mockup' })).statusCode).toBe(403);
  });
});

describe('an address sending too many quotes', () => {
  it('is answered 429 with Retry-After once its hourly allowance is used', async () => {
    const client = visitor();
    const statuses: number[] = [];
    for (let n = 0; n <= QUOTE_ALLOWANCE.quotesPerIp; n++) statuses.push((await client.post('/omnis/v3/quotes/', { request: request(`many${n}@example.com`) })).statusCode);
    expect(statuses.slice(0, QUOTE_ALLOWANCE.quotesPerIp).every((s) => s === 201)).toBe(true);
    const refused = await client.post('/omnis/v3/quotes/', { request: request() });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json<{ message: string }>().message).toMatch(/^Too many requests from this address/);
  }, 60_000);
});
