import { useCallback, useMemo } from 'react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useEditor, useEditorStore, type PagePatch } from '../store';
import { ScheduleSection } from '../history/ScheduleSection';
import { editorRegistry } from '../schemas';
import type { SchemaRegistry } from '../../core/schemas/registry';
import type { JsonSchema, ValidationError } from '../../core/schemas/types';
import type { PageDocument } from '../../core/storeData';
import { formSchemaOf } from './formSchema';
import { deriveUiSchema } from './uiSchema';
import { SchemaForm } from './SchemaForm';
import './panels.css';

/** §3 Page fields the panel edits: those inside page.properties, and those on the page itself. */
const PROPERTY_KEYS = ['title', 'description', 'ogImage', 'isSearchable', 'loginState', 'ySpacing'] as const;
const PAGE_KEYS = ['url', 'layout', 'published', 'sitemap'] as const;

/** page.json carries no editor hints; these give its fields labels, groups, help and widgets. */
const HINTS: Record<string, Record<string, unknown>> = {
  title: { title: 'Title', 'x-ui': { group: 'content', help: 'Shown in the browser tab and search results.' } },
  description: { title: 'Description', 'x-ui': { widget: 'textarea', group: 'content', help: 'The summary search engines and social cards show.' } },
  ogImage: { title: 'Social image', 'x-ui': { widget: 'image', group: 'content', help: 'Shown when the page is shared.' } },
  url: { title: 'Address', 'x-ui': { group: 'settings', help: 'Lower-case words and dashes, starting and ending with /.' } },
  layout: { title: 'Layout', 'x-enumLabels': ['Tool', 'Blank', 'Standard', 'Studio', 'Mail', 'Cart', 'Search'], 'x-ui': { group: 'layout' } },
  ySpacing: { title: 'Space between blocks (px)', 'x-ui': { widget: 'number', group: 'layout' } },
  loginState: { title: 'Who can see it', 'x-enumLabels': ['Everyone', 'Signed-in shoppers', 'Signed-out visitors', 'Store team (dashboard access)'], 'x-ui': { group: 'settings' } },
  published: { title: 'Published', 'x-ui': { group: 'settings', help: 'Unpublished pages are seen only by the store team.' } },
  isSearchable: { title: 'Show in store search', 'x-ui': { group: 'settings' } },
  sitemap: { title: 'List in the sitemap', 'x-ui': { group: 'settings' } },
};

/** The page panel's form schema: §3 Page fields flattened to one level, with the hints above. */
export function pageFormSchema(registry: SchemaRegistry, homepage: boolean): JsonSchema {
  const page = formSchemaOf(registry, 'entities/page') as { properties: Record<string, JsonSchema & { properties?: Record<string, JsonSchema> }> };
  const inner = page.properties.properties?.properties ?? {};
  const properties: Record<string, unknown> = {};
  for (const key of PROPERTY_KEYS) if (inner[key]) properties[key] = { ...inner[key], ...HINTS[key] };
  for (const key of PAGE_KEYS) if (page.properties[key] && !(key === 'url' && homepage)) properties[key] = { ...page.properties[key], ...HINTS[key] };
  return { type: 'object', properties, required: ['title'] };
}

const flatten = (page: PageDocument, homepage: boolean): Record<string, unknown> => {
  const data: Record<string, unknown> = {};
  for (const key of PROPERTY_KEYS) if (page.properties[key] !== undefined) data[key] = page.properties[key];
  for (const key of PAGE_KEYS) if (!(key === 'url' && homepage)) data[key] = page[key];
  return data;
};

/** Validates the flattened fields as the page they would make; errors keyed by the flat field. */
export function pageErrors(registry: SchemaRegistry, page: PageDocument, data: Record<string, unknown>): ValidationError[] {
  const doc: Record<string, unknown> = { ...structuredClone({ ...page, blocks: [] }), properties: { ...structuredClone(page.properties) } };
  for (const key of PROPERTY_KEYS) if (key in data) (doc.properties as Record<string, unknown>)[key] = structuredClone(data[key]);
  for (const key of PAGE_KEYS) if (key in data) doc[key] = data[key];
  return registry
    .validate('entities/page', doc)
    .map((e) => ({ ...e, path: e.path.replace(/^\/properties(?=\/)/, '') }))
    .filter((e) => [...PROPERTY_KEYS, ...PAGE_KEYS].some((k) => e.path === `/${k}` || e.path.startsWith(`/${k}/`)));
}

/** Page properties (§3 Page) → store.updatePage. The homepage's address cannot change. */
export function PagePanel() {
  const editor = useEditorStore();
  const page = useEditor((s) => s.page);
  const divisionId = useEditor((s) => s.divisionId);
  const registry = editorRegistry();
  const homepage = page?.flags.homepage === true;
  const schema = useMemo(() => pageFormSchema(registry, homepage), [registry, homepage]);
  const uiSchema = useMemo<UiSchema>(() => deriveUiSchema(schema), [schema]);
  const formData = useMemo(() => (page ? flatten(page, homepage) : {}), [page, homepage]);
  const validate = useCallback((data: Record<string, unknown>) => (page ? pageErrors(registry, page, data) : []), [registry, page]);
  const onChange = useCallback((patch: Record<string, unknown>) => {
    const top: Record<string, unknown> = {};
    const properties: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(patch)) {
      if ((PAGE_KEYS as readonly string[]).includes(key)) top[key] = value;
      else properties[key] = value;
    }
    editor.getState().updatePage({ ...top, ...(Object.keys(properties).length ? { properties } : {}) } as PagePatch);
  }, [editor]);
  if (!page) return <p className="panel-empty">Loading the page…</p>;
  return (
    <section className="panel" aria-label="Page properties">
      <header className="panel-header">
        <h2>Page</h2>
        <span className="panel-header__type">{homepage ? 'Homepage' : page.url}</span>
      </header>
      <SchemaForm scope={`page-${page.id}`} idPrefix="page" schema={schema as RJSFSchema} uiSchema={uiSchema} formData={formData} divisionId={divisionId} validate={validate} onChange={onChange} />
      <ScheduleSection />
    </section>
  );
}
