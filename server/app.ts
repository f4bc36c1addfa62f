import { splitTestRoutes } from './api/splitTests/splitTests';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import compress from '@fastify/compress';
import { constants as zlib } from 'node:zlib';
import type { AppContext } from './context';
import { installCsrf } from './http/csrf';
import { ApiError, apiMessages, installErrorHandling } from './http/errors';
import { storeCoreDataRoutes } from './api/frontend/storeCoreData';
import { pageRoutes } from './api/divisions/pages';
import { pageHistoryRoutes } from './api/divisions/pageHistory';
import { catalogueRoutes } from './api/catalogue/catalogue';
import { marketingRoutes } from './api/marketing/marketing';
import { mediaRoutes } from './api/media/mockups';
import { studioRoutes } from './api/studio/studio';
import { startPrintFileRendering } from './studio/printFiles';
import { uploadRoutes } from './api/media/uploads';
import { themeRoutes } from './api/divisions/theme';
import { setupRoutes } from './api/divisions/setup';
import { shippingRoutes } from './api/divisions/shipping';
import { settingsRoutes } from './api/divisions/settings';
import { seoRoutes } from './api/seo/sitemap';
import { fontRoutes } from './api/fonts/fonts';
import { renderPage } from './seo/pageHtml';
import { insertBody, loadPageRenderer } from './ssr/render';
import { contentSecurityPolicy, editorOrigins, installSecurityHeaders, newNonce, withNonce } from './ssr/securityHeaders';
import { findStore } from './stores';
import { sendHtml } from './ssr/compressHtml';
import { installAuth } from './auth/sessions';
import { installStoreGate } from './http/storeGate';
import { trackRoutes } from './http/routeList';
import { installBodyDepthCap } from './http/bodyDepth';
import { installInputGuard } from './http/inputGuard';
import { installAuthErrors } from './auth/errors';
import { secureRoutes } from './api/secure/secure';
import { atlasRoutes } from './api/atlas/atlas';
import { atlasFloorRoutes } from './api/atlas/floor';
import { storeOrderRoutes } from './api/atlas/storeOrders';
import { dashboardProductRoutes } from './api/products/dashboardProducts';
import { businessRoutes } from './api/business/routes';
import multipart from '@fastify/multipart';
import { basketRoutes } from './api/basket/basket';
import { searchRoutes } from './api/search/search';
import { checkoutRoutes, commerceCsrfExempt } from './api/checkout/routes';
import { stripeWebhookRoutes } from './api/checkout/stripeWebhook';
import { orderRoutes } from './api/orders/orders';
import { orderHistoryRoutes } from './api/orders/history';
import { orderEditRoutes } from './api/orders/orderEdits';
import { returnsRoutes } from './api/returns/returns';
import { eventRoutes } from './api/events/events';
import { quoteRoutes } from './api/quotes/quotes';
import { paymentsFrom } from './payments';
import { statsRoutes } from './api/stats/stats';
import { modelRoutes } from './api/models/models';
import { blogPostRoutes } from './api/blog/posts';
import { mailFrom, smtpTransport, startMailDelivery } from './services/mail';
import { installEtags } from './http/etag';
import { liveChatRoutes } from './api/liveChat/liveChat';
import { notificationRoutes } from './api/notifications/notifications';
import { notificationBuilderRoutes } from './api/notifications/builder';
import { serviceWorkerRoutes } from './http/serviceWorker';

export const API_BASE = '/omnis/v3';

/** JSON bodies of every route but a page save: files travel as multipart, each upload route with its own cap. */
export const JSON_BODY_LIMIT = 1024 * 1024;

export interface AppOptions {
  /** The built SPA (dist/client); null when Vite serves it (npm run dev) or in API tests. */
  clientDir: string | null;
  logger?: FastifyServerOptions['logger'];
  /** Render studio print files in this process (server/studio/printFiles.ts); `npm start` does, API tests call the renderer themselves. */
  renderPrintFiles?: boolean;
}

export async function buildApp(ctx: AppContext, options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: JSON_BODY_LIMIT, trustProxy: process.env.TRUST_PROXY === 'true' });
  trackRoutes(app);
  await app.register(cookie);
  installEtags(app);
  // Streamed file uploads (product artwork); each route sets its own size limit.
  await app.register(multipart, { limits: { files: 1, fields: 10, parts: 11 } });
  // Brotli (or gzip) for HTML, JSON, scripts, styles and SVG; a middle quality keeps per-request compression cheap
  // (built assets are precompressed at the highest quality, see scripts/precompress.mjs).
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024, brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } } });
  installErrorHandling(app);
  installBodyDepthCap(app);
  installInputGuard(app);
  installSecurityHeaders(app);
  installCsrf(app, commerceCsrfExempt);
  installAuthErrors(app);
  installAuth(app, ctx);
  installStoreGate(app, ctx);

  storeCoreDataRoutes(app, ctx);
  pageRoutes(app, ctx);
  pageHistoryRoutes(app, ctx);
  catalogueRoutes(app, ctx);
  marketingRoutes(app, ctx);
  mediaRoutes(app, ctx);
  uploadRoutes(app, ctx);
  themeRoutes(app, ctx);
  shippingRoutes(app, ctx);
  settingsRoutes(app, ctx);
  setupRoutes(app, ctx);
  seoRoutes(app, ctx);
  secureRoutes(app, ctx);
  atlasRoutes(app, ctx);
  atlasFloorRoutes(app, ctx);
  storeOrderRoutes(app, ctx);
  dashboardProductRoutes(app, ctx);
  businessRoutes(app, ctx);
  basketRoutes(app, ctx);
  studioRoutes(app, ctx);
  searchRoutes(app, ctx);
  // One set of payment processors for checkout, the pay page and the processors' callbacks.
  const payments = ctx.payments ?? paymentsFrom(process.env);
  checkoutRoutes(app, ctx, { payments });
  orderRoutes(app, ctx, payments);
  quoteRoutes(app, ctx);
  orderHistoryRoutes(app, ctx);
  orderEditRoutes(app, ctx, payments);
  returnsRoutes(app, ctx, { payments });
  stripeWebhookRoutes(app, ctx, payments, process.env);
  eventRoutes(app, ctx);
  splitTestRoutes(app, ctx);
  statsRoutes(app, ctx);
  modelRoutes(app, ctx);
  blogPostRoutes(app, ctx);
  await liveChatRoutes(app, ctx);
  notificationRoutes(app, ctx);
  notificationBuilderRoutes(app, ctx);

  // Mail stays in the outbox unless SMTP_URL is set; then a poller delivers it (server/services/mail.ts).
  if (process.env.SMTP_URL) {
    const stop = startMailDelivery(ctx.db, await smtpTransport(process.env.SMTP_URL), { from: mailFrom(), logger: app.log });
    app.addHook('onClose', async () => stop());
  }
  if (options.renderPrintFiles) {
    const stop = startPrintFileRendering(ctx.db, { onError: (error) => app.log.error({ err: error }, 'print file rendering failed; the job stays queued') });
    app.addHook('onClose', async () => stop());
  }
  fontRoutes(app);
  serviceWorkerRoutes(app, options.clientDir);

  const indexHtml = options.clientDir ? readIndex(options.clientDir) : null;
  // Storefront pages are drawn on the server (with their data) and hydrated; without the SSR build the SPA draws them.
  const pageRenderer = options.clientDir ? await loadPageRenderer(options.clientDir) : null;
  if (options.clientDir) {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      index: false,
      wildcard: false, // one route per built file; every other path reaches the SPA fallback below
      // Source maps stay on the server (error reports); the public gets the minified bundles only.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      preCompressed: true, // the .br/.gz files written at build
      setHeaders: (res, file) => {
        // Hashed bundles never change; everything else is revalidated.
        res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    // Client routes fall back to the SPA; API paths, files and non-GETs get a JSON 404.
    const isPage = request.method === 'GET' && !url.startsWith('/omnis/') && !url.startsWith('/media/') && !/\.[a-z0-9]+$/i.test(url);
    if (isPage && indexHtml) {
      const [head, body] = await Promise.all([
        renderPage(ctx, indexHtml, { host: request.hostname, origin: `${request.protocol}://${request.host}`, path: url }).catch((error: unknown) => {
          request.log.error({ err: error }, 'head data failed; serving the bare app');
          return { html: indexHtml, status: 200 };
        }),
        pageRenderer?.render(app, request, request.url).catch((error: unknown) => {
          request.log.error({ err: error }, 'server rendering failed; the browser draws the page');
          return null;
        }),
      ]);
      const nonce = newNonce();
      const html = withNonce(body ? insertBody(head.html, body) : head.html, nonce);
      const store = await findStore(ctx.db, { host: request.hostname }).catch(() => null);
      const csp = contentSecurityPolicy(nonce, editorOrigins(store?.subdomain.settings.editorOrigins));
      // An unknown product or collection is a 404 for crawlers too; the SPA still starts and shows it.
      const status = Math.max(head.status, body?.status ?? 200);
      reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('content-security-policy', csp);
      return sendHtml(request, reply, html);
    }
    throw new ApiError(404, apiMessages.notFound);
  });
  return app;
}

function readIndex(dir: string): string {
  const file = path.join(dir, 'index.html');
  if (!fs.existsSync(file)) throw new Error(`The app is not built: ${file} is missing. Run npm run build.`);
  return fs.readFileSync(file, 'utf8');
}
