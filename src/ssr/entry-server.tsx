/**
 * The server rendering of storefront pages: the same routes, PageRenderer and blocks as the browser, drawn to HTML
 * once every block's data has arrived. Built by Vite (`vite build --ssr`) and loaded by the HTTP layer only.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { api, setApiTransport } from '../lib/api';
import type { PreloadedAnswer, PreloadedAnswers } from '../lib/preloaded';
import { ServerAnswersContext, type ServerAnswers } from '../lib/serverAnswers';
import type { StoreCoreData } from '../core/storeData';
import { STORE_CORE_DATA_URL } from '../core/storeData';
import { StoreContext } from '../app/StoreContext';
import { storeRoutes } from '../app/createStoreRouter';
import { createSessionStore } from '../auth/session';
import { createRedirectCounter } from '../app/guards/redirectCounter';
import { walkBlocks } from '../core/blocks/tree';
import type { StorePageData } from '../app/pageLoader';
import { HELP_PATHS } from '../help/routes';
import { NOT_FOUND_URL } from '../app/pageLoader';

export interface RenderRequest {
  /** The page's absolute address. */
  url: string;
  /** Answers a GET of the API, as the visitor's browser would get it. */
  fetch: (url: string) => Promise<PreloadedAnswer>;
  /** The visitor's country cookie (§6 country guards). */
  countryCode?: string | undefined;
  /** Past this the rendering stops waiting and leaves the slow parts to the browser. */
  timeoutMs?: number;
}

export type RenderResult =
  | {
      kind: 'page';
      status: number;
      /** The address drawn: the one asked for, or the store's not-found page (/404/) in its place. */
      path: string;
      /** The markup inside #root. */
      html: string;
      /** Every API answer the page used, for the browser's hydration. */
      answers: PreloadedAnswers;
      /** The lazily loaded modules the page drew with (their CSS and scripts go into the head). */
      modules: string[];
    }
  /** The visitor is sent elsewhere (a guard) or the store is unknown: the browser decides with its session. */
  | { kind: 'shell' };

/** What one drawing came to: a page, the app shell, or "this address shows the not-found page". */
type Drawn = RenderResult | { kind: 'not-found'; answers: PreloadedAnswers };

/** The lazy route screens, by route id: their chunks are preloaded with the HTML. */
const ROUTE_MODULES: Record<string, string> = {
  'commerce:product': 'src/commerce/catalogue/ProductPage.tsx',
  'commerce:collection': 'src/commerce/catalogue/CollectionPage.tsx',
  ...Object.fromEntries(HELP_PATHS.map((_, i) => [`help:${i}`, 'src/help/HelpScreen.tsx'])),
};

const requestScope = new AsyncLocalStorage<ServerAnswers>();
// Route loaders call the API through the app's client: on the server it answers from the request being drawn.
setApiTransport(async (url, init) => {
  const scope = requestScope.getStore();
  if (!scope || init.method !== 'GET') return { status: 405, message: 'Only reads happen while a page is drawn on the server.' };
  return scope.load(url);
});

/**
 * Draws the page at `request.url`. An address that shows the not-found page (unknown, or naming a product, help
 * question or creator that does not exist) gets the store's own not-found page drawn in its place, answered 404, so it
 * reads without JavaScript; the browser's router then moves to /404/ as it always does (§2.2) and takes the drawing
 * over there.
 */
export async function render(request: RenderRequest): Promise<RenderResult> {
  const drawn = await draw(request, request.url);
  if (drawn.kind !== 'not-found') return drawn;
  const notFound = await draw(request, new URL(NOT_FOUND_URL, request.url).href);
  // The answers that showed the address's subject missing go too: the browser finds the same and moves on at once.
  return notFound.kind === 'page' ? { ...notFound, status: 404, answers: { ...drawn.answers, ...notFound.answers } } : { kind: 'shell' };
}

async function draw(request: RenderRequest, url: string): Promise<Drawn> {
  const recorded: PreloadedAnswers = {};
  const pending = new Map<string, Promise<PreloadedAnswer>>();
  let notFound = false;
  const answers: ServerAnswers = {
    notFound() {
      notFound = true;
    },
    load(url) {
      let answer = pending.get(url);
      if (!answer) {
        answer = request.fetch(url).then((a) => (recorded[url] = a));
        pending.set(url, answer);
      }
      return answer;
    },
  };
  return requestScope.run(answers, async () => {
    let store: StoreCoreData;
    try {
      store = await api<StoreCoreData>(STORE_CORE_DATA_URL);
    } catch {
      return { kind: 'shell' } as const;
    }
    const routes = storeRoutes(store, {
      // Drawn for a visitor not yet known: pages that depend on who is asking are left to the browser.
      session: createSessionStore({ fetchUser: async () => null, storage: null }),
      counter: createRedirectCounter(),
      countryCode: () => request.countryCode,
    });
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(url));
    if (context instanceof Response) return context.headers.get('Location') === NOT_FOUND_URL ? ({ kind: 'not-found', answers: recorded } as const) : ({ kind: 'shell' } as const);
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = await renderToString(
      <StrictMode>
        <ServerAnswersContext.Provider value={answers}>
          <StoreContext.Provider value={store}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </StoreContext.Provider>
        </ServerAnswersContext.Provider>
      </StrictMode>,
      request.timeoutMs ?? 5000,
    );
    if (notFound) return { kind: 'not-found', answers: recorded } as const;
    const modules = new Set<string>();
    for (const match of context.matches) {
      const routeModule = ROUTE_MODULES[match.route.id];
      if (routeModule) modules.add(routeModule);
      const data = context.loaderData[match.route.id] as StorePageData | undefined;
      if (data?.page) for (const block of walkBlocks(data.page.blocks)) modules.add(`blocks/${block.type}.tsx`);
    }
    return { kind: 'page', status: context.statusCode, path: new URL(url).pathname, html, answers: recorded, modules: [...modules] } as const;
  });
}

/** React's streaming renderer, read to the end once everything (every block's data) is ready. */
function renderToString(element: React.ReactNode, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      // Everything is ready when piping starts, so every boundary is drawn in place. With React's default (12.8 KB)
      // a long page's later boundaries were sent hidden and moved into place by a script after a throttled reveal:
      // later paint, an extra task, and a page that draws nothing there without JavaScript.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        console.error('Server rendering', error);
      },
    });
    // Slow data: what is still waiting is drawn by the browser after hydration.
    setTimeout(() => stream.abort(new Error('Server rendering timed out')), timeoutMs).unref();
  });
}
