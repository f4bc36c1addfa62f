import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { AppContext } from './context';
import { installCsrf } from './http/csrf';
import { ApiError, apiMessages, installErrorHandling } from './http/errors';
import { storeCoreDataRoutes } from './api/frontend/storeCoreData';
import { pageRoutes } from './api/divisions/pages';
import { catalogueRoutes } from './api/catalogue/catalogue';
import { marketingRoutes } from './api/marketing/marketing';
import { mediaRoutes } from './api/media/mockups';
import { uploadRoutes } from './api/media/uploads';
import { themeRoutes } from './api/divisions/theme';
import { setupRoutes } from './api/divisions/setup';
import { seoRoutes } from './api/seo/sitemap';
import { fontRoutes } from './api/fonts/fonts';
import { renderPage } from './seo/pageHtml';
import { installAuth } from './auth/sessions';
import { installAuthErrors } from './auth/errors';
import { secureRoutes } from './api/secure/secure';
import { atlasRoutes } from './api/atlas/atlas';
import { basketRoutes } from './api/basket/basket';
import { searchRoutes } from './api/search/search';
import { checkoutRoutes, commerceCsrfExempt } from './api/checkout/routes';
import { statsRoutes } from './api/stats/stats';
import { modelRoutes } from './api/models/models';
import { mailFrom, smtpTransport, startMailDelivery } from './services/mail';

export const API_BASE = '/omnis/v3';

export interface AppOptions {
  /** The built SPA (dist/client); null when Vite serves it (npm run dev) or in API tests. */
  clientDir: string | null;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(ctx: AppContext, options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 8 * 1024 * 1024, trustProxy: process.env.TRUST_PROXY === 'true' });
  await app.register(cookie);
  installErrorHandling(app);
  installCsrf(app, commerceCsrfExempt);
  installAuthErrors(app);
  installAuth(app, ctx);

  storeCoreDataRoutes(app, ctx);
  pageRoutes(app, ctx);
  catalogueRoutes(app, ctx);
  marketingRoutes(app, ctx);
  mediaRoutes(app, ctx);
  uploadRoutes(app, ctx);
  themeRoutes(app, ctx);
  setupRoutes(app, ctx);
  seoRoutes(app, ctx);
  secureRoutes(app, ctx);
  atlasRoutes(app, ctx);
  basketRoutes(app, ctx);
  searchRoutes(app, ctx);
  checkoutRoutes(app, ctx);
  statsRoutes(app, ctx);
  modelRoutes(app, ctx);

  // Mail stays in the outbox unless SMTP_URL is set; then a poller delivers it (server/services/mail.ts).
  if (process.env.SMTP_URL) {
    const stop = startMailDelivery(ctx.db, await smtpTransport(process.env.SMTP_URL), { from: mailFrom(), logger: app.log });
    app.addHook('onClose', async () => stop());
  }
  fontRoutes(app);

  const indexHtml = options.clientDir ? readIndex(options.clientDir) : null;
  if (options.clientDir) {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      index: false,
      wildcard: false, // one route per built file; every other path reaches the SPA fallback below
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
      const { html, status } = await renderPage(ctx, indexHtml, { host: request.hostname, origin: `${request.protocol}://${request.host}`, path: url }).catch((error: unknown) => {
        request.log.error({ err: error }, 'head data failed; serving the bare app');
        return { html: indexHtml, status: 200 };
      });
      // An unknown product or collection is a 404 for crawlers too; the SPA still starts and shows it.
      return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
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
