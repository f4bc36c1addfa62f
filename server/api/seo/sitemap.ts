import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { listPageSummaries } from '../../pages/repository';
import type { PageSummary } from '../../pages/repository';
import { canViewPage } from '../../auth/roles';
import { findStore } from '../../stores';
import { linkOrigin } from '../../http/linkOrigin';

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Only pages an anonymous visitor may open: published, in the sitemap, open to everyone (§6 loginState: a page for
 * signed-in or dashboard users would only show crawlers a sign-in wall) and part of the storefront.
 */
const listedInSitemap = (p: PageSummary) =>
  p.published && p.sitemap && p.properties.isStorePage !== false && canViewPage({ published: true, loginState: String(p.properties.loginState ?? 'everyone') }, null);

/** robots.txt and sitemap.xml: published pages that are in the sitemap (§2.2 sitemap flag). */
export function seoRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/robots.txt', async (request, reply) => {
    const origin = await linkOrigin(ctx.db, request);
    return reply.type('text/plain; charset=utf-8').send(`User-agent: *\nDisallow: /omnis/\nDisallow: /basket/\nDisallow: /checkout/\nSitemap: ${origin}/sitemap.xml\n`);
  });
  app.get('/sitemap.xml', async (request, reply) => {
    const store = await findStore(ctx.db, { host: request.hostname });
    const origin = await linkOrigin(ctx.db, request);
    const pages = store ? (await listPageSummaries(ctx.db, store.id)).filter(listedInSitemap) : [];
    const urls = pages.map((p) => `  <url><loc>${xmlEscape(origin + p.url)}</loc><lastmod>${p.edited.slice(0, 10)}</lastmod></url>`).join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
  });
}
