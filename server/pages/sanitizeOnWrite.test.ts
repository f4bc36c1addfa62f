import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDivisionId, openTestContext } from '../testing/testContext';
import { TestClient } from '../auth/testClient';
import { DEMO_ACCOUNTS } from '../db/seed/demoAccounts';
import { sanitizeStoredPages } from './sanitizeStoredPages';
import type { PageDocument } from '../../src/core/storeData';

/** Page HTML is cleaned when it is saved (and pages saved before that are cleaned at start), so shoppers get safe HTML. */
let t: Awaited<ReturnType<typeof openTestContext>>;
let owner: TestClient;
let division = 0;
const [OWNER] = DEMO_ACCOUNTS;
const XSS = '<p>Hello <b>there</b></p><script>window.pwned=1</script><img src="x.png" onerror="window.pwned=1"><a href="javascript:window.pwned=1">x</a>';
const CLEAN = '<p>Hello <b>there</b></p><img src="x.png"><a>x</a>';

beforeAll(async () => {
  t = await openTestContext();
  division = await demoDivisionId(t.ctx.db);
  owner = new TestClient(t.app, '198.51.100.77');
  await owner.login(OWNER!.email, OWNER!.password);
});
afterAll(async () => t?.close());

const storedBlocks = async (id: number) => (await t.ctx.db.query<{ blocks: PageDocument['blocks'] }>('select blocks from pages where id = $1', [id])).rows[0]!.blocks;

describe('sanitise on write', () => {
  it('an XSS payload saved in rich text, free HTML, nested blocks and answers is stored clean', async () => {
    const res = await owner.post(`/omnis/v3/divisions/${division}/pages/`, {
      url: '/xss-on-create/',
      properties: { title: 'XSS' },
      blocks: [
        { uid: 't', type: 'textBlock', properties: { text: XSS } },
        { uid: 'h', type: 'html', properties: { html: `${XSS}<form action="/x"><input name="card"><button>Pay</button></form>` } },
        { uid: 'r', type: 'row', properties: {}, items: [{ uid: 'e', type: 'expandable', size: { x: 6, y: 3 }, properties: { question: 'Q', answer: XSS } }] },
      ],
    });
    expect(res.statusCode).toBe(201);
    const page = res.json<PageDocument>();
    for (const blocks of [page.blocks, await storedBlocks(page.id)]) {
      expect(blocks[0]!.properties.text).toBe(CLEAN);
      expect(blocks[1]!.properties.html).toBe(`${CLEAN}Pay`); // the form and its fields go, their words stay
      expect(blocks[2]!.items[0]!.properties.answer).toBe(CLEAN);
    }
    expect(JSON.stringify(await storedBlocks(page.id))).not.toMatch(/<script|onerror|javascript:|<form|<input|<button/i);
  });

  it('an update is cleaned too, and the storefront page read answers the clean HTML', async () => {
    const created = (await owner.post(`/omnis/v3/divisions/${division}/pages/`, { url: '/xss-on-update/', properties: { title: 'U' }, blocks: [] })).json<PageDocument>();
    const res = await owner.patch(`/omnis/v3/divisions/${division}/pages/${created.id}/`, { version: created.version, blocks: [{ uid: 'c', type: 'card', properties: { title: 'Card', copy: XSS } }] });
    expect(res.statusCode).toBe(200);
    expect((await storedBlocks(created.id))[0]!.properties.copy).toBe(CLEAN);
    const read = await new TestClient(t.app, '198.51.100.78').get(`/omnis/v3/divisions/${division}/pages/${created.id}/`);
    expect(JSON.stringify(read.json())).not.toMatch(/<script|onerror|javascript:/i);
  });

  it('pages stored before sanitise-on-write are cleaned once at start, other content untouched', async () => {
    const created = (await owner.post(`/omnis/v3/divisions/${division}/pages/`, { url: '/legacy/', properties: { title: 'L' }, blocks: [] })).json<PageDocument>();
    const legacy = [{ uid: 'l', type: 'textBlock', order: 0, size: { x: 12, y: 6 }, properties: { text: XSS, align: 'center' } }];
    await t.ctx.db.query('update pages set blocks = $2, html_sanitized = false where id = $1', [created.id, JSON.stringify(legacy)]);
    expect(await sanitizeStoredPages(t.ctx.db, t.ctx.registry)).toBe(1);
    const [block] = await storedBlocks(created.id);
    expect(block!.properties).toEqual({ text: CLEAN, align: 'center' });
    expect((await t.ctx.db.query<{ html_sanitized: boolean }>('select html_sanitized from pages where id = $1', [created.id])).rows[0]!.html_sanitized).toBe(true);
    expect(await sanitizeStoredPages(t.ctx.db, t.ctx.registry)).toBe(0);
  });
});
