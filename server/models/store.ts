/** Store models (§3 Division/store, Page). */
import { canViewPage } from '../auth/roles';
import { atLeast, defineModel, publicWhen, toIso } from './types';

export const division = defineModel({
  type: 'division',
  title: 'Store',
  from: 'divisions t left join companies c on c.id = t.company_id left join subdomains s on s.division_id = t.id',
  id: 't.id',
  division: 't.id',
  owner: null,
  facts: { live: 't.enabled' },
  visible: publicWhen('live'),
  fields: {
    id: { read: 'public', sql: 't.id' },
    name: { read: 'public', sql: 't.name' },
    code: { read: 'public', sql: 't.code' },
    enabled: { read: 'public', sql: 't.enabled' },
    activeDomainName: { read: 'public', sql: 't.active_domain_name' },
    customDomainName: { read: 'public', sql: 's.custom_domain_name' },
    hasPro: { read: 'public', sql: 't.has_pro' },
    demographic: { read: 'public', sql: 't.demographic' },
    companyName: { read: 'public', sql: 'coalesce(c.name, t.name)' },
    logo: { read: 'public', sql: 'c.logo' },
    projectId: { read: 'store', sql: 't.project_id' },
    createdAt: { read: 'store', sql: 't.created_at', map: toIso },
    // §3 isFraud is a staff judgement.
    isFraud: { read: 'staff', sql: 't.is_fraud' },
    companyId: { read: 'staff', sql: 't.company_id' },
  },
  relations: {
    collections: { model: 'collection', many: true, sql: 'select division_id as parent, id from collections where division_id = any($1::int[]) order by position, id' },
    products: { model: 'product', many: true, sql: 'select division_id as parent, id from products where division_id = any($1::int[]) order by bestseller_rank, id' },
    pages: { model: 'page', many: true, sql: 'select division_id as parent, id from pages where division_id = any($1::int[]) order by id' },
    blogPosts: { model: 'blog_post', many: true, sql: 'select division_id as parent, id from blog_posts where division_id = any($1::int[]) order by published_at desc, id' },
  },
});

export const page = defineModel({
  type: 'page',
  title: 'Page',
  from: 'pages t join divisions d on d.id = t.division_id',
  id: 't.id',
  division: 't.division_id',
  owner: null,
  facts: {
    storeEnabled: 'd.enabled',
    published: 't.published',
    deleted: "coalesce((t.flags->>'deleted')::boolean, false)",
    loginState: "t.properties->>'loginState'",
  },
  // The store reads all its pages (the builder); others by §6 as GET divisions/{id}/pages/{pageId}/ does:
  // unpublished pages for staff only, loginState honoured, deleted pages for no one.
  visible: ({ level, facts, viewer }) =>
    atLeast(level, 'store') ||
    (facts.storeEnabled === true && facts.deleted !== true && canViewPage({ published: facts.published === true, loginState: (facts.loginState as string | null) ?? undefined }, viewer)),
  fields: {
    id: { read: 'public', sql: 't.id' },
    uuid: { read: 'public', sql: 't.uuid' },
    divisionId: { read: 'public', sql: 't.division_id' },
    url: { read: 'public', sql: 't.url' },
    layout: { read: 'public', sql: 't.layout' },
    blocks: { read: 'public', sql: 't.blocks' },
    flags: { read: 'public', sql: 't.flags' },
    properties: { read: 'public', sql: 't.properties' },
    preloadables: { read: 'public', sql: 't.preloadables' },
    version: { read: 'public', sql: 't.version' },
    published: { read: 'public', sql: 't.published' },
    sitemap: { read: 'public', sql: 't.sitemap' },
    theme: { read: 'public', sql: 't.theme' },
    edited: { read: 'public', sql: 't.edited', map: toIso },
    temporaryUrl: { read: 'store', sql: 't.temporary_url' },
    keyPhraseCampaignId: { read: 'store', sql: 't.key_phrase_campaign_id' },
    createdAt: { read: 'store', sql: 't.created_at', map: toIso },
  },
  relations: {
    division: { model: 'division', many: false, sql: 'select id as parent, division_id as id from pages where id = any($1::int[])' },
  },
});
