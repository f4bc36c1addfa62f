import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../database';
import type { SchemaRegistry } from '../../../src/core/schemas/registry';
import { renumber } from '../../../src/core/blocks/tree';
import { blogPostUrl } from '../../../src/core/blog';
import { blogPostBlocks } from '../../catalogue/blogPosts';
import { DEMO_STORE, type SeedPage } from './demoPages';
import { DEMO_POSTS } from './demoBlog';
import { CAMPAIGN_SEED_PAGE } from './demoCampaign';
import { POLICY_SEED_PAGES } from './demoPolicies';
import { HELP_SEED_PAGE } from './demoHelp';
import { sanitizeBlockHtml } from '../../pages/sanitizeBlocks';

/**
 * The demo store's policy pages, help centre and its posts' builder pages, added to a store that lacks them — also one seeded
 * before posts were pages. Returns whether it wrote anything.
 */
export async function seedDemoRoutePages(db: Database, registry: SchemaRegistry): Promise<boolean> {
  return db.transaction(async (tx) => {
    const division = (await tx.query<{ id: number }>('select id from divisions where code = $1', [DEMO_STORE.code])).rows[0];
    if (!division) return false;
    let wrote = false;
    for (const page of [...POLICY_SEED_PAGES, HELP_SEED_PAGE, CAMPAIGN_SEED_PAGE]) wrote = (await insertPageIfMissing(tx, registry, division.id, page)) !== null || wrote;

    const { rows: posts } = await tx.query<{ id: number; url: string }>('select id, url from blog_posts where division_id = $1 and page_id is null', [division.id]);
    for (const row of posts) {
      const demo = DEMO_POSTS.find((p) => p.url === row.url);
      if (!demo) continue;
      const blocks = blogPostBlocks({
        slug: demo.url,
        title: demo.title,
        author: demo.author,
        excerpt: demo.excerpt,
        tags: demo.tags,
        body: demo.body,
        metaImage: demo.image,
        publishedAt: new Date(demo.publishedAt),
      });
      const pageId = await insertPageIfMissing(tx, registry, division.id, {
        url: blogPostUrl(demo.url),
        properties: { title: demo.title, description: demo.excerpt },
        blocks,
      });
      if (pageId === null) continue;
      await tx.query('update blog_posts set page_id = $2, author = $3 where id = $1', [row.id, pageId, demo.author]);
      wrote = true;
    }
    return wrote;
  });
}

async function insertPageIfMissing(tx: Queryable, registry: SchemaRegistry, divisionId: number, page: SeedPage): Promise<number | null> {
  const { rows: present } = await tx.query('select 1 from pages where division_id = $1 and url = $2', [divisionId, page.url]);
  if (present.length > 0) return null;
  const doc = { url: page.url, layout: page.layout, flags: page.flags ?? {}, properties: { ...page.properties }, blocks: structuredClone(page.blocks), sitemap: page.sitemap };
  const errors = registry.validatePage(doc);
  if (errors.length > 0) throw new Error(`Demo page ${page.url} is invalid: ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`);
  renumber(doc.blocks);
  sanitizeBlockHtml(registry, doc.blocks);
  const { rows } = await tx.query<{ id: number }>(
    `insert into pages (uuid, division_id, url, layout, blocks, flags, properties, sitemap) values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [randomUUID(), divisionId, doc.url, doc.layout, JSON.stringify(doc.blocks), JSON.stringify(doc.flags), JSON.stringify(doc.properties), doc.sitemap],
  );
  return rows[0]!.id;
}
