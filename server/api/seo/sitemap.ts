import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { listPageSummaries } from '../../pages/repository';
import { findStore } from '../../stores';

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** robots.txt and sitemap.xml: published pages that are in the sitemap (§2.2 sitemap flag). */
export function seoRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/robots.txt', async (request, reply) => {
    const origin = `${request.protocol}://${request.host}`;
    return reply.type('text/plain; charset=utf-8').send(`User-agent: *\nDisallow: /omnis/\nDisallow: /basket/\nDisallow: /checkout/\nSitemap: ${origin}/sitemap.xml\n`);
  });
  app.get('/sitemap.xml', async (request, reply) => {
    const store = await findStore(ctx.db, { host: request.hostname });
    const origin = `${request.protocol}://${request.host}`;
    const pages = store ? (await listPageSummaries(ctx.db, store.id)).filter((p) => p.published && p.sitemap) : [];
    const urls = pages.map((p) => `  <url><loc>${xmlEscape(origin + p.url)}</loc><lastmod>${p.edited.slice(0, 10)}</lastmod></url>`).join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
  });
}
