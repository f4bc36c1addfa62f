import { randomUUID } from 'node:crypto';
import { demoDivisionId, pgliteSnapshot } from '../../testing/testContext';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { boot } from '../../boot';
import { buildApp } from '../../app';
import type { AppContext } from '../../context';

let ctx: AppContext;
let app: FastifyInstance;
let division: number;
let csrf: { cookie: string; token: string };
let contactPageId: number;

const CONTACT_BLOCKS = [
  { uid: 'contact-form', type: 'mailContactForm', properties: { contactEmail: 'owner@fernandthread.example', successMessage: 'Thanks! We reply within a day.' } },
  { uid: 'contact-nobody', type: 'mailContactForm', properties: {} },
  { uid: 'contact-hidden', type: 'mailContactForm', unpublished: true, properties: { contactEmail: 'hidden@fernandthread.example' } },
  { uid: 'contact-text', type: 'textBlock', properties: { text: '<p>Hi</p>' } },
];

beforeAll(async () => {
  ctx = await boot({ dataDir: null, snapshot: pgliteSnapshot() });
  app = await buildApp(ctx, { clientDir: null });
  division = await demoDivisionId(ctx.db);
  const blocks = structuredClone(CONTACT_BLOCKS);
  const errors = ctx.registry.validateBlocks(blocks);
  if (errors.length > 0) throw new Error(JSON.stringify(errors));
  contactPageId = (
    await ctx.db.query<{ id: number }>(`insert into pages (uuid, division_id, url, blocks) values ($1, $2, '/contact/', $3) returning id`, [
      randomUUID(),
      division,
      JSON.stringify(blocks),
    ])
  ).rows[0]!.id;
  const first = await app.inject({ method: 'GET', url: '/' });
  const token = first.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  csrf = { cookie: `XSRF-TOKEN=${token}`, token };
});

afterAll(async () => {
  await app?.close();
  await ctx?.db.close();
});

type Answer = { type?: string; message: string; errors?: Record<string, string[]> };

const post = async (url: string, payload: unknown, withCsrf = true) => {
  const res = await app.inject({ method: 'POST', url, payload: payload as object, headers: withCsrf ? { cookie: csrf.cookie, 'x-csrf-token': csrf.token } : {} });
  return { status: res.statusCode, body: res.json() as Answer };
};

const outboxTo = async (address: string) =>
  (await ctx.db.query<{ subject: string; body_text: string; body_html: string | null }>('select subject, body_text, body_html from outbox where to_address = $1 order by id', [address])).rows;

describe('POST /omnis/v3/marketing/subscribe/', () => {
  const url = '/omnis/v3/marketing/subscribe/';

  it('subscribes, queues one verification mail and answers the §8 success message', async () => {
    const res = await post(url, { division, mailingList: 'newsletter', email: ' Ada@Example.com ', firstName: 'Ada' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ type: 'success', message: "We've sent you an email to verify your subscription" });
    const { rows } = await ctx.db.query<{ email: string; first_name: string; verified_at: string | null; verify_token: string }>(
      'select email, first_name, verified_at, verify_token from subscribers where division_id = $1',
      [division],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'ada@example.com', first_name: 'Ada', verified_at: null });
    const mails = await outboxTo('ada@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body_text).toContain(`/omnis/v3/marketing/subscribe/verify/${rows[0]!.verify_token}/`);
  });

  it('is idempotent: subscribing again answers the same and sends no second mail', async () => {
    const again = await post(url, { division, mailingList: 'newsletter', email: 'ada@example.com', firstName: 'Ada' });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe("We've sent you an email to verify your subscription");
    expect((await ctx.db.query("select 1 from subscribers where email = 'ada@example.com'")).rows).toHaveLength(1);
    expect(await outboxTo('ada@example.com')).toHaveLength(1);
    // Another list is another subscription.
    await post(url, { division, mailingList: 'offers', email: 'ada@example.com', firstName: 'Ada' });
    expect((await ctx.db.query("select 1 from subscribers where email = 'ada@example.com'")).rows).toHaveLength(2);
  });

  it('verifies through the mailed link once', async () => {
    const token = (await ctx.db.query<{ verify_token: string }>("select verify_token from subscribers where mailing_list = 'newsletter' and email = 'ada@example.com'")).rows[0]!.verify_token;
    const res = await app.inject({ method: 'GET', url: `/omnis/v3/marketing/subscribe/verify/${token}/` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/subscription-verified');
    expect((await ctx.db.query("select verified_at from subscribers where verify_token = $1 and verified_at is not null", [token])).rows).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: `/omnis/v3/marketing/subscribe/verify/${'0'.repeat(48)}/` })).statusCode).toBe(404);
  });

  it('mails the email-subscriber offer’s coupon once, when the address of its list is first confirmed', async () => {
    await ctx.db.query(`update subdomains set settings = jsonb_set(settings, '{plugins,email-subscriber-offer}', '{"enabled": true, "coupon": "WELCOME10"}') where division_id = $1`, [division]);
    await post(url, { division, mailingList: 'subscriber-offer', email: 'grace@example.com', firstName: 'Grace' });
    const token = (await ctx.db.query<{ verify_token: string }>("select verify_token from subscribers where email = 'grace@example.com'")).rows[0]!.verify_token;
    for (let i = 0; i < 2; i++) expect((await app.inject({ method: 'GET', url: `/omnis/v3/marketing/subscribe/verify/${token}/` })).statusCode).toBe(303);
    const mails = await outboxTo('grace@example.com');
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining('Please confirm'), expect.stringContaining('welcome code')]);
    expect(mails[1]!.body_text).toContain('WELCOME10');
    // The newsletter list awards nothing.
    expect((await outboxTo('ada@example.com')).some((m) => m.body_text.includes('WELCOME10'))).toBe(false);
  });

  it.each([
    [{ email: '', firstName: 'Ada' }, { '/email': ['This field is required'] }],
    [{ firstName: 'Ada' }, { '/email': ['This field is required'] }],
    [{ email: 'not-an-email', firstName: 'Ada' }, { '/email': ['Please enter a valid email address'] }],
    [{ email: 'ok@example.com', firstName: '   ' }, { '/firstName': ['This field is required'] }],
    [{ email: 'nope', firstName: '' }, { '/email': ['Please enter a valid email address'], '/firstName': ['This field is required'] }],
  ])('answers 422 with the §5.1 messages for %j', async (fields, errors) => {
    const res = await post(url, { division, ...fields });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'The given data was invalid.', errors });
  });

  it('answers 422 for a malformed mailing list code and 404 for an unknown store', async () => {
    const badList = await post(url, { division, mailingList: 'Not A List', email: 'a@b.co', firstName: 'A' });
    expect(badList.status).toBe(422);
    expect(Object.keys(badList.body.errors ?? {})).toEqual(['/mailingList']);
    const unknown = await post(url, { division: 987654, email: 'a@b.co', firstName: 'A' });
    expect(unknown.status).toBe(404);
  });

  it('refuses a request without the CSRF token (403) and writes nothing', async () => {
    const res = await post(url, { division, email: 'csrf@example.com', firstName: 'C' }, false);
    expect(res.status).toBe(403);
    expect((await ctx.db.query("select 1 from subscribers where email = 'csrf@example.com'")).rows).toHaveLength(0);
  });
});

describe('POST /omnis/v3/marketing/contact/', () => {
  const url = '/omnis/v3/marketing/contact/';
  const message = { name: 'Grace', email: 'grace@example.com', message: 'Do you print in bulk?' };

  it('stores the message and mails the address of the stored block, answering its success message', async () => {
    // A recipient in the request is ignored: the block decides where mail goes.
    const res = await post(url, { division, blockUid: 'contact-form', pageId: contactPageId, ...message, contactEmail: 'attacker@evil.example' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ type: 'success', message: 'Thanks! We reply within a day.' });
    const mails = await outboxTo('owner@fernandthread.example');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body_text).toContain('Do you print in bulk?');
    expect(mails[0]!.body_text).toContain('grace@example.com');
    expect(await outboxTo('attacker@evil.example')).toHaveLength(0);
    expect((await ctx.db.query('select name, page_id from contact_messages')).rows).toEqual([{ name: 'Grace', page_id: contactPageId }]);
  });

  it('finds the block by uid alone and escapes HTML in the mail', async () => {
    const res = await post(url, { division, blockUid: 'contact-form', ...message, message: '<img src=x onerror=alert(1)>' });
    expect(res.status).toBe(200);
    const mails = await outboxTo('owner@fernandthread.example');
    expect(mails[1]!.body_html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mails[1]!.body_html).not.toContain('<img');
  });

  it.each([
    ['an unknown uid', { blockUid: 'no-such-block' }],
    ['a block that is not a contact form', { blockUid: 'contact-text' }],
    ['an unpublished form', { blockUid: 'contact-hidden' }],
    ['a uid on another page', { blockUid: 'contact-form', pageId: 2_000_000_000 }],
  ])('refuses %s with 404', async (_, target) => {
    const res = await post(url, { division, ...message, ...target });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Contact form not found');
  });

  it('refuses a form without a recipient', async () => {
    const res = await post(url, { division, blockUid: 'contact-nobody', ...message });
    expect(res.status).toBe(422);
    expect(await outboxTo('')).toHaveLength(0);
  });

  it('answers 422 with field errors, 404 for an unknown store and 403 without CSRF', async () => {
    const bad = await post(url, { division, blockUid: 'contact-form', name: '', email: 'x', message: '' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ '/name': ['This field is required'], '/email': ['Please enter a valid email address'], '/message': ['This field is required'] });
    expect((await post(url, { division: 5555, blockUid: 'contact-form', ...message })).status).toBe(404);
    expect((await post(url, { division, blockUid: 'contact-form', ...message }, false)).status).toBe(403);
    expect((await post(url, { division, ...message })).status).toBe(422);
  });
});

describe('POST /omnis/v3/frontend/retex/remill/submit/', () => {
  const url = '/omnis/v3/frontend/retex/remill/submit/';

  it('stores the request, mails the label and answers {type, message}', async () => {
    const res = await post(url, { email: 'Lin@Example.com', division });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ type: 'success', message: 'Thanks! Check your inbox for your free returns label.' });
    expect((await ctx.db.query('select email, division_id from remill_requests')).rows).toEqual([{ email: 'lin@example.com', division_id: division }]);
    expect((await outboxTo('lin@example.com'))[0]!.subject).toBe('Your free returns label and coupon');
  });

  it('answers 422 with the §5.1 messages, 404 for an unknown store and 403 without CSRF', async () => {
    expect((await post(url, {})).body.errors).toEqual({ '/email': ['This field is required'] });
    expect((await post(url, { email: 'lin@' })).body.errors).toEqual({ '/email': ['Please enter a valid email address'] });
    expect((await post(url, { email: 'lin@example.com', division: 999999 })).status).toBe(404);
    expect((await post(url, { email: 'lin@example.com' }, false)).status).toBe(403);
  });
});
