import { lazy, Suspense, useEffect, useRef, useState, type CSSProperties } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { layoutOf, REGION_SIZES } from './layouts';
import { Announcement } from './regions/Announcement';
import { Header } from './regions/Header';
import { Sidebar } from './regions/Sidebar';
import { Footer } from './regions/Footer';
import { NavBar } from './regions/NavBar';
import { useStore } from './StoreContext';
import { SnackbarHost } from './Snackbar';
import { OverlayHost } from './overlays/OverlayHost';
import { useSession } from '../auth/session';
import { UpdatePrompt } from './notifications/UpdatePrompt';
import { collectEvent } from './eventCollector';
import { readCookie } from '../lib/cookies';
import { DEFAULT_CURRENCY } from '../core/currency';
import { SiteFeatures } from '../commerce/siteFeatures/SiteFeatures';
import { scrollToTopLater } from './scrollToTopLater';
import './app.css';

// Only signed-in people have notifications: visitors never download the centre.
const NotificationCenter = lazy(async () => ({ default: (await import('./notifications/NotificationCenter')).NotificationCenter }));

/** §2.3: scrolling to the top after a route change waits 300 ms. */
export const SCROLL_TO_TOP_DELAY_MS = 300;

/**
 * The notification centre of a signed-in person. Its own component, so that learning who the visitor is (right
 * after the app takes over a drawn page) redraws this and not the whole layout.
 */
function SignedInNotifications({ cards }: { cards: boolean }) {
  if (useSession().status !== 'authenticated') return null;
  return (
    <Suspense fallback={null}>
      <NotificationCenter cards={cards} />
    </Suspense>
  );
}

/** The layout of the matched route (§2.1) with its regions. */
export function AppLayout() {
  const matches = useMatches();
  const layoutName = [...matches].reverse().map((m) => (m.handle as { layout?: string } | undefined)?.layout).find(Boolean);
  const layout = layoutOf(layoutName);
  const focused = matches.some((m) => (m.handle as { focused?: boolean } | undefined)?.focused === true);
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const store = useStore();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    // The slide-over closes on a route change (§2.1); adjusting state while rendering avoids a second pass.
    setMenuPath(pathname);
    setMenuOpen(false);
  }
  const footerVisible = store.state.subdomain.theme.properties['footer.visible'] !== false;

  const division = store.state.subdomain.division;
  useEffect(() => {
    // The shopper's active currency (§9 cookie "currency").
    const currency = readCookie('currency') ?? DEFAULT_CURRENCY;
    // §7: each page shown is one event for the collector.
    void collectEvent('page_view', { path: pathname }, { environment: import.meta.env.MODE, location: window.location.href, userAgent: navigator.userAgent, currency, division: { id: division.id, name: division.name } });
  }, [pathname, division.id, division.name]);

  // Only a route change scrolls: on the first page the browser keeps its place (a shopper who scrolled the drawn page
  // to the sizes before the app took over stays there).
  const landedOn = useRef<string | null>(pathname);
  useEffect(() => {
    if (landedOn.current === pathname) return;
    landedOn.current = null;
    return scrollToTopLater(SCROLL_TO_TOP_DELAY_MS);
  }, [pathname]);

  const style = {
    '--header-height': REGION_SIZES.headerHeight,
    '--header-height-sm': REGION_SIZES.headerHeightSmall,
    '--logo-max-width': REGION_SIZES.logoMaxWidth,
    '--sidebar-width': REGION_SIZES.sidebarWidth,
    '--nav-bar-height': REGION_SIZES.navBarHeight,
  } as CSSProperties;

  return (
    <div className={`app app--${layoutName ?? 'standard'}${layout.sidebar ? ' app--with-sidebar' : ''}${layout.navBar ? ' app--with-nav-bar' : ''}`} style={style}>
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      {layout.announcement && <Announcement />}
      {layout.header && <Header onMenu={() => setMenuOpen(true)} />}
      <Sidebar open={menuOpen} fixed={layout.sidebar} onClose={() => setMenuOpen(false)} />
      <main id="content" className={`app__content app__content--${layout.content}`} aria-busy={navigation.state === 'loading'}>
        <Outlet />
      </main>
      {layout.footer && footerVisible && <Footer />}
      {layout.subFooter && <Footer minimal />}
      {layout.navBar && <NavBar />}
      <SignedInNotifications cards={!focused} />
      <UpdatePrompt />
      <SnackbarHost />
      <OverlayHost />
      <SiteFeatures storefront={layout.header} />
    </div>
  );
}
