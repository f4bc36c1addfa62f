import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { api } from './lib/api';
import { STORE_CORE_DATA_URL, type StoreCoreData } from './core/storeData';
import { StoreContext } from './app/StoreContext';
import { createStoreRouter } from './app/createStoreRouter';
import { FailedToLoad, FAILURE_SCREEN_DELAY_MS } from './app/FailedToLoad';
import { applyTheme } from './app/applyTheme';
import { startServiceWorker } from './app/serviceWorker';
import { loadThemeFonts } from './app/fonts';
import { dropPreloaded, loadPreloadedAnswers, PRELOADED_ELEMENT_ID } from './lib/preloaded';
import { replayEarlyClicks } from './lib/earlyClicks';

/** Presses again what the visitor pressed on the server's page before the app took it over (its first commit). */
function EarlyClicks() {
  useEffect(() => void replayEarlyClicks(), []);
  return null;
}

const container = document.getElementById('root')!;
// A storefront page drawn by the server comes with the answers it used: the app starts from them, no request again.
const preloaded = document.getElementById(PRELOADED_ELEMENT_ID);
loadPreloadedAnswers(preloaded?.textContent);

/** The store core data loads once at start (§7); if it fails, the failed-to-load screen follows after 1 s (§2.4). */
api<StoreCoreData>(STORE_CORE_DATA_URL)
  .then(async (data) => {
    applyTheme(data.state.subdomain.theme);
    // Text draws at once in the fallback stacks; the web fonts swap in (§8 webfonts-loaded / webfonts-failed-to-load).
    void loadThemeFonts(data.state.subdomain.theme.fonts);
    const router = createStoreRouter(data);
    startServiceWorker(router);
    const app = (
      <StrictMode>
        <EarlyClicks />
        <StoreContext.Provider value={data}>
          <RouterProvider router={router} />
        </StoreContext.Provider>
      </StrictMode>
    );
    if (!preloaded) {
      createRoot(container).render(app);
      return;
    }
    // Hydrate once the first route's loaders and lazy screens are ready, so the first render matches the server's.
    const firstPath = window.location.pathname;
    await new Promise<void>((resolve) => {
      if (router.state.initialized) return resolve();
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });
    const stop = router.subscribe((state) => {
      if (state.location.pathname === firstPath) return;
      stop();
      dropPreloaded();
    });
    if (router.state.location.pathname === firstPath) hydrateRoot(container, app);
    else {
      // The browser's guards sent the visitor elsewhere (e.g. signed in): the server's drawing is not this page.
      dropPreloaded();
      container.replaceChildren();
      createRoot(container).render(app);
    }
  })
  .catch((error: unknown) => {
    console.error('Store data failed to load', error);
    window.setTimeout(() => createRoot(container).render(<FailedToLoad />), FAILURE_SCREEN_DELAY_MS);
  });
