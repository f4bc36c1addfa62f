import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDivisionId, openTestContext } from '../../testing/testContext';
import { TestClient } from '../../auth/testClient';
import { DEMO_ACCOUNTS } from '../../db/seed/demoAccounts';
import { REVISIONS_KEPT } from '../../pages/revisions';
import { runDueSchedules, scheduleMessages } from '../../pages/schedules';
import { pageWriteMessages } from '../../pages/writes';
import { revisionMessages } from './pageHistory';
import type { PageDocument } from '../../../src/core/storeData';

/** Revisions and scheduled publishing of pages through the API the builder uses. */
let t: Awaited<ReturnType<typeof openTestContext>>;
const [OWNER] = DEMO_ACCOUNTS;
let owner: TestClient;
let division = 0;
const pages = (page?: number) => `/omnis/v3/divisions/${division}/pages/${page === undefined ? '' : `${page}/`}`;
const text = (uid: string, value: string) => ({ uid, type: 'textBlock', properties: { text: `<p>${value}</p>` } });

beforeAll(async () => {
  t = await openTestContext();
  division = await demoDivisionId(t.ctx.db);
  owner = new TestClient(t.app, '198.51.100.40');
  await owner.login(OWNER.email, OWNER.password);
});
afterAll(async () => t?.close());

async function create(url: string): Promise<PageDocument> {
  const res = await owner.post(pages(), { url, properties: { title: 'Spring' }, blocks: [text('a', 'First'), text('b', 'Second')] });
  expect(res.statusCode).toBe(201);
  return res.json<PageDocument>();
}

async function save(page: PageDocument, changes: Record<string, unknown>): Promise<PageDocument> {
  const res = await owner.patch(pages(page.id), { ...changes, version: page.version });
  expect(res.statusCode).toBe(200);
  return res.json<PageDocument>();
}

describe('revisions', () => {
  it('every save keeps a revision with its author and a summary by block; an old one can be viewed and restored', async () => {
    const v1 = await create('/spring/');
    const v2 = await save(v1, { blocks: [text('a', 'First, edited'), text('b', 'Second'), text('c', 'Third')] });
    const v3 = await save(v2, { blocks: [text('c', 'Third')], properties: { title: 'Spring sale' } });

    const list = await owner.get(`${pages(v1.id)}revisions/`);
    expect(list.statusCode).toBe(200);
    const entries = list.json().data as { version: number; author: string; summary: { added: { uid: string }[]; removed: { uid: string }[]; changed: { uid: string }[]; page: string[] } }[];
    expect(entries.map((e) => e.version)).toEqual([3, 2, 1]);
    const { name } = (await t.ctx.db.query<{ name: string }>(`select coalesce(nullif(trim(first_name || ' ' || last_name), ''), email) as name from users where email = $1`, [OWNER.email])).rows[0]!;
    expect(entries.map((e) => e.author)).toEqual([name, name, name]);
    expect(entries[0]!.summary).toMatchObject({ removed: [{ uid: 'a' }, { uid: 'b' }], changed: [], page: ['properties'] });
    expect(entries[1]!.summary).toMatchObject({ added: [{ uid: 'c' }], changed: [{ uid: 'a' }] });

    const old = await owner.get(`${pages(v1.id)}revisions/1/`);
    expect(old.json().document.blocks.map((b: { uid: string }) => b.uid)).toEqual(['a', 'b']);

    // Restoring is a save over the version the owner has open: stale versions are refused like any save.
    const stale = await owner.post(`${pages(v1.id)}revisions/1/restore/`, { version: v2.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(pageWriteMessages.stale);
    const restored = await owner.post(`${pages(v1.id)}revisions/1/restore/`, { version: v3.version });
    expect(restored.statusCode).toBe(200);
    const v4 = restored.json<PageDocument>();
    expect(v4.version).toBe(4);
    expect(v4.properties.title).toBe('Spring');
    expect(v4.blocks.map((b) => [b.uid, b.properties.text])).toEqual([
      ['a', '<p>First</p>'],
      ['b', '<p>Second</p>'],
    ]);
    const after = (await owner.get(`${pages(v1.id)}revisions/`)).json().data;
    expect(after[0]).toMatchObject({ version: 4, summary: { added: [{ uid: 'a' }, { uid: 'b' }], removed: [{ uid: 'c' }] } });
  });

  it('a page saved before revisions were kept gets its previous version recorded on its first save', async () => {
    const about = (await t.ctx.db.query<{ id: number }>(`select id from pages where division_id = $1 and url = '/about/'`, [division])).rows[0]!.id;
    const page = (await owner.get(pages(about))).json<PageDocument>();
    await save(page, { properties: { ...page.properties, title: 'About us, again' } });
    const entries = (await owner.get(`${pages(about)}revisions/`)).json().data as { version: number; author: string }[];
    expect(entries.map((e) => [e.version, e.author === 'Before revisions were kept'])).toEqual([
      [page.version + 1, false],
      [page.version, true],
    ]);
  });

  it(`keeps the newest ${REVISIONS_KEPT} revisions of a page`, async () => {
    let page = await create('/busy/');
    for (let i = 0; i < REVISIONS_KEPT + 3; i++) page = await save(page, { properties: { title: `Busy ${i}` } });
    const versions = ((await owner.get(`${pages(page.id)}revisions/`)).json().data as { version: number }[]).map((e) => e.version);
    expect(versions).toHaveLength(REVISIONS_KEPT);
    expect(versions[0]).toBe(page.version);
    const gone = await owner.get(`${pages(page.id)}revisions/1/`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(revisionMessages.notFound);
  }, 120_000);
});

describe('scheduled publishing', () => {
  it('refuses a time in the past and a block that is not on the page, in words', async () => {
    const page = await create('/later/');
    const past = await owner.post(`${pages(page.id)}schedules/`, { action: 'publish', runAt: new Date(Date.now() - 60_000).toISOString() });
    expect(past.statusCode).toBe(422);
    expect(past.json()).toEqual({ message: scheduleMessages.past, errors: { '/runAt': [scheduleMessages.past] } });
    const missing = await owner.post(`${pages(page.id)}schedules/`, { action: 'publish', runAt: new Date(Date.now() + 60_000).toISOString(), blockUid: 'nope' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe(scheduleMessages.blockMissing);
    const bad = await owner.post(`${pages(page.id)}schedules/`, { action: 'explode', runAt: 'soon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
  });

  it('publishes a page and unpublishes a block at their times, once, as revisions named after the schedule', async () => {
    const created = await create('/launch/');
    const draft = await save(created, { published: false });
    const soon = new Date(Date.now() + 60_000);
    const page = await owner.post(`${pages(draft.id)}schedules/`, { action: 'publish', runAt: soon.toISOString() });
    expect(page.statusCode).toBe(201);
    const block = await owner.post(`${pages(draft.id)}schedules/`, { action: 'unpublish', runAt: soon.toISOString(), blockUid: 'b' });
    expect(block.statusCode).toBe(201);
    const cancelled = await owner.post(`${pages(draft.id)}schedules/`, { action: 'unpublish', runAt: soon.toISOString() });
    expect((await owner.delete(`${pages(draft.id)}schedules/${cancelled.json().id}/`)).statusCode).toBe(200);

    expect(await runDueSchedules(t.ctx.db, t.ctx.registry, new Date())).toBe(0);
    // Two passes at once (two server processes): each schedule is applied by exactly one of them.
    const ran = await Promise.all([runDueSchedules(t.ctx.db, t.ctx.registry, new Date(soon.getTime() + 1000)), runDueSchedules(t.ctx.db, t.ctx.registry, new Date(soon.getTime() + 1000))]);
    expect(ran[0] + ran[1]).toBe(2);
    expect(await runDueSchedules(t.ctx.db, t.ctx.registry, new Date(soon.getTime() + 5000))).toBe(0);

    const now = (await owner.get(pages(draft.id))).json<PageDocument>();
    expect(now.published).toBe(true);
    expect(now.version).toBe(draft.version + 2);
    expect(now.blocks.find((b) => b.uid === 'b')).toMatchObject({ unpublished: true, properties: { published: false } });
    const authors = ((await owner.get(`${pages(draft.id)}revisions/`)).json().data as { author: string }[]).slice(0, 2).map((e) => e.author).sort();
    expect(authors).toEqual(['Scheduled publish', 'Scheduled unpublish']);
    const schedules = (await owner.get(`${pages(draft.id)}schedules/`)).json().data as { outcome: string | null; doneAt: string | null }[];
    expect(schedules).toHaveLength(2);
    expect(schedules.every((s) => s.outcome === 'done' && s.doneAt !== null)).toBe(true);
    const late = await owner.delete(`${pages(draft.id)}schedules/${page.json().id}/`);
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe(scheduleMessages.ranAlready);
  });

  it('records why a schedule could not run when its block was removed meanwhile', async () => {
    const page = await create('/gone/');
    const runAt = new Date(Date.now() + 60_000);
    await owner.post(`${pages(page.id)}schedules/`, { action: 'unpublish', runAt: runAt.toISOString(), blockUid: 'a' });
    const saved = await save(page, { blocks: [text('b', 'Second')] });
    expect(await runDueSchedules(t.ctx.db, t.ctx.registry, new Date(runAt.getTime() + 1000))).toBe(1);
    const [schedule] = (await owner.get(`${pages(page.id)}schedules/`)).json().data as { outcome: string }[];
    expect(schedule!.outcome).toBe(scheduleMessages.blockMissing);
    expect((await owner.get(pages(page.id))).json<PageDocument>().version).toBe(saved.version);
  });
});
