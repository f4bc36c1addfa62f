import { randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';
import type { SchemaRegistry } from '../../src/core/schemas/registry';
import { renumber } from '../../src/core/blocks/tree';
import { startStoreSetup } from '../setup/storeSetup';
import { sanitizeBlockHtml } from '../pages/sanitizeBlocks';

/** The domain new stores get a subdomain of (STORE_BASE_DOMAIN, default pod.local). */
export const storeBaseDomain = () => process.env.STORE_BASE_DOMAIN ?? 'pod.local';

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30) || 'store';

/**
 * Creates a store for a new owner (§7 shop/customer/create with should_have_store=1): a project, a company,
 * a division with a unique code, its subdomain (theme naked) and a home page; the user becomes its owner.
 */
export async function createStoreFor(tx: Queryable, registry: SchemaRegistry, user: { id: number; email: string; firstName: string }): Promise<number> {
  const base = user.firstName.trim() || user.email.split('@')[0] || 'My';
  const name = `${base}'s store`;
  const code = `${slug(base)}-${randomBytes(3).toString('hex')}`;
  const project = await tx.query<{ id: number }>('insert into projects (name) values ($1) returning id', [name]);
  const company = await tx.query<{ id: number }>('insert into companies (name) values ($1) returning id', [name]);
  const division = await tx.query<{ id: number }>(
    'insert into divisions (name, code, company_id, active_domain_name, project_id) values ($1, $2, $3, $4, $5) returning id',
    [name, code, company.rows[0]!.id, `${code}.${storeBaseDomain()}`, project.rows[0]!.id],
  );
  const divisionId = division.rows[0]!.id;
  await tx.query(`insert into subdomains (division_id, theme) values ($1, 'naked')`, [divisionId]);
  const doc = {
    url: '/',
    layout: 'standard',
    flags: { homepage: true },
    properties: { title: name },
    blocks: [{ order: 0, uid: `welcome-${randomBytes(4).toString('hex')}`, type: 'textBlock', properties: { text: `<h1>Welcome to ${escapeText(name)}</h1><p>This is your home page. Open it in the editor to make it yours.</p>`, align: 'center' } }],
  };
  const errors = registry.validatePage(doc);
  if (errors.length > 0) throw new Error(`New store home page is invalid: ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`);
  renumber(doc.blocks);
  sanitizeBlockHtml(registry, doc.blocks);
  await tx.query('insert into pages (uuid, division_id, url, layout, blocks, flags, properties) values ($1, $2, $3, $4, $5, $6, $7)', [
    randomUUID(),
    divisionId,
    doc.url,
    doc.layout,
    JSON.stringify(doc.blocks),
    JSON.stringify(doc.flags),
    JSON.stringify(doc.properties),
  ]);
  await tx.query(`insert into store_members (division_id, user_id, role) values ($1, $2, 'owner')`, [divisionId, user.id]);
  await startStoreSetup(tx, divisionId);
  return divisionId;
}

const escapeText = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
