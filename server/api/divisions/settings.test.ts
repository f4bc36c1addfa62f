import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestContext } from '../../testing/testContext';
import { TestClient, createStoreOwner } from '../../auth/testClient';
import { DEMO_ACCOUNTS } from '../../db/seed/demoAccounts';
import { boot } from '../../boot';
import { buildApp } from '../../app';
import { COUPON_NOT_FOUND, DOMAIN_TAKEN } from '../../settings/storeSettings';
import type { StoreSettingsView } from '../../../src/core/storeSettings';
import type { StoreCoreData } from '../../../src/core/storeData';

let t: Awaited<ReturnType<typeof openTestContext>>;
let demo = 0;
let ip = 10;
const [OWNER, STAFF] = DEMO_ACCOUNTS;
const OTHER = { email: 'settings.other@example.com', password: 'other owner password' };
let otherStore = 0;
const client = async (who?: { email: string; password: string }) => {
  const c = new TestClient(t.app, `198.51.100.${ip++}`);
  if (who) await c.login(who.email, who.password);
  return c;
};
const url = (division: number, tab = '') => `/omnis/v3/divisions/${division}/settings/${tab ? `${tab}/` : ''}`;

beforeAll(async () => {
  t = await openTestContext();
  demo = (await t.ctx.db.query<{ id: number }>(`select id from divisions where code = 'demo'`)).rows[0]!.id;
  otherStore = await createStoreOwner(await client(), t.ctx.db, OTHER);
}, 300_000);
afterAll(async () => t?.close());

describe('store settings API', () => {
  it('reads every tab with the subdomain and its approval status text (§3)', async () => {
    const owner = await client(OWNER);
    const res = await owner.get(url(demo));
    expect(res.statusCode).toBe(200);
    const view = res.json<StoreSettingsView>();
    expect(view.settings.general.storeName).toBe('Fern & Thread');
    expect(view.subdomain).toEqual({ name: 'demo', approvalStatus: 'No approval item' });
    expect(view.settings.banners.cutoffBackgroundColor).toBe('#8b0000');
    // Plausible seed rates: a £25 tee is not ¥25.
    expect(view.settings.currencies.rates.JPY).toBeGreaterThan(100);
    const subdomain = (await t.ctx.db.query<{ id: number }>('select id from subdomains where division_id = $1', [demo])).rows[0]!.id;
    await t.ctx.db.query('insert into subdomain_approvals (subdomain_id, approved) values ($1, null)', [subdomain]);
    expect((await owner.get(url(demo))).json<StoreSettingsView>().subdomain.approvalStatus).toBe('Not modded yet');
    await t.ctx.db.query('update subdomain_approvals set approved = 1 where subdomain_id = $1', [subdomain]);
    expect((await owner.get(url(demo))).json<StoreSettingsView>().subdomain.approvalStatus).toBe('Approved');
  });

  it('refuses the tracking ids and snippets that break §5.1, with its messages, field by field', async () => {
    const owner = await client(OWNER);
    const res = await owner.patch(url(demo, 'tracking'), {
      gaMeasurementId: 'UA-1',
      fbPixel: '12',
      pinterestPixel: 'x',
      gadsConversionId: '12',
      gadsConversionLabel: 'short',
      googleVerification: '<script>alert(1)</script>',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      gaMeasurementId: ['Invalid measurement ID'],
      fbPixel: ['Invalid Facebook Pixel'],
      pinterestPixel: ['Invalid Pinterest Pixel'],
      gadsConversionId: ['Invalid conversion ID'],
      gadsConversionLabel: ['Invalid conversion label'],
      googleVerification: ['Invalid verification snippet'],
    });
    const domain = await owner.patch(url(demo, 'domain'), { customDomainName: 'not a domain' });
    expect(domain.json().errors).toEqual({ customDomainName: ['Please enter a valid domain'] });
    const general = await owner.patch(url(demo, 'general'), { storeName: ' ', vatNumber: 'nope', returnWindowDays: 400 });
    expect(general.json().errors).toEqual({ storeName: ['This field is required'], vatNumber: ['Invalid Vat Number'], returnWindowDays: ['Max 365'] });
    expect((await owner.patch(url(demo, 'general'), { returnWindowDays: -1 })).json().errors).toEqual({ returnWindowDays: ['must contain only numeric characters'] });
    const access = await owner.patch(url(demo, 'access'), { allowedUsers: ['friend@example.com', 'not-an-email'] });
    expect(access.json().errors).toEqual({ 'allowedUsers.1': ['Please enter a valid email address'] });
    const coupon = await owner.patch(url(demo, 'marketing'), { subscriberOfferCoupon: 'NOSUCH' });
    expect(coupon.json().errors).toEqual({ subscriberOfferCoupon: [COUPON_NOT_FOUND] });
    const taken = await owner.patch(url(demo, 'domain'), { customDomainName: 'Shop.FernAndThread.example' });
    expect(taken.statusCode).toBe(200);
    const other = await client(OTHER);
    expect((await other.patch(url(otherStore, 'domain'), { customDomainName: 'shop.fernandthread.example' })).json().errors).toEqual({ customDomainName: [DOMAIN_TAKEN] });
  });

  it('saves each tab, logs it, and the storefront data carries what the storefront needs (not the allowed users)', async () => {
    const owner = await client(OWNER);
    const ok = async (tab: string, body: object) => {
      const res = await owner.patch(url(demo, tab), body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<StoreSettingsView>();
    };
    await ok('tracking', { gaMeasurementId: 'G-ABCDEFG123', googleVerification: '<meta name="google-site-verification" content="abc123" />' });
    await ok('banners', { popupEnabled: true, popupHeading: 'Summer sale', popupDescription: 'All tees 20% off', cutoffEnabled: true, cutoffContent: 'Order by 18 December for Christmas' });
    await ok('marketing', { subscriberOfferEnabled: true, subscriberOfferCoupon: 'welcome10', cookiePolicyEnabled: true, cookiePolicyMessage: 'We use cookies.' });
    await ok('access', { allowedUsers: ['Friend@Example.com'] });
    const view = await ok('currencies', { currencyEnabled: true, currencies: ['GBP', 'JPY'], rates: { JPY: 191.5 } });
    expect(view.settings.currencies.rates.JPY).toBe(191.5);
    await ok('searchRedirects', { redirects: [{ searchTerm: 'Tees', destinationUrl: '/collection/tees/' }] });

    const { rows } = await t.ctx.db.query<{ data: { tab: string } }>(`select data from audit_log where action = 'settings_updated' and subject_id = $1`, [String(demo)]);
    expect(rows.map((r) => r.data.tab)).toEqual(expect.arrayContaining(['tracking', 'banners', 'marketing', 'access', 'currencies', 'searchRedirects']));

    const core = (await (await client()).get('/omnis/v3/frontend/getStoreCoreData/json/')).json<StoreCoreData>();
    const sub = core.state.subdomain;
    expect(sub.sitewidePopup).toMatchObject({ enabled: true, heading: 'Summer sale' });
    // Whether the offer awards a coupon, never its code (mailed once the address is confirmed).
    expect(sub.plugins['email-subscriber-offer']).toEqual({ enabled: true, hasCoupon: true });
    expect(JSON.stringify(core)).not.toContain('WELCOME10');
    expect(sub.plugins['cookie-policy']).toMatchObject({ enabled: true, message: 'We use cookies.' });
    expect(sub.searchRedirects).toEqual([{ searchTerm: 'Tees', destinationUrl: '/collection/tees/' }]);
    expect(JSON.stringify(core)).not.toContain('friend@example.com');
  });

  it('refuses other stores’ owners and shoppers (403), anonymous (401); staff may', async () => {
    const other = await client(OTHER);
    expect((await other.get(url(demo))).statusCode).toBe(403);
    expect((await other.patch(url(demo, 'access'), { passwordProtected: true })).statusCode).toBe(403);
    expect((await (await client()).get(url(demo))).statusCode).toBe(401);
    const staff = await client(STAFF);
    expect((await staff.get(url(demo))).statusCode).toBe(200);
  });
});

describe('settings survive a restart', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pod-settings-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('every tab written before a restart reads back after it', async () => {
    const first = await boot({ dataDir: tmp });
    let app = await buildApp(first, { clientDir: null });
    const division = (await first.db.query<{ id: number }>(`select id from divisions where code = 'demo'`)).rows[0]!.id;
    const owner = new TestClient(app, '198.51.100.200');
    await owner.login(OWNER.email, OWNER.password);
    const writes: Record<string, object> = {
      general: { storeName: 'Fern & Thread Ltd shop', legalName: 'Fern & Thread Ltd', address: '1 Mill Lane, Leeds', vatNumber: 'GB123456789', returnWindowDays: 14 },
      domain: { customDomainName: 'shop.fernandthread.example' },
      banners: { bannerEnabled: true, bannerText: 'Hello', cutoffEnabled: true, cutoffContent: 'Order by 18 Dec', cutoffStandardDate: '2026-12-18', popupEnabled: true, popupHeading: 'Hi' },
      marketing: { subscriberOfferEnabled: true, subscriberOfferCoupon: 'WELCOME10', cookiePolicyEnabled: true, cookiePolicyAllowEssentialOnly: false },
      access: { passwordProtected: true, allowedUsers: ['friend@example.com'], comingSoonEnabled: true, launchDate: '2027-01-01' },
      currencies: { currencyEnabled: true, mainCurrency: 'GBP', currencies: ['GBP', 'EUR'], rates: { EUR: 1.2 } },
      tracking: { gaMeasurementId: 'G-ABCDEFG123', fbPixel: '123456789012345' },
      searchRedirects: { redirects: [{ searchTerm: 'tees', destinationUrl: '/collection/tees/' }] },
    };
    for (const [tab, body] of Object.entries(writes)) expect((await owner.patch(url(division, tab), body)).statusCode).toBe(200);
    const before = (await owner.get(url(division))).json<StoreSettingsView>();
    await app.close();
    await first.db.close();

    const second = await boot({ dataDir: tmp });
    app = await buildApp(second, { clientDir: null });
    try {
      const again = new TestClient(app, '198.51.100.201');
      await again.login(OWNER.email, OWNER.password);
      const after = (await again.get(url(division))).json<StoreSettingsView>();
      expect(after).toEqual(before);
      for (const [tab, body] of Object.entries(writes)) expect(after.settings[tab as keyof typeof after.settings]).toMatchObject(body);
      // The return window the owner set is the one returns are judged by.
      expect((await second.db.query<{ days: number }>('select return_window_days as days from divisions where id = $1', [division])).rows[0]!.days).toBe(14);
    } finally {
      await app.close();
      await second.db.close();
    }
  }, 300_000);
});
