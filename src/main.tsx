import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { api } from './lib/api';
import { STORE_CORE_DATA_URL, type StoreCoreData } from './core/storeData';
import { StoreContext } from './app/StoreContext';
import { createStoreRouter } from './app/createStoreRouter';
import { FailedToLoad, FAILURE_SCREEN_DELAY_MS } from './app/FailedToLoad';
import { applyTheme } from './app/applyTheme';
import { startServiceWorker } from './app/serviceWorker';
import { atNextPageChange, loadThemeFonts } from './app/fonts';
import { afterFirstPaint } from './app/afterFirstPaint';
import { DRAWN_PATH_ATTRIBUTE, dropPreloaded, loadPreloadedAnswers, PRELOADED_ELEMENT_ID } from './lib/preloaded';
import { type EarlyAction, replayEarlyClicks, takeEarlyClicks } from './lib/earlyClicks';
import { yieldToBrowser } from './lib/yieldToBrowser';

/**
 * On the app's first commit: makes again what the visitor did on the server's page before the app listened
 * (`taps`), and marks the document as running (`<html data-app="running">`) — from then on links route inside the app.
 */
function EarlyClicks({ taps }: { taps: EarlyAction[] }) {
  useLayoutEffect(() => {
    document.documentElement.dataset.app = 'running';
    void replayEarlyClicks(taps);
  }, [taps]);
  return null;
}

/**
 * Calls `listener` once the visitor leaves this address: as the navigation sets off (`'start'`, before the next page
 * draws, so what changes then changes on the page being left) or once it has arrived (`'arrival'`). Returns its
 * removal.
 */
function onLeaving(router: ReturnType<typeof createStoreRouter>, moment: 'start' | 'arrival', listener: () => void): () => void {
  // "This address" is where the router starts, after its first redirect (an unknown address shows /404/).
  let first = router.state.initialized ? router.state.location.pathname : null;
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    if (first === null) {
      first = state.location.pathname;
      return;
    }
    const at = (moment === 'start' ? state.navigation.location?.pathname : undefined) ?? state.location.pathname;
    if (at === first) return;
    stop();
    listener();
  });
  return stop;
}

const container = document.getElementById('root')!;
// A storefront page drawn by the server comes with the answers it used: the app starts from them, no request again.
const preloaded = document.getElementById(PRELOADED_ELEMENT_ID);
loadPreloadedAnswers(preloaded?.textContent);

/** The store core data loads once at start (§7); if it fails, the failed-to-load screen follows after 1 s (§2.4). */
api<StoreCoreData>(STORE_CORE_DATA_URL)
  .then(async (data) => {
    // Start-up runs in a few short tasks (after the modules' evaluation, after the router, before hydration) rather
    // than one long one, so a tap on the drawn page is never held for long.
    await yieldToBrowser();
    applyTheme(data.state.subdomain.theme);
    const router = createStoreRouter(data);
    // Text draws at once in the fallback stacks; the web fonts swap in (§8 webfonts-loaded / webfonts-failed-to-load).
    // A server-drawn page is painted first: fonts requested before that paint would hold it back, and it keeps its
    // stand-in faces until the visitor opens another page, so nothing on it moves while it is read.
    const fonts = data.state.subdomain.theme.fonts;
    if (preloaded) afterFirstPaint(() => void loadThemeFonts(fonts, (join) => atNextPageChange(join, (listener) => onLeaving(router, 'start', listener))));
    else void loadThemeFonts(fonts);
    startServiceWorker(router);
    await yieldToBrowser();
    const app = (taps: EarlyAction[]) => (
      <StrictMode>
        <EarlyClicks taps={taps} />
        <StoreContext.Provider value={data}>
          <RouterProvider router={router} />
        </StoreContext.Provider>
      </StrictMode>
    );
    if (!preloaded) {
      createRoot(container).render(app(takeEarlyClicks()));
      return;
    }
    // Hydrate once the first route's loaders and lazy screens are ready, so the first render matches the server's.
    const firstPath = container.getAttribute(DRAWN_PATH_ATTRIBUTE) ?? window.location.pathname;
    await new Promise<void>((resolve) => {
      if (router.state.initialized) return resolve();
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });
    onLeaving(router, 'arrival', dropPreloaded);
    await yieldToBrowser();
    // As a transition, hydration yields to the browser every few milliseconds: a tap or a scroll on the page the
    // shopper already sees is never held behind one long task.
    if (router.state.location.pathname === firstPath) startTransition(() => void hydrateRoot(container, app(takeEarlyClicks())));
    else {
      // The browser's guards sent the visitor elsewhere (e.g. signed in): the server's drawing is not this page. When
      // the server drew the not-found page in place of this address, its answers serve the app's move there.
      if (!container.hasAttribute(DRAWN_PATH_ATTRIBUTE)) dropPreloaded();
      container.replaceChildren();
      createRoot(container).render(app(takeEarlyClicks()));
    }
  })
  .catch((error: unknown) => {
    console.error('Store data failed to load', error);
    window.setTimeout(() => createRoot(container).render(<FailedToLoad />), FAILURE_SCREEN_DELAY_MS);
  });
