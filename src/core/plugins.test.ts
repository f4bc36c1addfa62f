import { describe, expect, it } from 'vitest';
import { enabledPlugins, pluginPage } from './plugins';

const base = { plugins: {}, pageUrls: ['/use-of-cookies-and-disclaimer/', '/help/'] };

describe('plugin pages', () => {
  it('knows only the store features the product has', () => {
    expect(pluginPage('nope', base)).toBeNull();
    expect(pluginPage('__proto__', base)).toBeNull();
  });

  it('describes the currency selector from its currencies, without duplicates or junk', () => {
    const page = pluginPage('currency', { ...base, plugins: { currency: { enabled: true, mainCurrency: 'GBP', currencies: 'GBP,eur, USD,EUR,<b>' } } })!;
    expect(page.enabled).toBe(true);
    expect(page.details[0]).toBe('Prices can be shown in GBP, EUR, USD.');
    expect(pluginPage('currency', base)!.enabled).toBe(false);
  });

  it('counts a missing cookie plugin as on (§5.2) and links the cookies page only when the store has it', () => {
    expect(pluginPage('cookie-policy', base)).toMatchObject({ enabled: true, link: { href: '/use-of-cookies-and-disclaimer/' } });
    expect(pluginPage('cookie-policy', { ...base, pageUrls: [] })!.link).toBeNull();
    expect(pluginPage('cookie-policy', { ...base, plugins: { 'cookie-policy': { enabled: false } } })!.enabled).toBe(false);
  });

  it('never shows the subscriber coupon', () => {
    const page = pluginPage('email-subscriber-offer', { ...base, plugins: { 'email-subscriber-offer': { enabled: true, coupon: 'WELCOME10' } } })!;
    expect(JSON.stringify(page)).not.toContain('WELCOME10');
  });

  it('gives the Christmas cut-off dates in words; lists only the features switched on', () => {
    const input = { ...base, plugins: { 'christmas-banner': { enabled: true } }, christmasCutoffDates: { standard: '2026-12-18', express: 'soon' } };
    expect(pluginPage('christmas-banner', input)!.details).toEqual(['Order by 18 December 2026 with standard delivery.']);
    expect(enabledPlugins(input).map((p) => p.code)).toEqual(['cookie-policy', 'christmas-banner']);
  });
});
