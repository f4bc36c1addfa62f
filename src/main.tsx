import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { api } from './lib/api';
import type { StoreCoreData } from './core/storeData';
import { StoreContext } from './app/StoreContext';
import { createStoreRouter } from './app/createStoreRouter';
import { FailedToLoad, FAILURE_SCREEN_DELAY_MS } from './app/FailedToLoad';
import { applyTheme } from './app/applyTheme';
import { loadThemeFonts } from './app/fonts';

const root = createRoot(document.getElementById('root')!);

/** The store core data loads once at start (§7); if it fails, the failed-to-load screen follows after 1 s (§2.4). */
api<StoreCoreData>('/omnis/v3/frontend/getStoreCoreData/json/')
  .then((data) => {
    applyTheme(data.state.subdomain.theme);
    // Text draws at once in the fallback stacks; the web fonts swap in (§8 webfonts-loaded / webfonts-failed-to-load).
    void loadThemeFonts(data.state.subdomain.theme.fonts);
    const router = createStoreRouter(data);
    root.render(
      <StrictMode>
        <StoreContext.Provider value={data}>
          <RouterProvider router={router} />
        </StoreContext.Provider>
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    console.error('Store data failed to load', error);
    window.setTimeout(() => root.render(<FailedToLoad />), FAILURE_SCREEN_DELAY_MS);
  });
