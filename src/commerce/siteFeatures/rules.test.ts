import { describe, expect, it } from 'vitest';
import { offerSubscriberPopup, showCookieNotice, SUBSCRIBED_COOKIE, SUBSCRIBER_DISMISSED_COOKIE, SUBSCRIBER_POPUP_DELAY_MS, fromMailCampaign } from './rules';
import { cutoffBanner, shortDate } from '../../core/cutoff';
import { trackingScripts, gtagConfigIds } from '../../core/tracking';

const q = (s = '') => new URLSearchParams(s);

describe('§5.2 cookie notice', () => {
  it('shows when the cookie-policy plugin is missing or enabled, or the cgi query is 5 — never once answered', () => {
    expect(showCookieNotice(undefined, q(), null)).toBe(true);
    expect(showCookieNotice({ enabled: true }, q(), null)).toBe(true);
    expect(showCookieNotice({ enabled: false }, q(), null)).toBe(false);
    expect(showCookieNotice({ enabled: false }, q('cgi=5'), null)).toBe(true);
    expect(showCookieNotice({ enabled: true }, q(), 'essential')).toBe(false);
    expect(showCookieNotice(undefined, q('cgi=5'), 'all')).toBe(false);
  });
});

describe('§5.2/§9 subscriber popup', () => {
  const fresh = { subscribed: false, dismissed: false };
  it('needs the plugin on, no subscribed or dismissed cookie, and a shopper not from the mail campaign', () => {
    expect(offerSubscriberPopup({ enabled: true }, q(), fresh)).toBe(true);
    expect(offerSubscriberPopup(undefined, q(), fresh)).toBe(false);
    expect(offerSubscriberPopup({ enabled: true }, q(), { ...fresh, subscribed: true })).toBe(false);
    expect(offerSubscriberPopup({ enabled: true }, q(), { ...fresh, dismissed: true })).toBe(false);
    expect(offerSubscriberPopup({ enabled: true }, q('cgi=teemail'), fresh)).toBe(false);
    expect(offerSubscriberPopup({ enabled: true }, q('utm_source_platform=teemail'), fresh)).toBe(false);
    expect(fromMailCampaign(q('utm_source_platform=other'))).toBe(false);
  });
  it('keeps §9 timings', () => {
    expect(SUBSCRIBER_POPUP_DELAY_MS).toBe(30_000);
    expect(SUBSCRIBED_COOKIE.days).toBe(365);
    expect(SUBSCRIBER_DISMISSED_COOKIE.days).toBe(30);
  });
});

describe('delivery cut-off banner', () => {
  const on = { enabled: true };
  it('shows its content with the cut-off dates still ahead; hides when off, empty or past every date', () => {
    expect(shortDate('2026-12-18')).toBe('Fri 18 Dec');
    expect(cutoffBanner(on, { standard: '2026-12-18', express: '2026-12-21' }, 'Order in time for Christmas', '2026-12-19')).toEqual({
      text: 'Order in time for Christmas',
      dates: [{ label: 'Express delivery', date: 'Mon 21 Dec' }],
    });
    expect(cutoffBanner(on, { standard: '2026-12-18' }, 'Order in time', '2026-12-19')).toBeNull();
    expect(cutoffBanner({ enabled: false }, {}, 'x', '2026-01-01')).toBeNull();
    expect(cutoffBanner(on, {}, ' ', '2026-01-01')).toBeNull();
    expect(cutoffBanner(on, undefined, 'No dates yet', '2026-01-01')).toEqual({ text: 'No dates yet', dates: [] });
  });
});

describe('tracking scripts', () => {
  it('loads one gtag.js for GA and Ads ids, and each pixel', () => {
    expect(trackingScripts({})).toEqual([]);
    const ids = { gaMeasurementId: 'G-ABCDEFG123', gadsConversionId: '1234567', fbPixel: '123456789012345', pinterestPixel: '2612345678901' };
    expect(trackingScripts(ids).map((s) => s.id)).toEqual(['gtag', 'facebook', 'pinterest']);
    expect(trackingScripts(ids)[0]!.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-ABCDEFG123');
    expect(gtagConfigIds(ids)).toEqual(['G-ABCDEFG123', 'AW-1234567']);
  });
});
