import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDivisionId, openTestContext } from '../testing/testContext';
import { TestClient } from '../auth/testClient';
import { DEMO_ACCOUNTS } from '../db/seed/demoAccounts';
import { versionMessages } from '../../src/core/blocks/upgrade';
import { pageWriteMessages } from './writes';
import type { PageDocument } from '../../src/core/storeData';

/**
 * Pages saved under an older block schema version (schemas/blocks/button.json was version 1 with `primary`) are
 * handed out upgraded and stored upgraded on their next save; the stored row changes only when the page is saved.
 */
let t: Awaited<ReturnType<typeof openTestContext>>;
const [OWNER] = DEMO_ACCOUNTS;
let owner: TestClient;
let division = 0;
const pages = (page?: number) => `/omnis/v3/divisions/${division}/pages/${page === undefined ? '' : `${page}/`}`;

/** A button exactly as the version 1 schema stored it: every default filled, no schemaVersion. */
const v1Button = (uid: string, primary: 0 | 1, extra: Record<string, unknown> = {}) => ({
  uid,
  type: 'button',
  order: 0,
  size: { x: 6, y: 3 },
  items: [],
  flags: {},
  unpublished: false,
  padding: true,
  fullWidth: false,
  fullBackgroundColor: '',
  properties: { text: `Button ${uid}`, href: '/about/', target: '_self', primary, align: 'center', fullWidth: false, icon: '', iconPosition: 'left', ...extra },
});
const v1Text = { uid: 'intro', type: 'textBlock', order: 0, size: { x: 12, y: 6 }, items: [], flags: {}, unpublished: false, padding: true, fullWidth: false, fullBackgroundColor: '', properties: { text: '<p>Hello</p>', align: 'left' } };

/** Writes a page straight into the table, as an older server left it. */
async function storeOldPage(url: string, blocks: unknown[]): Promise<number> {
  const { rows } = await t.ctx.db.query<{ id: number }>(
    `insert into pages (uuid, division_id, url, layout, blocks, flags, properties) values ($1, $2, $3, 'standard', $4, '{}', $5) returning id`,
    [randomUUID(), division, url, JSON.stringify(blocks), JSON.stringify({ title: `Old ${url}`, isStorePage: true, isMailPage: false, loginState: 'everyone', description: '', isSearchable: true })],
  );
  return rows[0]!.id;
}
const storedBlocks = async (id: number) => (await t.ctx.db.query<{ blocks: Record<string, unknown>[] }>('select blocks from pages where id = $1', [id])).rows[0]!.blocks;

beforeAll(async () => {
  t = await openTestContext();
  division = await demoDivisionId(t.ctx.db);
  owner = new TestClient(t.app, '198.51.100.60');
  await owner.login(OWNER.email, OWNER.password);
});
afterAll(async () => t?.close());

describe('upgrade on read', () => {
  it('the page API hands out an old page at the current block versions, and leaves the stored row alone', async () => {
    const id = await storeOldPage('/old-read/', [v1Button('a', 1), v1Text, { ...v1Button('b', 0, { published: false }), order: 2 }]);
    const before = await storedBlocks(id);
    const res = await owner.get(pages(id));
    expect(res.statusCode).toBe(200);
    const page = res.json<PageDocument>();
    expect(page.blocks[0]).toMatchObject({ uid: 'a', schemaVersion: 2, properties: { buttonStyle: 'primary' } });
    expect(page.blocks[0]!.properties).not.toHaveProperty('primary');
    expect(page.blocks[1]).toEqual(v1Text);
    expect(page.blocks[2]).toMatchObject({ uid: 'b', schemaVersion: 2, properties: { buttonStyle: 'secondary', published: false } });
    expect(await storedBlocks(id)).toEqual(before);
  });

  it('a block newer than the schema knows is handed out as saved, not dropped; saving the page refuses it by name', async () => {
    const newer = { ...v1Button('n', 1), schemaVersion: 3 };
    const id = await storeOldPage('/old-newer/', [newer, { ...v1Button('o', 1), order: 1 }]);
    const page = (await owner.get(pages(id))).json<PageDocument>();
    expect(page.blocks.map((b) => [b.uid, b.schemaVersion])).toEqual([['n', 3], ['o', 2]]);
    expect(page.blocks[0]!.properties).toMatchObject({ primary: 1 });

    const res = await owner.patch(pages(id), { version: page.version, blocks: page.blocks });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: pageWriteMessages.invalid, errors: { '/blocks/0/schemaVersion': [versionMessages.newer('button', 3, 2)] } });
    expect(await storedBlocks(id)).toEqual([newer, { ...v1Button('o', 1), order: 1 }]);
  });
});

describe('upgrade on save', () => {
  it('saving the page as read stores it upgraded', async () => {
    const id = await storeOldPage('/old-save/', [v1Button('a', 1)]);
    const page = (await owner.get(pages(id))).json<PageDocument>();
    const res = await owner.patch(pages(id), { version: page.version, properties: { ...page.properties, title: 'Saved again' } });
    expect(res.statusCode).toBe(200);
    const [stored] = await storedBlocks(id);
    expect(stored).toMatchObject({ schemaVersion: 2, properties: { buttonStyle: 'primary' } });
    expect(stored!.properties).not.toHaveProperty('primary');
  });

  it('an old-version block in a save body (a builder opened before the upgrade) is upgraded before validation', async () => {
    const created = await owner.post(pages(), { url: '/old-body/', properties: { title: 'Body' }, blocks: [v1Text] });
    expect(created.statusCode).toBe(201);
    const page = created.json<PageDocument>();
    const res = await owner.patch(pages(page.id), { version: page.version, blocks: [v1Text, { ...v1Button('late', 1), order: 1 }] });
    expect(res.statusCode).toBe(200);
    expect(res.json<PageDocument>().blocks[1]).toMatchObject({ uid: 'late', schemaVersion: 2, properties: { buttonStyle: 'primary' } });
    expect((await storedBlocks(page.id))[1]).toMatchObject({ schemaVersion: 2, properties: { buttonStyle: 'primary' } });
  });

  it('a block in the current shape without a version is kept as written and stored with its version', async () => {
    const res = await owner.post(pages(), { url: '/new-shape/', properties: { title: 'New' }, blocks: [{ uid: 'w', type: 'button', properties: { text: 'Careful', buttonStyle: 'warning' } }] });
    expect(res.statusCode).toBe(201);
    expect((await storedBlocks(res.json<PageDocument>().id))[0]).toMatchObject({ schemaVersion: 2, properties: { buttonStyle: 'warning' } });
  });

  it('a block its migration refuses fails the save with the reason at its schemaVersion, not a list of property errors', async () => {
    const res = await owner.post(pages(), { url: '/refused/', properties: { title: 'Refused' }, blocks: [{ uid: 'r', type: 'button', properties: { text: 'Odd', primary: 'yes' } }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ '/blocks/0/schemaVersion': [versionMessages.cannotUpgrade('button', 1, 'primary must be 1 or 0, found "yes"')] });
  });
});

describe('revisions', () => {
  it('an old revision reads at the current block versions, and restoring it stores it upgraded', async () => {
    const id = await storeOldPage('/old-history/', [v1Button('a', 1)]);
    const page = (await owner.get(pages(id))).json<PageDocument>();
    const saved = await owner.patch(pages(id), { version: page.version, blocks: [{ ...page.blocks[0]!, properties: { ...page.blocks[0]!.properties, text: 'Edited' } }] });
    expect(saved.statusCode).toBe(200);
    // The first save since revisions began kept the page as it was; make that record the version 1 shape it had.
    await t.ctx.db.query(`update page_revisions set document = jsonb_set(document, '{blocks}', $2) where page_id = $1 and version = 1`, [id, JSON.stringify([v1Button('a', 1)])]);

    const old = await owner.get(`${pages(id)}revisions/1/`);
    expect(old.statusCode).toBe(200);
    expect(old.json().document.blocks[0]).toMatchObject({ schemaVersion: 2, properties: { buttonStyle: 'primary', text: 'Button a' } });

    const restored = await owner.post(`${pages(id)}revisions/1/restore/`, { version: saved.json<PageDocument>().version });
    expect(restored.statusCode).toBe(200);
    expect((await storedBlocks(id))[0]).toMatchObject({ schemaVersion: 2, properties: { buttonStyle: 'primary', text: 'Button a' } });
  });
});
