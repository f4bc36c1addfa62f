import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../database';
import type { SchemaRegistry } from '../../../src/core/schemas/registry';
import { APPAREL_SIZES, BUNDLES, COLLECTIONS, ONE_SIZE, PRODUCTS, communityUrl, demoStock, mockupUrl, setUrl } from './demoCatalogue';
import { renumber } from '../../../src/core/blocks/tree';
import { DEMO_MENU, DEMO_PAGES, DEMO_STORE } from './demoPages';
import { BLOCK_GALLERY } from './blockGallery';
import { addImageTones } from '../../files/imageTone';
import { isScene, sceneSvg } from '../../services/mockups';

/** Every page the demo store starts with. */
export const SEED_PAGES = [...DEMO_PAGES, BLOCK_GALLERY];
import { DEMO_POSTS } from './demoBlog';
import { seedDemoAccounts } from './demoAccounts';
import { seedDemoRoutePages } from './demoRoutePages';
import { sanitizeBlockHtml } from '../../pages/sanitizeBlocks';
import { seedDemoShipping } from './demoShipping';
import { seedDemoCreators } from './demoCreators';

/**
 * Creates the demo store once, then its bundles and the demo accounts (server/db/seed/demoAccounts.ts); a second
 * run finds them and does nothing. Returns whether it wrote anything.
 */
export async function seedDemoStore(db: Database, registry: SchemaRegistry): Promise<boolean> {
  const store = await seedStore(db, registry);
  const bundles = await seedDemoBundles(db);
  const accounts = await seedDemoAccounts(db);
  const routePages = await seedDemoRoutePages(db, registry);
  const shipping = await seedDemoShipping(db);
  const studio = await seedStudioGarments(db);
  const creators = await seedDemoCreators(db);
  return store || bundles || accounts || routePages || shipping || studio || creators;
}

/**
 * The demo store's garments open in the studio (§3 isEditableInStudio, customiseIt): every product that is not a
 * bundle or a shopper's own design. Made once, when no product of the store is marked yet.
 */
export async function seedStudioGarments(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const division = (await tx.query<{ id: number }>('select id from divisions where code = $1', [DEMO_STORE.code])).rows[0];
    if (!division) return false;
    const { rows } = await tx.query('select 1 from products where division_id = $1 and is_editable_in_studio limit 1', [division.id]);
    if (rows.length > 0) return false;
    const { rows: marked } = await tx.query(
      'update products set is_editable_in_studio = true, customise_it = true where division_id = $1 and not is_bundle and studio_design is null returning id',
      [division.id],
    );
    return marked.length > 0;
  });
}

/**
 * The demo store's bundles (§3 isBundle, bundleItems), made when the store has none yet — also in a demo store
 * created before bundles existed (migration 009). Their products come after the rest in best-seller order.
 */
export async function seedDemoBundles(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const division = (await tx.query<{ id: number }>('select id from divisions where code = $1', [DEMO_STORE.code])).rows[0];
    if (!division) return false;
    const { rows: present } = await tx.query('select 1 from products where division_id = $1 and is_bundle limit 1', [division.id]);
    if (present.length > 0) return false;
    let wrote = false;
    for (const [b, bundle] of BUNDLES.entries()) {
      const items = bundle.items.map((i) => ({ ...i, demo: PRODUCTS.find((p) => p.urlName === i.product)! }));
      const { rows: found } = await tx.query<{ id: number; url_name: string }>('select id, url_name from products where division_id = $1 and url_name = any($2::text[])', [
        division.id,
        items.map((i) => i.product),
      ]);
      // An item the store no longer has: leave that bundle out rather than sell half of it.
      if (found.length !== new Set(items.map((i) => i.product)).size) continue;
      const sku = `FT-B${String(b + 1).padStart(2, '0')}`;
      const row = await one<{ id: number }>(
        tx,
        `insert into products (uuid, division_id, sku, name, url_name, description, type, price, bestseller_rank, tags, designs, is_bundle)
         values ($1, $2, $3, $4, $5, $6, 'bundle', $7, $8, $9, '{}'::jsonb, true) returning id`,
        [randomUUID(), division.id, sku, bundle.name, bundle.urlName, bundle.description, bundle.price, PRODUCTS.length + b, JSON.stringify(bundle.tags)],
      );
      // The set together first, then each item on its own.
      const pictures = [
        { src: setUrl(items.map((i) => i.demo)), alt: `${bundle.name}: ${items.map((i) => i.demo.name).join(' and ')}` },
        ...items.map((i) => ({ src: mockupUrl(i.demo.garment, i.demo.colours[0]!, i.demo.print), alt: `${i.demo.name} in ${i.demo.colours[0]!.name}` })),
      ];
      for (const [position, picture] of pictures.entries()) {
        await tx.query('insert into product_images (product_id, option_id, src, alt_text, position) values ($1, null, $2, $3, $4)', [row.id, picture.src, picture.alt, position]);
      }
      for (const [position, item] of items.entries()) {
        const product = found.find((f) => f.url_name === item.product)!;
        await tx.query('insert into product_bundle_items (bundle_id, product_id, quantity, position) values ($1, $2, $3, $4)', [row.id, product.id, item.quantity, position]);
      }
      wrote = true;
    }
    return wrote;
  });
}

async function seedStore(db: Database, registry: SchemaRegistry): Promise<boolean> {
  return db.transaction(async (tx) => {
    const existing = await tx.query('select id from divisions where code = $1', [DEMO_STORE.code]);
    if (existing.rows.length > 0) return false;

    const company = await one<{ id: number }>(tx, 'insert into companies (name, logo) values ($1, $2) returning id', [
      DEMO_STORE.name,
      JSON.stringify({ src: '/media/logo.svg', alt: DEMO_STORE.name }),
    ]);
    const division = await one<{ id: number }>(
      tx,
      'insert into divisions (name, code, company_id, active_domain_name) values ($1, $2, $3, $4) returning id',
      [DEMO_STORE.name, DEMO_STORE.code, company.id, DEMO_STORE.domain],
    );
    const menuErrors = registry.validate('entities/menu', DEMO_MENU);
    if (menuErrors.length > 0) throw new Error(`Demo menu is invalid: ${menuErrors.map((e) => `${e.path}: ${e.message}`).join('; ')}`);
    const menu = await one<{ id: number }>(tx, `insert into menus (division_id, name, entries) values ($1, 'main', $2) returning id`, [
      division.id,
      JSON.stringify(DEMO_MENU),
    ]);
    await tx.query('insert into subdomains (division_id, is_pro, theme, main_menu_id, settings) values ($1, true, $2, $3, $4)', [
      division.id,
      DEMO_STORE.theme,
      menu.id,
      JSON.stringify(DEMO_STORE.settings),
    ]);

    for (const page of SEED_PAGES) {
      const doc = { url: page.url, layout: page.layout, flags: page.flags ?? {}, properties: { ...page.properties }, blocks: structuredClone(page.blocks), sitemap: page.sitemap };
      // The demo banners' pictures are measured like uploads, so their text stays legible (src/core/legibility.ts).
      await addImageTones(doc.blocks, seedImageBytes);
      const errors = registry.validatePage(doc);
      if (errors.length > 0) throw new Error(`Demo page ${page.url} is invalid: ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`);
      renumber(doc.blocks);
      sanitizeBlockHtml(registry, doc.blocks);
      await tx.query(
        `insert into pages (uuid, division_id, url, layout, blocks, flags, properties, sitemap) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [randomUUID(), division.id, doc.url, doc.layout, JSON.stringify(doc.blocks), JSON.stringify(doc.flags), JSON.stringify(doc.properties), doc.sitemap],
      );
    }

    const collectionIds = new Map<string, number>();
    for (const [position, c] of COLLECTIONS.entries()) {
      const row = await one<{ id: number }>(
        tx,
        'insert into collections (division_id, name, url_name, description, position) values ($1, $2, $3, $4, $5) returning id',
        [division.id, c.name, c.urlName, c.description, position],
      );
      collectionIds.set(c.urlName, row.id);
    }

    for (const [p, product] of PRODUCTS.entries()) {
      const sku = `FT-${String(p + 1).padStart(3, '0')}`;
      const row = await one<{ id: number }>(
        tx,
        `insert into products (uuid, division_id, sku, name, url_name, description, type, price, sale_price, default_colour, bestseller_rank, tags, designs)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning id`,
        [
          randomUUID(), division.id, sku, product.name, product.urlName, product.description, product.garment, product.price,
          product.salePrice ?? null, product.colours[0]!.name, p, JSON.stringify(product.tags), JSON.stringify({ front: product.print }),
        ],
      );
      await tx.query('insert into product_collections (product_id, collection_id, position) values ($1, $2, $3)', [row.id, collectionIds.get(product.collection), p]);
      const sizes = product.garment === 'tote' ? ONE_SIZE : APPAREL_SIZES;
      for (const [c, colour] of product.colours.entries()) {
        const option = await one<{ id: number }>(
          tx,
          'insert into product_options (product_id, colour_name, colour_value, position) values ($1, $2, $3, $4) returning id',
          [row.id, colour.name, `#${colour.hex}`, c],
        );
        await tx.query('insert into product_images (product_id, option_id, src, alt_text, color, position) values ($1, $2, $3, $4, $5, $6)', [
          row.id, option.id, mockupUrl(product.garment, colour, product.print), `${product.name} in ${colour.name}`, `#${colour.hex}`, c,
        ]);
        // One multi-row insert per colour: PGlite is much faster with batched rows.
        const values = sizes.map((_, s) => `($1, $2, $${3 + s * 3}, $${4 + s * 3}, $${5 + s * 3}, ${s})`).join(', ');
        const params = sizes.flatMap((size, s) => [size, `${sku}-${colour.hex}-${size}`, demoStock(p, c, s)]);
        await tx.query(`insert into product_variants (product_id, option_id, size, sku, stock, position) values ${values}`, [row.id, option.id, ...params]);
      }
      for (const [position, photo] of (product.community ?? []).entries()) {
        await tx.query('insert into product_ugc_images (product_id, src, alt_text, color, position) values ($1, $2, $3, $4, $5)', [
          row.id, communityUrl(photo.scene, product.garment, photo.colour, product.print), photo.alt, `#${photo.colour.hex}`, position,
        ]);
      }
    }

    // Each post's builder page follows in seedDemoRoutePages.
    for (const post of DEMO_POSTS) {
      await tx.query(
        'insert into blog_posts (division_id, url, title, excerpt, body, meta_image, tags, published_at, author) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
        [division.id, post.url, post.title, post.excerpt, post.body, JSON.stringify(post.image), JSON.stringify(post.tags), post.publishedAt, post.author],
      );
    }
    return true;
  });
}

async function one<T>(tx: Queryable, sql: string, params: unknown[]): Promise<T> {
  const { rows } = await tx.query<T>(sql, params);
  if (!rows[0]) throw new Error(`Expected a row from: ${sql}`);
  return rows[0];
}

/** The bytes of a picture the demo store generates (its banner scenes), for measuring. */
function seedImageBytes(src: string): string | undefined {
  const scene = /^\/media\/scene\/([a-z]+)\.svg$/.exec(src)?.[1];
  return scene && isScene(scene) ? sceneSvg(scene) : undefined;
}
