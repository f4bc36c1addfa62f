import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import { ApiError, apiMessages } from '../http/errors';
import { escapeHtml, queueMail } from '../services/mail';
import { rules } from '../auth/validation';
import { formatMoney } from '../../src/core/currency';
import { ORDER_STATUS_LABELS, isOrderStatus, isPayableStatus, orderProgress } from '../../src/core/orderLifecycle';
import {
  PACKAGING_OPTIONS,
  PRINT_POSITIONS,
  QUOTE_LIMITS,
  QUOTE_SIZES,
  isQuoteEditable,
  lineQuantity,
  quoteMessages,
  quoteTotals,
  type QuoteFileView,
  type QuotePricing,
  type QuoteRequest,
  type QuoteView,
} from '../../src/core/quotes';
import { logStatus, transitionOrder } from './stateMachine';
import { customerHashFor } from './orderHistory';
import { queueOrderConfirmation, type MailLinks } from './orders';
import { layout, type MailBrand } from './mailBrand';
import { createNotification } from '../realtime/notifications';
import { isSafeSvg, sniffMatches } from '../api/media/uploads';
import type { UploadedFile } from '../http/uploadedFile';

/**
 * Bespoke orders: a quote is an order in status `quote` from the customer's first save, with a `quotes` row for
 * what was asked, priced and said (220_quotes.sql). Staff price it and attach a mock-up (→ bespoke_mockup); the
 * customer approves (→ bespoke_approved) or asks for changes, pays at /pay/{order}/ (→ bespoke_paid, payOrder.ts)
 * or orders on a purchase order when terms were authorised (→ po_confirmed); the floor then moves it through the
 * bespoke groups to bespoke_shipped. Every change goes through the lifecycle table and the status log.
 */

type Row = Record<string, unknown>;

const fail = (errors: Record<string, string[]>) => new ApiError(422, Object.values(errors)[0]![0]!, errors);
const EMAIL_RULE = 'email';
const REQUIRED = 'This field is required';

/** The rule book's message for a value, or null (the §5.1 rules and wording, as the forms use them). */
const check = (rule: string, value: unknown, params: (string | number)[] = []) => rules().check(rule, params, value);

/**
 * A request as sent, cleaned (trimmed, numbers whole, unknown sizes and positions dropped) and checked. `complete`
 * (a submitted quote) asks for every required field; a draft only has to be well formed. 422 with every field's
 * first message, keyed by path (contact.email, products.0.sizes, …).
 */
export function checkQuoteRequest(input: QuoteRequest, complete: boolean, today = new Date()): QuoteRequest {
  const errors: Record<string, string[]> = {};
  const put = (field: string, message: string | null) => {
    if (message && !errors[field]) errors[field] = [message];
  };
  const text = (v: unknown, max: number = QUOTE_LIMITS.text) => String(v ?? '').trim().slice(0, max);
  const contact = { name: text(input.contact?.name), email: text(input.contact?.email).toLowerCase(), phone: text(input.contact?.phone, 40), company: text(input.contact?.company) };
  const products = (input.products ?? []).slice(0, QUOTE_LIMITS.products).map((p) => ({
    product: text(p.product),
    colour: text(p.colour, 60),
    sizes: Object.fromEntries(
      QUOTE_SIZES.map((size) => [size, Math.trunc(Number(p.sizes?.[size] ?? 0))] as const).filter(([, n]) => Number.isFinite(n) && n !== 0),
    ),
    positions: [...new Set((p.positions ?? []).filter((pos) => (PRINT_POSITIONS as readonly string[]).includes(pos)))],
  }));
  const deliveries = (input.deliveries ?? []).slice(0, QUOTE_LIMITS.deliveries).map((d) => ({ label: text(d.label, 80), country: text(d.country, 2).toUpperCase(), quantity: Math.trunc(Number(d.quantity ?? 0)) }));
  const request: QuoteRequest = {
    contact,
    products,
    deadline: input.deadline ? text(input.deadline, 10) : null,
    country: text(input.country, 2).toUpperCase(),
    notes: text(input.notes, QUOTE_LIMITS.notes),
    packaging: PACKAGING_OPTIONS.some((o) => o.value === input.packaging) ? input.packaging : 'bulk',
    deliveries,
    requestTerms: input.requestTerms === true,
  };

  if (contact.email) put('contact.email', check(EMAIL_RULE, contact.email));
  if (contact.phone) put('contact.phone', /^[+\d][\d\s()-]{5,}$/.test(contact.phone) ? null : 'must contain only numeric characters');
  if (request.country && !/^[A-Z]{2}$/.test(request.country)) put('country', REQUIRED);
  if (request.deadline) {
    const date = /^\d{4}-\d{2}-\d{2}$/.test(request.deadline) ? new Date(`${request.deadline}T00:00:00Z`) : null;
    if (!date || Number.isNaN(date.getTime())) put('deadline', REQUIRED);
    else if (date.getTime() <= Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())) put('deadline', quoteMessages.deadlinePast);
  }
  products.forEach((p, n) => {
    for (const [size, count] of Object.entries(p.sizes)) {
      if (count < 0) put(`products.${n}.sizes.${size}`, check('positive_number', -1) ?? 'must contain a positive number');
      else if (count > QUOTE_LIMITS.perSize) put(`products.${n}.sizes.${size}`, `Max ${QUOTE_LIMITS.perSize}`);
    }
  });
  deliveries.forEach((d, n) => {
    if (d.quantity < 1) put(`deliveries.${n}.quantity`, 'Min 1');
    if (!/^[A-Z]{2}$/.test(d.country)) put(`deliveries.${n}.country`, REQUIRED);
  });

  if (complete) {
    if (!contact.name) put('contact.name', REQUIRED);
    if (!contact.email) put('contact.email', REQUIRED);
    if (!request.country) put('country', REQUIRED);
    if (products.length === 0) put('products.0.product', REQUIRED);
    products.forEach((p, n) => {
      if (!p.product) put(`products.${n}.product`, REQUIRED);
      if (lineQuantity(p) < 1) put(`products.${n}.sizes`, quoteMessages.noQuantity);
      if (p.positions.length === 0) put(`products.${n}.positions`, REQUIRED);
    });
    const units = products.reduce((s, p) => s + lineQuantity(p), 0);
    if (deliveries.reduce((s, d) => s + d.quantity, 0) > units) put('deliveries', quoteMessages.tooManyDeliveries);
  }
  if (Object.keys(errors).length) throw fail(errors);
  return request;
}

/** Staff's price, checked: one line per requested product, at least one break each, whole minor units. */
export function checkPricing(input: QuotePricing, productCount: number): QuotePricing {
  const errors: Record<string, string[]> = {};
  const put = (field: string, message: string) => {
    if (!errors[field]) errors[field] = [message];
  };
  const money = (field: string, v: unknown) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) put(field, 'must contain a positive number');
    return Number.isInteger(n) && n >= 0 ? n : 0;
  };
  const lines = Array.from({ length: productCount }, (_, n) => {
    const line = input.lines?.[n];
    const breaks = (line?.breaks ?? []).slice(0, QUOTE_LIMITS.breaks).map((b, k) => ({ minQuantity: money(`lines.${n}.breaks.${k}.minQuantity`, b.minQuantity), unitPrice: money(`lines.${n}.breaks.${k}.unitPrice`, b.unitPrice) }));
    if (breaks.length === 0) put(`lines.${n}.breaks`, REQUIRED);
    if (new Set(breaks.map((b) => b.minQuantity)).size !== breaks.length) put(`lines.${n}.breaks`, 'Each quantity break must start at a different quantity');
    return { breaks: breaks.sort((a, b) => a.minQuantity - b.minQuantity), printCost: money(`lines.${n}.printCost`, line?.printCost ?? 0) };
  });
  const vatRate = Number(input.vatRate);
  if (!Number.isFinite(vatRate) || vatRate < 0 || vatRate > 100) put('vatRate', 'Max 100');
  const pricing = { lines, shipping: money('shipping', input.shipping), vatRate: Number.isFinite(vatRate) ? Math.round(vatRate * 100) / 100 : 0 };
  if (Object.keys(errors).length) throw fail(errors);
  return pricing;
}

export const newQuoteHash = () => randomBytes(18).toString('base64url');

/** Where the customer follows the quote (approve, request changes, pay): the advanced-quote page of the order. */
export const quoteLink = (origin: string | null, hash: string) => `${origin ?? ''}/advanced-quote/${hash}/`;

async function mailCustomer(tx: Queryable, orderId: number, brand: MailBrand | null, origin: string | null, subject: string, paragraphs: string[]) {
  const { rows } = await tx.query<{ hash: string; email: string; request: QuoteRequest }>('select o.hash, o.email, q.request from orders o join quotes q on q.order_id = o.id where o.id = $1', [orderId]);
  const o = rows[0];
  if (!o) return;
  const link = quoteLink(origin, o.hash);
  const hello = o.request.contact.name ? `Hello ${o.request.contact.name.split(/\s+/)[0]},` : 'Hello,';
  const text = [hello, '', ...paragraphs.flatMap((p) => [p, '']), `Your quote: ${link}`, '', brand?.storeName ?? ''].join('\n');
  const body = `<p>${escapeHtml(hello)}</p>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}<p><a href="${escapeHtml(link)}">View your quote</a></p>`;
  const html = brand ? layout(brand, subject, body, { label: 'View your quote', href: link }) : body;
  await queueMail(tx, { to: o.email, subject, text, html });
}

const nameParts = (name: string) => {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
};

/** The order's address and email follow the request's contact (the quote has no checkout). */
async function writeContact(tx: Queryable, orderId: number, divisionId: number, request: QuoteRequest) {
  const address = { ...nameParts(request.contact.name), ...(request.contact.company ? { company: request.contact.company } : {}), street: '', city: '', zip: '', country: request.country || 'GB', ...(request.contact.email ? { email: request.contact.email } : {}) };
  await tx.query('update orders set email = $2, shipping_address = $3, billing_address = $3, updated_at = now() where id = $1', [orderId, request.contact.email, JSON.stringify(address)]);
  if (request.contact.email) {
    // §3 Customer: the store's customer record of this email, with requestTerms when they asked to pay on account.
    await customerHashFor(tx, divisionId, request.contact.email);
    if (request.requestTerms) await tx.query('update order_customers set request_terms = true where division_id = $1 and email = $2', [divisionId, request.contact.email]);
  }
}

async function queueReceived(tx: Queryable, orderId: number, brand: MailBrand | null, origin: string | null) {
  await mailCustomer(tx, orderId, brand, origin, `We have your quote request`, [
    'Thank you for asking us for a quote. We will price it and send you a proposal with a mock-up to approve.',
    'You can follow your quote, approve the proposal and pay for it at the link below.',
  ]);
}

/** A new quote: the order in status `quote`, its request and, when submitted, the customer record and the mail. */
export async function createQuote(
  db: Database,
  input: { divisionId: number; kind: 'simple' | 'advanced'; request: QuoteRequest; step: number; submit: boolean; userId: number | null; origin: string | null; brand: MailBrand | null },
): Promise<{ id: number; hash: string }> {
  const request = checkQuoteRequest(input.request, input.submit);
  return db.transaction(async (tx) => {
    const hash = newQuoteHash();
    const { rows } = await tx.query<{ id: number }>(
      `insert into orders (hash, division_id, user_id, email, status, subtotal, shipping, shipping_tax, goods_tax, total, billing_address, shipping_address, shipping_method, payment_method, payment_processor, idempotency_key)
       values ($1, $2, $3, '', 'quote', 0, 0, 0, 0, 0, '{}', '{}', 'bespoke', 'quote', 'none', $1) returning id`,
      [hash, input.divisionId, input.userId],
    );
    const id = rows[0]!.id;
    await logStatus(tx, id, 'quote', null, input.userId);
    await tx.query('insert into quotes (order_id, kind, request, step, submitted_at) values ($1, $2, $3, $4, $5)', [id, input.kind, JSON.stringify(request), input.step, input.submit ? new Date() : null]);
    await writeContact(tx, id, input.divisionId, request);
    if (input.submit) await queueReceived(tx, id, input.brand, input.origin);
    return { id, hash };
  });
}

/** Saves an advanced quote as the customer goes (a draft only); `submit` sends it to staff. */
export async function saveQuoteDraft(db: Database, input: { hash: string; request: QuoteRequest; step: number; submit: boolean; origin: string | null; brand: (divisionId: number) => Promise<MailBrand | null> }): Promise<void> {
  const request = checkQuoteRequest(input.request, input.submit);
  const { rows: found } = await db.query<{ division_id: number }>('select o.division_id from orders o join quotes q on q.order_id = o.id where o.hash = $1', [input.hash]);
  const brand = found[0] ? await input.brand(found[0].division_id) : null;
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number; division_id: number; submitted_at: unknown }>(
      'select o.id, o.division_id, q.submitted_at from orders o join quotes q on q.order_id = o.id where o.hash = $1 for update of o, q',
      [input.hash],
    );
    const q = rows[0];
    if (!q) throw new ApiError(404, quoteMessages.notFound);
    if (q.submitted_at) throw new ApiError(409, quoteMessages.submitted);
    await tx.query('update quotes set request = $2, step = $3, submitted_at = $4, updated_at = now() where order_id = $1', [q.id, JSON.stringify(request), input.step, input.submit ? new Date() : null]);
    await writeContact(tx, q.id, q.division_id, request);
    if (input.submit) await queueReceived(tx, q.id, brand, input.origin);
  });
}

export const ARTWORK_TYPES: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'application/pdf': 'pdf', 'image/svg+xml': 'svg' };
export const MOCKUP_TYPES: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** An artwork or mock-up file checked by its type and its bytes (a renamed page cannot pose as a picture). */
export function checkQuoteFile(file: UploadedFile, kind: 'artwork' | 'mockup'): { filename: string; type: string; ext: string } {
  const types = kind === 'artwork' ? ARTWORK_TYPES : MOCKUP_TYPES;
  const formats = kind === 'artwork' ? quoteMessages.artworkFormats : quoteMessages.mockupFormats;
  const bad = (message: string) => new ApiError(422, message, { '/file': [message] });
  const type = file.mimetype.toLowerCase().split(';')[0]!.trim();
  const ext = types[type];
  if (!ext || file.bytes.length === 0) throw bad(formats);
  const ok = type === 'application/pdf' ? file.bytes.subarray(0, 5).toString('latin1') === '%PDF-' : sniffMatches(type as Parameters<typeof sniffMatches>[0], file.bytes);
  if (!ok) throw bad(formats);
  if (type === 'image/svg+xml' && !isSafeSvg(file.bytes.toString('utf8'))) throw bad(formats);
  const filename = (file.filename.trim() || `${kind}.${ext}`).slice(0, 200);
  return { filename, type, ext };
}

export async function addQuoteFile(tx: Queryable, orderId: number, kind: 'artwork' | 'mockup', position: string | null, file: UploadedFile): Promise<number> {
  const checked = checkQuoteFile(file, kind);
  const { rows } = await tx.query<{ id: number }>(
    'insert into quote_files (order_id, kind, position, filename, content_type, ext, size, bytes) values ($1, $2, $3, $4, $5, $6, $7, $8) returning id',
    [orderId, kind, position, checked.filename, checked.type, checked.ext, file.bytes.length, file.bytes],
  );
  return rows[0]!.id;
}

/** The customer's artwork for a quote still open (not yet approved). */
export async function addArtwork(db: Database, hash: string, position: string | null, file: UploadedFile): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number; status: string }>('select o.id, o.status from orders o join quotes q on q.order_id = o.id where o.hash = $1 for update of o', [hash]);
    const o = rows[0];
    if (!o) throw new ApiError(404, quoteMessages.notFound);
    if (!isQuoteEditable(o.status)) throw new ApiError(409, quoteMessages.notEditable);
    return addQuoteFile(tx, o.id, 'artwork', position && (PRINT_POSITIONS as readonly string[]).includes(position) ? position : null, file);
  });
}

async function lockQuote(tx: Queryable, where: 'id' | 'hash', value: number | string) {
  const { rows } = await tx.query<{ id: number; hash: string; status: string; division_id: number; request: QuoteRequest; pricing: QuotePricing | null; submitted_at: unknown }>(
    `select o.id, o.hash, o.status, o.division_id, q.request, q.pricing, q.submitted_at from orders o join quotes q on q.order_id = o.id where o.${where} = $1 for update of o, q`,
    [value],
  );
  return rows[0] ?? null;
}

/**
 * Staff's price: the order's items and totals become the proposal (VAT on top of the net prices), so the receipt,
 * /pay/ and the floor all read the same numbers. Only before the customer approved.
 */
export async function priceQuote(db: Database, orderId: number, input: QuotePricing, staffId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const q = await lockQuote(tx, 'id', orderId);
    if (!q) throw new ApiError(404, apiMessages.notFound);
    if (!isQuoteEditable(q.status)) throw new ApiError(409, quoteMessages.notEditable);
    const pricing = checkPricing(input, q.request.products.length);
    const totals = quoteTotals(q.request, pricing);
    await tx.query('update quotes set pricing = $2, priced_at = now(), updated_at = now() where order_id = $1', [orderId, JSON.stringify(pricing)]);
    await tx.query('delete from order_items where order_id = $1', [orderId]);
    for (const [position, line] of totals.lines.entries()) {
      const p = q.request.products[position]!;
      const sizes = Object.entries(p.sizes).map(([s, n]) => `${n}×${s}`).join(' ');
      // order_items.price is the unit price including VAT; the line's VAT is kept exactly as proposed.
      await tx.query(
        `insert into order_items (order_id, name, sku, options, quantity, price, vat_rate, tax, position) values ($1, $2, 'BESPOKE', $3, $4, $5, $6, $7, $8)`,
        [orderId, line.product, JSON.stringify({ colour: line.colour || null, size: sizes || null }), Math.max(1, line.quantity), Math.round((line.net + line.tax) / Math.max(1, line.quantity)), pricing.vatRate / 100, line.tax, position],
      );
    }
    await tx.query('update orders set subtotal = $2, shipping = $3, shipping_tax = $4, goods_tax = $5, total = $6, updated_at = now() where id = $1', [
      orderId, totals.goodsNet, totals.shippingNet, totals.shippingTax, totals.goodsTax, totals.total,
    ]);
    await tx.query('insert into order_status_logs (order_id, status, previous_status, user_id, note) values ($1, $2, $2, $3, $4)', [orderId, q.status, staffId, `Priced: ${formatMoney(totals.total, 'GBP')}`]);
  });
}

/** A mock-up for the customer to approve: the quote moves to bespoke_mockup (it must be priced first) and the customer is told. */
export async function attachMockup(db: Database, orderId: number, file: UploadedFile, staffId: number, origin: string | null, brand: (divisionId: number) => Promise<MailBrand | null>): Promise<number> {
  checkQuoteFile(file, 'mockup');
  const { rows: found } = await db.query<{ division_id: number }>('select division_id from orders where id = $1', [orderId]);
  const mailBrand = found[0] ? await brand(found[0].division_id) : null;
  return db.transaction(async (tx) => {
    const q = await lockQuote(tx, 'id', orderId);
    if (!q) throw new ApiError(404, apiMessages.notFound);
    if (!isQuoteEditable(q.status)) throw new ApiError(409, quoteMessages.notEditable);
    if (!q.pricing) throw new ApiError(409, quoteMessages.notPriced);
    const id = await addQuoteFile(tx, orderId, 'mockup', null, file);
    if (q.status !== 'bespoke_mockup') await transitionOrder(tx, orderId, 'bespoke_mockup', { userId: staffId, note: 'Mock-up sent for approval' });
    else await tx.query('insert into order_status_logs (order_id, status, previous_status, user_id, note) values ($1, $2, $2, $3, $4)', [orderId, q.status, staffId, 'New mock-up sent for approval']);
    await tx.query('update quotes set customer_comment = null, updated_at = now() where order_id = $1', [orderId]);
    await mailCustomer(tx, orderId, mailBrand, origin, `Your proposal for quote #${orderId} is ready`, [
      'We have priced your quote and made a mock-up of your order.',
      'Please look at it and approve it, or tell us what to change.',
    ]);
    // A customer with an account also sees it in the app (and as a push): one per quote, the newest mock-up.
    const { rows: owner } = await tx.query<{ user_id: number | null }>('select user_id from orders where id = $1', [orderId]);
    if (owner[0]?.user_id)
      await createNotification(tx, {
        recipientId: owner[0].user_id,
        title: `Your quote #${orderId} is ready`,
        body: 'See the price and the mock-up, then approve it or ask for changes.',
        href: `/advanced-quote/${q.hash}/`,
        template: 'Shove',
        tag: `quote-${orderId}`,
        replacePrevious: true,
        data: { orderId },
      });
    return id;
  });
}

/** The customer approves the proposal and mock-up: bespoke_mockup → bespoke_approved. */
export async function approveQuote(db: Database, hash: string): Promise<void> {
  await db.transaction(async (tx) => {
    const q = await lockQuote(tx, 'hash', hash);
    if (!q) throw new ApiError(404, quoteMessages.notFound);
    if (q.status !== 'bespoke_mockup') throw new ApiError(409, quoteMessages.notAwaitingApproval);
    await transitionOrder(tx, q.id, 'bespoke_approved', { note: 'Approved by the customer' });
  });
}

/** The customer asks for changes: their comment goes in the quote and the status log; staff send a new mock-up. */
export async function requestQuoteChanges(db: Database, hash: string, comment: string): Promise<void> {
  const text = comment.trim().slice(0, QUOTE_LIMITS.notes);
  if (!text) throw new ApiError(422, REQUIRED, { comment: [REQUIRED] });
  await db.transaction(async (tx) => {
    const q = await lockQuote(tx, 'hash', hash);
    if (!q) throw new ApiError(404, quoteMessages.notFound);
    if (q.status !== 'bespoke_mockup') throw new ApiError(409, quoteMessages.notAwaitingApproval);
    await tx.query('update quotes set customer_comment = $2, updated_at = now() where order_id = $1', [q.id, text]);
    await tx.query('insert into order_status_logs (order_id, status, previous_status, note) values ($1, $2, $2, $3)', [q.id, q.status, `Changes requested: ${text}`]);
  });
}

/** An approved quote paid at /pay/{order}/ (payOrder.ts): bespoke_paid, and the order confirmation mail. */
export async function markQuotePaid(tx: Queryable, orderId: number, hash: string, userId: number | null, mail: MailLinks) {
  await transitionOrder(tx, orderId, 'bespoke_paid', { userId });
  await queueOrderConfirmation(tx, hash, mail);
}

/** §4 po_confirmed is for customers whose terms were authorised (the quote went through bespoke_authorised_terms). */
export async function refusePurchaseOrderWithoutTerms(tx: Queryable, orderId: number): Promise<void> {
  const { rows } = await tx.query('select 1 from order_status_logs where order_id = $1 and status = $2 limit 1', [orderId, 'bespoke_authorised_terms']);
  if (rows.length === 0) throw new ApiError(409, quoteMessages.poNeedsTerms);
}

const fileView = (base: string) => (f: Row): QuoteFileView => ({
  id: f.id as number,
  kind: f.kind as 'artwork' | 'mockup',
  position: (f.position as string | null) ?? null,
  filename: f.filename as string,
  url: `${base}/files/${f.id as number}/`,
  contentType: f.content_type as string,
  createdAt: new Date(f.created_at as string).toISOString(),
});

/** The quote as its customer (by hash) or staff (by id) see it; `filesBase` is where its files are read from. */
export async function loadQuoteView(db: Queryable, where: { hash: string } | { id: number }, filesBase: (hash: string, id: number) => string): Promise<(QuoteView & { id: number; divisionId: number; requestTerms: boolean; pricing: QuotePricing | null }) | null> {
  const { rows } = await db.query<Row>(
    `select o.id, o.hash, o.status, o.division_id, o.currency, o.created_at, q.kind, q.request, q.step, q.submitted_at, q.pricing, q.customer_comment,
            (select array_agg(l.status order by l.id) from order_status_logs l where l.order_id = o.id) as history,
            coalesce((select c.request_terms from order_customers c where c.division_id = o.division_id and c.email = o.email), false) as request_terms
     from orders o join quotes q on q.order_id = o.id where ${'hash' in where ? 'o.hash = $1' : 'o.id = $1'}`,
    ['hash' in where ? where.hash : where.id],
  );
  const o = rows[0];
  if (!o) return null;
  const { rows: files } = await db.query<Row>('select id, kind, position, filename, content_type, created_at from quote_files where order_id = $1 order by id', [o.id]);
  const status = o.status as string;
  const request = o.request as QuoteRequest;
  const pricing = (o.pricing as QuotePricing | null) ?? null;
  const history = (o.history as string[] | null) ?? [];
  return {
    id: o.id as number,
    divisionId: o.division_id as number,
    requestTerms: o.request_terms as boolean,
    pricing,
    hash: o.hash as string,
    number: o.id as number,
    kind: o.kind as 'simple' | 'advanced',
    status,
    statusLabel: isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status,
    // Quotes are bespoke (§4 "bespoke if ever in quote").
    progress: orderProgress(status, 'bespoke'),
    step: o.step as number,
    submitted: o.submitted_at !== null,
    request,
    proposal: pricing ? quoteTotals(request, pricing) : null,
    currency: o.currency as string,
    files: files.map(fileView(filesBase(o.hash as string, o.id as number))),
    customerComment: (o.customer_comment as string | null) ?? null,
    awaitingApproval: status === 'bespoke_mockup',
    payable: isPayableStatus(status) && status === 'bespoke_approved',
    termsAuthorised: history.includes('bespoke_authorised_terms'),
    createdAt: new Date(o.created_at as string).toISOString(),
  };
}

/** A quote's file (its bytes and type) if it belongs to the order. */
export async function loadQuoteFile(db: Queryable, orderId: number, fileId: number) {
  const { rows } = await db.query<{ filename: string; content_type: string; bytes: Uint8Array }>('select filename, content_type, bytes from quote_files where id = $1 and order_id = $2', [fileId, orderId]);
  return rows[0] ?? null;
}

/** Quotes staff work on: submitted ones, newest first, optionally only those in the given statuses. */
export async function listQuotes(db: Queryable, statuses: readonly string[] | null, page: number, perPage: number) {
  const { rows } = await db.query<Row>(
    `select o.id, o.hash, o.status, o.email, o.total, o.currency, o.created_at, q.kind, q.request, q.pricing, q.submitted_at, q.customer_comment, d.name as store_name,
            count(*) over () as total_count
     from orders o join quotes q on q.order_id = o.id join divisions d on d.id = o.division_id
     where q.submitted_at is not null ${statuses ? 'and o.status = any($3::text[])' : ''}
     order by q.submitted_at desc, o.id desc limit $1 offset $2`,
    statuses ? [perPage, (page - 1) * perPage, statuses] : [perPage, (page - 1) * perPage],
  );
  return {
    total: Number(rows[0]?.total_count ?? 0),
    data: rows.map((r) => {
      const request = r.request as QuoteRequest;
      const status = r.status as string;
      return {
        id: r.id as number,
        hash: r.hash as string,
        status,
        statusLabel: isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status,
        progress: orderProgress(status, 'bespoke'),
        kind: r.kind as string,
        name: request.contact.name,
        company: request.contact.company,
        email: r.email as string,
        units: request.products.reduce((s, p) => s + lineQuantity(p), 0),
        products: request.products.map((p) => p.product).join(', '),
        deadline: request.deadline,
        priced: r.pricing !== null,
        total: r.total as number,
        currency: r.currency as string,
        store: r.store_name as string,
        changesRequested: r.customer_comment !== null,
        submittedAt: new Date(r.submitted_at as string).toISOString(),
      };
    }),
  };
}
