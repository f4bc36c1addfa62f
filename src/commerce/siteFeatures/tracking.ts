import { gtagConfigIds, trackingScripts, type TrackingIds } from '../../core/tracking';

type Queue = ((...args: unknown[]) => void) & { queue?: unknown[]; callMethod?: (...args: unknown[]) => void; loaded?: boolean; version?: string; push?: unknown };
interface TrackingWindow {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
  fbq?: Queue;
  _fbq?: Queue;
  pintrk?: Queue;
}

let loaded = false;

/**
 * Inserts the store's analytics and tracking scripts once (gtag.js for GA and Google Ads, the Facebook and Pinterest
 * pixels), each with the command queue its script expects. Called only after the visitor consented to cookies.
 */
export function loadTracking(ids: TrackingIds, doc: Document = document): number {
  if (loaded) return 0;
  const scripts = trackingScripts(ids);
  if (!scripts.length) return 0;
  loaded = true;
  const w = window as unknown as TrackingWindow;
  const configIds = gtagConfigIds(ids);
  if (configIds.length) {
    w.dataLayer = w.dataLayer ?? [];
    // gtag.js reads the arguments objects it was called with, as Google's snippet pushes them.
    w.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params -- gtag.js expects the arguments object itself
      w.dataLayer!.push(arguments);
    };
    w.gtag('js', new Date());
    for (const id of configIds) w.gtag('config', id);
  }
  if (ids.fbPixel && !w.fbq) {
    const fbq: Queue = (...args: unknown[]) => (fbq.callMethod ? fbq.callMethod(...args) : fbq.queue!.push(args));
    fbq.queue = [];
    fbq.loaded = true;
    fbq.version = '2.0';
    fbq.push = fbq;
    w.fbq = w._fbq = fbq;
    fbq('init', ids.fbPixel);
    fbq('track', 'PageView');
  }
  if (ids.pinterestPixel && !w.pintrk) {
    const pintrk: Queue = (...args: unknown[]) => pintrk.queue!.push(args);
    pintrk.queue = [];
    pintrk.version = '3.0';
    w.pintrk = pintrk;
    pintrk('load', ids.pinterestPixel);
    pintrk('page');
  }
  for (const script of scripts) {
    const el = doc.createElement('script');
    el.async = true;
    el.src = script.src;
    el.dataset.tracking = script.id;
    doc.head.appendChild(el);
  }
  return scripts.length;
}

/** Test hook. */
export const resetTracking = () => {
  loaded = false;
};
