/**
 * Tracking ids a store sets (issue #17 Tracking tab, §3 Store plugin settings: analytics, tracking pixel, pinterest,
 * tracking ids) and the third-party scripts they load. Pure: the browser's loader (src/app/tracking.ts) inserts the
 * scripts only after cookie consent.
 */
export const TRACKING_KEYS = ['gaMeasurementId', 'gaTrackingId', 'fbPixel', 'pinterestPixel', 'gadsConversionId', 'gadsConversionLabel'] as const;
export type TrackingKey = (typeof TRACKING_KEYS)[number];
export type TrackingIds = Partial<Record<TrackingKey, string>>;

export interface TrackingScript {
  /** Which service, for the script element's data-tracking attribute. */
  id: 'gtag' | 'facebook' | 'pinterest';
  src: string;
}

/** The scripts a store's ids ask for: one gtag.js for GA and Ads ids (configured with each), the Facebook and Pinterest pixels. */
export function trackingScripts(ids: TrackingIds): TrackingScript[] {
  const scripts: TrackingScript[] = [];
  const gtagIds = [ids.gaMeasurementId, ids.gaTrackingId, ids.gadsConversionId ? `AW-${ids.gadsConversionId}` : undefined].filter((x): x is string => !!x);
  if (gtagIds.length) scripts.push({ id: 'gtag', src: `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(gtagIds[0]!)}` });
  if (ids.fbPixel) scripts.push({ id: 'facebook', src: 'https://connect.facebook.net/en_US/fbevents.js' });
  if (ids.pinterestPixel) scripts.push({ id: 'pinterest', src: 'https://s.pinimg.com/ct/core.js' });
  return scripts;
}

/** The ids gtag is configured with, in order (GA4, Universal Analytics, Ads conversion). */
export const gtagConfigIds = (ids: TrackingIds): string[] =>
  [ids.gaMeasurementId, ids.gaTrackingId, ids.gadsConversionId ? `AW-${ids.gadsConversionId}` : undefined].filter((x): x is string => !!x);
