import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDivisionId, openTestContext } from '../../testing/testContext';
import { TestClient } from '../../auth/testClient';
import { DEMO_ACCOUNTS } from '../../db/seed/demoAccounts';
import { CAMPAIGN_SEED_PAGE } from '../../db/seed/demoCampaign';
import { pageMessages } from './pages';
import { mailHref, renderCampaignEmail } from '../../pages/campaignEmail';
import type { CampaignEmail } from '../../pages/campaignEmail';
import type { BlockData } from '../../../src/core/storeData';

/** §2.2 /teemail/{page}: the seeded campaign page is a store page in the mail layout and renders as an e-mail. */
let t: Awaited<ReturnType<typeof openTestContext>>;
const [OWNER] = DEMO_ACCOUNTS;
let owner: TestClient;
let division = 0;
let campaignId = 0;
let policyId = 0;

beforeAll(async () => {
  t = await openTestContext();
  division = await demoDivisionId(t.ctx.db);
  owner = new TestClient(t.app, '198.51.100.78');
  await owner.login(OWNER.email, OWNER.password);
  const ids = await t.ctx.db.query<{ id: number; url: string }>('select id, url from pages where division_id = $1 and url = any($2::text[])', [division, [CAMPAIGN_SEED_PAGE.url, '/terms-of-use/']]);
  campaignId = ids.rows.find((r) => r.url === CAMPAIGN_SEED_PAGE.url)!.id;
  policyId = ids.rows.find((r) => r.url === '/terms-of-use/')!.id;
});
afterAll(async () => t?.close());

describe('campaign pages', () => {
  it('are store pages at /teemail/{page} in the mail layout, left out of the sitemap', async () => {
    const core = (await t.app.inject({ url: '/omnis/v3/frontend/getStoreCoreData/json/' })).json<{ pages: { url: string; layout: string; sitemap: boolean }[] }>();
    expect(core.pages.find((p) => p.url === CAMPAIGN_SEED_PAGE.url)).toMatchObject({ layout: 'mail', sitemap: false });
  });

  it('render as an e-mail for the store team: subject, table HTML with absolute links, the mail-only feature block, plain text', async () => {
    const res = await owner.get(`/omnis/v3/divisions/${division}/pages/${campaignId}/email/`);
    expect(res.statusCode).toBe(200);
    const mail = res.json<CampaignEmail>();
    expect(mail.subject).toBe('Spring at Fern & Thread');
    // Every address is absolute from the store's link origin (loopback in tests), never left relative.
    const origin = /href="(https?:\/\/[^/"]+)\/"/.exec(mail.html)![1]!;
    expect(mail.html).toContain(`href="${origin}/collection/t-shirts/"`);
    expect(mail.html).toContain(`href="${origin}/creator/ines-fern/"`);
    expect(mail.html).toContain(`href="${origin}/blog/send-it-back/"`);
    expect(mail.html).toContain(`src="${origin}/media/scene/meadow.svg"`);
    expect(mail.html).not.toMatch(/(href|src)="\/(?!\/)/);
    expect(mail.html).toContain(`${origin}/teemail/spring-letter/?cgi=teemail`);
    expect(mail.html).toContain('<h2 style="margin:0 0 8px;font-size:20px">New spring colours</h2>');
    expect(mail.html).toContain('Shop T-Shirts');
    expect(mail.text).toContain('NEW SPRING COLOURS');
    expect(mail.text).toContain(`Shop T-Shirts: ${origin}/collection/t-shirts/`);
    expect(mail.text).not.toContain('<');
  });

  it('refuses a page that is not a mail page (422) and anyone without the store (401)', async () => {
    const res = await owner.get(`/omnis/v3/divisions/${division}/pages/${policyId}/email/`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: pageMessages.notMail });
    expect((await t.app.inject({ url: `/omnis/v3/divisions/${division}/pages/${campaignId}/email/` })).statusCode).toBe(401);
  });
});

describe('renderCampaignEmail', () => {
  const brand = { storeName: 'Shop <&>', logoUrl: null, colour: '#123456', contrast: '#ffffff' };
  const b = (type: string, properties: Record<string, unknown>, items: BlockData[] = []) => ({ uid: type, type, properties, items }) as unknown as BlockData;

  it('drops unsafe addresses, escapes text and links live blocks to the page', () => {
    expect(mailHref('javascript:alert(1)', 'https://s.example')).toBeNull();
    expect(mailHref('//evil.example/x', 'https://s.example')).toBeNull();
    expect(mailHref('/x/', 'https://s.example')).toBe('https://s.example/x/');
    const mail = renderCampaignEmail(
      {
        url: '/teemail/x/',
        properties: { title: 'Hi <there>' },
        blocks: [b('button', { text: 'Go', href: 'javascript:alert(1)' }), b('productList', {}), b('socials', {}), b('row', {}, [b('quote', { text: 'Good <b>', author: 'A' })])],
      },
      brand,
      'https://s.example',
    );
    expect(mail.html).not.toContain('javascript:');
    expect(mail.html).toContain('<title>Hi &lt;there&gt;</title>');
    expect(mail.html).toContain('Shop &lt;&amp;&gt;');
    expect(mail.html).toContain('Good &lt;b&gt;');
    // Two live blocks in a row give one "see it on our site" button, to the page.
    expect(mail.html.match(/See it on our site/g)).toHaveLength(1);
    expect(mail.html).toContain('href="https://s.example/teemail/x/?cgi=teemail"');
  });
});
