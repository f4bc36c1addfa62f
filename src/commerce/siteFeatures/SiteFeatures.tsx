import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from '../../app/StoreContext';
import { readCookie } from '../../lib/cookies';
import { useHydrated } from '../../lib/hydration';
import { useConsent } from './consent';
import { loadTracking } from './tracking';
import { useSession } from '../../auth/session';
import { logSplitTests } from '../splitTest';
import {
  ANALYTICS_IDLE_TIMEOUT_MS,
  offerSubscriberPopup,
  showCookieNotice,
  SITEWIDE_POPUP_COOKIE,
  SUBSCRIBED_COOKIE,
  SUBSCRIBER_DISMISSED_COOKIE,
  SUBSCRIBER_POPUP_DELAY_MS,
  TRACKING_DELAY_MS,
} from './rules';
import './siteFeatures.css';

const CookieNotice = lazy(() => import('./CookieNotice'));
const SitewidePopup = lazy(() => import('./SitewidePopup'));
const SubscriberPopup = lazy(() => import('./SubscriberPopup'));

/**
 * The store's optional site-wide features that appear over its pages (§1): the cookie notice (whose consent gates
 * every analytics and tracking script), the sitewide popup and the email-subscriber popup. Nothing is drawn on
 * the server or before hydration — each depends on the visitor's cookies — and each part loads only when shown.
 * `storefront`: popups belong to shop pages, not to sign-in, dashboard or countdown screens.
 */
export function SiteFeatures({ storefront }: { storefront: boolean }) {
  const { state } = useStore();
  // Partial store data (tests, previews) may lack any of these.
  const plugins = (state.subdomain.plugins ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const consent = useConsent();
  // Cookies decide everything here: nothing until the app runs in the browser.
  const mounted = useHydrated();
  const [query] = useState(() => (typeof window === 'undefined' ? new URLSearchParams() : new URLSearchParams(window.location.search)));
  const [subscriberDue, setSubscriberDue] = useState(false);
  const [popupClosed, setPopupClosed] = useState(false);
  const [subscriberClosed, setSubscriberClosed] = useState(false);

  // §9: tracking starts 5 s after the store data loaded, on idle (10 s at most) — and never without consent.
  const tracking = state.subdomain.tracking;
  useEffect(() => {
    if (consent !== 'all' || !tracking || Object.keys(tracking).length === 0) return;
    let idle = 0;
    const timer = window.setTimeout(() => {
      const load = () => loadTracking(tracking);
      if ('requestIdleCallback' in window) idle = window.requestIdleCallback(load, { timeout: ANALYTICS_IDLE_TIMEOUT_MS });
      else load();
    }, TRACKING_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      if (idle && 'cancelIdleCallback' in window) window.cancelIdleCallback(idle);
    };
  }, [consent, tracking]);

  // §6: internal users see the store's split tests in the console.
  const internal = useSession().user?.internal === true;
  const splitTests = state.splitTest;
  useEffect(() => {
    if (internal && storefront) logSplitTests(splitTests ?? {});
  }, [internal, storefront, splitTests]);

  const offer = plugins['email-subscriber-offer'] as { enabled?: boolean; hasCoupon?: boolean } | undefined;
  const wantsSubscriber =
    mounted && storefront && offerSubscriberPopup(offer, query, { subscribed: readCookie(SUBSCRIBED_COOKIE.name) !== undefined, dismissed: readCookie(SUBSCRIBER_DISMISSED_COOKIE.name) !== undefined });
  useEffect(() => {
    if (!wantsSubscriber) return;
    // §9: the subscriber offer appears 30 s after the page loaded.
    const timer = window.setTimeout(() => setSubscriberDue(true), SUBSCRIBER_POPUP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [wantsSubscriber]);

  if (!mounted) return null;
  const cookiePolicy = plugins['cookie-policy'] as { enabled?: boolean; message?: string; allowEssentialOnly?: boolean } | undefined;
  const popup = state.subdomain.sitewidePopup;
  const showPopup = storefront && popup?.enabled === true && !!popup.heading && !popupClosed && readCookie(SITEWIDE_POPUP_COOKIE.name) === undefined;
  const showSubscriber = subscriberDue && !subscriberClosed && !showPopup;
  return (
    <Suspense fallback={null}>
      {showCookieNotice(cookiePolicy, query, consent) && <CookieNotice message={cookiePolicy?.message} allowEssentialOnly={cookiePolicy?.allowEssentialOnly !== false} />}
      {showPopup && <SitewidePopup heading={popup.heading!} description={popup.description ?? ''} onClose={() => setPopupClosed(true)} />}
      {showSubscriber && <SubscriberPopup divisionId={state.subdomain.division.id} companyName={state.company.name} discount={offer?.hasCoupon === true} onClose={() => setSubscriberClosed(true)} />}
    </Suspense>
  );
}
