/** Catalogue models (§3 Product, collections, blog posts): public while live, cost figures for the store only. */
import { isBlankSku, isCustomSku } from '../catalogue/products';
import { printCountOf, type PrintCountSource } from '../../src/core/catalogue';
import { PRINT_COST, garmentCost, printCount } from '../api/stats/costModel';
import { defineModel, publicWhen, toIso, toNumber } from './types';

/** The designs of a product and, for a bundle, its items' quantities and designs: what printCountOf reads. */
const PRINT_COUNT_SOURCE = `jsonb_build_object('designs', t.designs, 'bundleItems', case when t.is_bundle then (
  select coalesce(jsonb_agg(jsonb_build_object('quantity', bi.quantity, 'designs', c.designs) order by bi.position, bi.id), '[]'::jsonb)
  from product_bundle_items bi join products c on c.id = bi.product_id where bi.bundle_id = t.id) end)`;

export const product = defineModel({
  type: 'product',
  title: 'Product',
  from: 'products t join divisions d on d.id = t.division_id',
  id: 't.id',
  division: 't.division_id',
  owner: null,
  // Shoppers see enabled products of enabled stores; the store and staff see disabled ones too.
  facts: { live: 't.enabled and d.enabled' },
  visible: publicWhen('live'),
  fields: {
    id: { read: 'public', sql: 't.id' },
    uuid: { read: 'public', sql: 't.uuid' },
    sku: { read: 'public', sql: 't.sku' },
    name: { read: 'public', sql: 't.name' },
    urlName: { read: 'public', sql: 't.url_name' },
    description: { read: 'public', sql: 't.description' },
    metaTitle: { read: 'public', sql: 't.meta_title' },
    metaDescription: { read: 'public', sql: 't.meta_description' },
    type: { read: 'public', sql: 't.type' },
    gender: { read: 'public', sql: 't.gender' },
    price: { read: 'public', sql: 't.price' },
    salePrice: { read: 'public', sql: 't.sale_price' },
    onSale: { read: 'public', sql: '(t.sale_price is not null and t.sale_price < t.price)' },
    vatRate: { read: 'public', sql: 't.vat_rate', map: toNumber },
    enabled: { read: 'public', sql: 't.enabled' },
    enableAddToCart: { read: 'public', sql: 't.enable_add_to_cart' },
    defaultColour: { read: 'public', sql: 't.default_colour' },
    tags: { read: 'public', sql: 't.tags' },
    designs: { read: 'public', sql: 't.designs' },
    divisionId: { read: 'public', sql: 't.division_id' },
    printCount: { read: 'public', sql: PRINT_COUNT_SOURCE, map: (v) => printCountOf(v as PrintCountSource) },
    isBundle: { read: 'public', sql: 't.is_bundle' },
    isBlank: { read: 'public', sql: 't.sku', map: (v) => isBlankSku(String(v)) },
    isCustom: { read: 'public', sql: 't.sku', map: (v) => isCustomSku(String(v)) },
    // §3 baseCost / printCosts: the store's production costs (the estimated cost model of server/api/stats/costModel.ts).
    baseCost: { read: 'store', sql: 't.type', map: (v) => garmentCost(v as string) },
    printCosts: {
      read: 'store',
      sql: 't.designs',
      map: (v) => {
        const prints = printCount(v);
        return { perPrint: PRINT_COST, prints, total: prints * PRINT_COST };
      },
    },
    bestsellerRank: { read: 'store', sql: 't.bestseller_rank' },
    createdAt: { read: 'store', sql: 't.created_at', map: toIso },
  },
  relations: {
    collections: {
      model: 'collection',
      many: true,
      sql: `select pc.product_id as parent, c.id from product_collections pc join collections c on c.id = pc.collection_id
            where pc.product_id = any($1::int[]) order by c.position, c.id`,
    },
    variants: { model: 'product_variant', many: true, sql: 'select product_id as parent, id from product_variants where product_id = any($1::int[]) order by position, id' },
    // §3 bundleItems: the products a bundle is made of, in bundle order (empty for other products).
    bundleItems: {
      model: 'product',
      many: true,
      sql: 'select bundle_id as parent, product_id as id from product_bundle_items where bundle_id = any($1::int[]) order by position, id',
    },
    division: { model: 'division', many: false, sql: 'select id as parent, division_id as id from products where id = any($1::int[])' },
  },
});

export const productVariant = defineModel({
  type: 'product_variant',
  title: 'Product variant',
  from: 'product_variants t join product_options o on o.id = t.option_id join products p on p.id = t.product_id join divisions d on d.id = p.division_id',
  id: 't.id',
  division: 'p.division_id',
  owner: null,
  facts: { live: 'p.enabled and d.enabled' },
  visible: publicWhen('live'),
  fields: {
    id: { read: 'public', sql: 't.id' },
    productId: { read: 'public', sql: 't.product_id' },
    sku: { read: 'public', sql: 't.sku' },
    size: { read: 'public', sql: 't.size' },
    colour: { read: 'public', sql: 'o.colour_name' },
    colourValue: { read: 'public', sql: 'o.colour_value' },
    // The product page shows stock per size to shoppers already (§3 stock keyed by size).
    stock: { read: 'public', sql: 't.stock' },
    position: { read: 'public', sql: 't.position' },
  },
  relations: {
    product: { model: 'product', many: false, sql: 'select id as parent, product_id as id from product_variants where id = any($1::int[])' },
  },
});

export const collection = defineModel({
  type: 'collection',
  title: 'Collection',
  from: 'collections t join divisions d on d.id = t.division_id',
  id: 't.id',
  division: 't.division_id',
  owner: null,
  facts: { live: 'd.enabled' },
  visible: publicWhen('live'),
  fields: {
    id: { read: 'public', sql: 't.id' },
    divisionId: { read: 'public', sql: 't.division_id' },
    name: { read: 'public', sql: 't.name' },
    urlName: { read: 'public', sql: 't.url_name' },
    description: { read: 'public', sql: 't.description' },
    banner: { read: 'public', sql: 't.banner' },
    position: { read: 'public', sql: 't.position' },
  },
  relations: {
    products: {
      model: 'product',
      many: true,
      sql: `select pc.collection_id as parent, p.id from product_collections pc join products p on p.id = pc.product_id
            where pc.collection_id = any($1::int[]) order by p.bestseller_rank, p.id`,
    },
    division: { model: 'division', many: false, sql: 'select id as parent, division_id as id from collections where id = any($1::int[])' },
  },
});

export const blogPost = defineModel({
  type: 'blog_post',
  title: 'Blog post',
  from: 'blog_posts t join divisions d on d.id = t.division_id',
  id: 't.id',
  division: 't.division_id',
  owner: null,
  // Posts scheduled for later are the store's until their time comes (as blog/paginate).
  facts: { live: 'd.enabled and t.published_at <= now()' },
  visible: publicWhen('live'),
  fields: {
    id: { read: 'public', sql: 't.id' },
    divisionId: { read: 'public', sql: 't.division_id' },
    url: { read: 'public', sql: 't.url' },
    title: { read: 'public', sql: 't.title' },
    excerpt: { read: 'public', sql: 't.excerpt' },
    body: { read: 'public', sql: 't.body' },
    metaImage: { read: 'public', sql: 't.meta_image' },
    tags: { read: 'public', sql: 't.tags' },
    publishedAt: { read: 'public', sql: 't.published_at', map: toIso },
  },
  relations: {
    division: { model: 'division', many: false, sql: 'select id as parent, division_id as id from blog_posts where id = any($1::int[])' },
  },
});
