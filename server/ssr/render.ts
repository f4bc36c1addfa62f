import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DRAWN_PATH_ATTRIBUTE, PRELOADED_ELEMENT_ID, type PreloadedAnswer, type PreloadedAnswers } from '../../src/core/api/preloaded';
import { STORE_CORE_DATA_URL, type StoreCoreData } from '../../src/core/storeData';
import { FONT_WEIGHTS, fontSlug, fontUrl } from '../../src/core/theme/fonts';
import { clientAssets, deferScripts, inlineStylesheets, readClientManifest, stylesheetReader, type ClientManifest } from './assets';

/** What the SSR entry (src/ssr/entry-server.tsx, built by Vite into dist/ssr) exports. */
interface SsrEntry {
  render(request: { url: string; fetch: (url: string) => Promise<PreloadedAnswer>; countryCode?: string | undefined }): Promise<
    { kind: 'page'; status: number; path: string; html: string; answers: PreloadedAnswers; modules: string[] } | { kind: 'shell' }
  >;
}

/** A storefront page drawn on the server: the markup for #root, the head links it needs and the data for hydration. */
export interface RenderedBody {
  status: number;
  /** The address drawn when it is not the one asked for (the store's not-found page drawn in its place); a URL
   *  pathname, so percent-encoded and safe inside an attribute. */
  drawnPath?: string | undefined;
  html: string;
  answers: PreloadedAnswers;
  /** Stylesheets (paths under the client folder) and scripts of the lazily loaded parts the page drew with. */
  stylesheets: string[];
  scripts: string[];
  /** The text of a built stylesheet ('' when it is not there). */
  readStylesheet: (file: string) => string;
}

export interface PageRenderer {
  render(app: FastifyInstance, request: FastifyRequest, url: string): Promise<RenderedBody | null>;
}

/** The server renderer beside the built client (dist/ssr next to dist/client); null when it was not built. */
export async function loadPageRenderer(clientDir: string): Promise<PageRenderer | null> {
  const entryFile = path.join(clientDir, '..', 'ssr', 'entry-server.js');
  if (!fs.existsSync(entryFile)) return null;
  const entry = (await import(pathToFileURL(entryFile).href)) as SsrEntry;
  const manifest: ClientManifest = readClientManifest(clientDir);
  const readStylesheet = stylesheetReader(clientDir);
  return {
    async render(app, request, url) {
      const result = await entry.render({
        url: new URL(url, 'http://store.invalid').href,
        // The page is drawn for a visitor not yet known: only the store core data sees the visitor's session (its
        // page list depends on who asks); everything personal fills in after hydration.
        fetch: (apiUrl) => answer(app, request, apiUrl, apiUrl === STORE_CORE_DATA_URL),
        countryCode: request.cookies?.country,
      });
      if (result.kind === 'shell') return null;
      const { stylesheets, scripts } = clientAssets(manifest, result.modules);
      const asked = new URL(url, 'http://store.invalid').pathname;
      const drawnPath = result.path === asked ? undefined : result.path;
      return { status: result.status, drawnPath, html: result.html, answers: result.answers, stylesheets, scripts, readStylesheet };
    },
  };
}

/** One GET of the API in the same process, for the same store (its host) as the page. */
async function answer(app: FastifyInstance, request: FastifyRequest, url: string, asVisitor: boolean): Promise<PreloadedAnswer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const name of ['host', 'x-forwarded-host', 'x-forwarded-proto']) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  if (asVisitor && request.headers.cookie) headers.cookie = request.headers.cookie;
  const response = await app.inject({ method: 'GET', url, headers });
  let body: unknown;
  try {
    body = response.body ? JSON.parse(response.body) : undefined;
  } catch {
    body = undefined;
  }
  if (response.statusCode < 400) return { data: body };
  const error = (body ?? {}) as { message?: string; errors?: Record<string, string[]> };
  return { status: response.statusCode, message: error.message ?? 'Oops... looks like something went wrong. Please try again.', errors: error.errors ?? {} };
}

/**
 * The page's markup inside #root, its stylesheets inline in the head (see inlineStylesheets), the answers the browser
 * hydrates from as JSON (`<` escaped, so no text in the data can close the element), and its scripts, the entry's and
 * the lazily loaded parts it drew with, started only after the first paint (see deferScripts).
 */
export function insertBody(indexHtml: string, body: RenderedBody): string {
  // React puts the resource hints it found (image preloads: the logo, the first image) ahead of the markup; they
  // belong in the head, where the browser starts those downloads before it reads the body.
  const hints = /^(?:<link [^>]*>)+/.exec(body.html)?.[0] ?? '';
  const markup = body.html.slice(hints.length);
  const data = JSON.stringify(body.answers).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  const styled = inlineStylesheets(indexHtml, body.stylesheets, body.readStylesheet);
  const { html, loader } = deferScripts(styled.html, body.scripts, themeFontUrls(body.answers));
  const head = [styled.css ? `<style>${styled.css}</style>` : '', ...styled.present, hints];
  return html
    .replace('</head>', () => `  ${head.filter(Boolean).join('\n    ')}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root"${body.drawnPath ? ` ${DRAWN_PATH_ATTRIBUTE}="${body.drawnPath}"` : ''}>${markup}</div>\n    <script type="application/json" id="${PRELOADED_ELEMENT_ID}">${data}</script>${loader}`);
}

/** The self-hosted files of the store theme's web fonts, from the store core data the page was drawn with. */
function themeFontUrls(answers: PreloadedAnswers): string[] {
  const core = answers[STORE_CORE_DATA_URL];
  const families = core && 'data' in core ? ((core.data as StoreCoreData | undefined)?.state.subdomain.theme.fonts ?? []) : [];
  return families.filter((family) => fontSlug(family) !== '').flatMap((family) => FONT_WEIGHTS.map((weight) => fontUrl(family, weight)));
}
