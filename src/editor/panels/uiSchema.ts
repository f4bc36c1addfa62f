/**
 * uiSchema derived from the schemas' editor hints — no per-block code. Every property gets a label
 * (title, else its key in words), a widget (x-ui.widget, else one inferred from its type), its help text
 * (x-ui.help), enum labels (x-enumLabels) and a group (x-ui.group). The root's properties are ordered by
 * group (GROUP_ORDER, then any other group in first-seen order), then x-ui.order, then schema order; the
 * groups are passed to the root ObjectFieldTemplate (ui:options.groups), which draws collapsible sections.
 */
import type { UiSchema } from '@rjsf/utils';
import type { JsonSchema } from '../../core/schemas/types';

export const GROUP_ORDER = ['content', 'style', 'layout', 'action', 'data', 'settings'] as const;
export const DEFAULT_GROUP = 'settings';

const GROUP_LABELS: Record<string, string> = {
  content: 'Content',
  style: 'Style',
  layout: 'Layout',
  action: 'Action',
  data: 'Data',
  settings: 'Settings',
  behaviour: 'Behaviour',
  price: 'Price',
};

export interface PanelGroup {
  name: string;
  label: string;
  fields: string[];
}

type Node = Record<string, unknown>;
type XUi = { widget?: string; group?: string; help?: string; order?: number };

/**
 * x-ui widget name → how rjsf draws it: a custom widget or field of src/editor/panels/widgets, or an rjsf
 * built-in. Names not listed fall back to the type's default.
 */
export const WIDGET_MAP: Record<string, UiSchema> = {
  color: { 'ui:widget': 'colour' },
  image: { 'ui:field': 'image' },
  link: { 'ui:widget': 'link' },
  richtext: { 'ui:widget': 'richtext' },
  product: { 'ui:widget': 'product' },
  collection: { 'ui:widget': 'collection' },
  font: { 'ui:widget': 'font' },
  icon: { 'ui:widget': 'icon' },
  textarea: { 'ui:widget': 'textarea', 'ui:options': { rows: 4 } },
  range: { 'ui:widget': 'range' },
  code: { 'ui:widget': 'code' },
  length: { 'ui:widget': 'length' },
  video: { 'ui:widget': 'text', 'ui:options': { inputType: 'url' }, 'ui:placeholder': 'https://…' },
  email: { 'ui:widget': 'email' },
  datetime: { 'ui:widget': 'datetime' },
  checkboxes: { 'ui:widget': 'checkboxes', 'ui:options': { inline: true } },
  select: { 'ui:widget': 'select' },
  checkbox: { 'ui:widget': 'checkbox' },
  text: { 'ui:widget': 'text' },
  number: { 'ui:widget': 'updown' },
};

/** "fullBackgroundColor" → "Full background color"; "productPage.thumbnails" → "Thumbnails". */
export function humanise(key: string): string {
  const last = key.split('.').at(-1) ?? key;
  const words = last
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const groupLabel = (name: string): string => GROUP_LABELS[name] ?? humanise(name);

const typeOf = (schema: Node): string | undefined => {
  const t = schema.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return t.find((x) => x !== 'null') as string | undefined;
  if (schema.properties) return 'object';
  if (schema.enum) return 'string';
  return undefined;
};

/** The widget for one schema node (x-ui hint or type). */
function widgetOf(schema: Node): UiSchema {
  const hint = (schema['x-ui'] as XUi | undefined)?.widget;
  if (hint && WIDGET_MAP[hint]) return WIDGET_MAP[hint]!;
  const type = typeOf(schema);
  if (Array.isArray(schema.enum)) return { 'ui:widget': 'select' };
  if (type === 'boolean') return { 'ui:widget': 'checkbox' };
  if (type === 'integer' || type === 'number') {
    const bounded = typeof schema.minimum === 'number' && typeof schema.maximum === 'number' && (schema.maximum as number) - (schema.minimum as number) <= 1;
    return bounded ? { 'ui:widget': 'range' } : { 'ui:widget': 'updown' };
  }
  if (type === 'string') return typeof schema.maxLength === 'number' && schema.maxLength > 300 ? { 'ui:widget': 'textarea', 'ui:options': { rows: 4 } } : { 'ui:widget': 'text' };
  return {};
}

/** uiSchema of one property (recursing into objects and array items). */
export function fieldUiSchema(key: string, schema: Node): UiSchema {
  const xui = (schema['x-ui'] ?? {}) as XUi;
  const ui: UiSchema = { 'ui:title': typeof schema.title === 'string' ? schema.title : humanise(key) };
  const type = typeOf(schema);
  if (xui.widget && WIDGET_MAP[xui.widget]) Object.assign(ui, structuredClone(WIDGET_MAP[xui.widget]!));
  else if (type === 'object' && isNode(schema.properties)) {
    const props = schema.properties as Record<string, Node>;
    for (const [child, childSchema] of Object.entries(props)) ui[child] = fieldUiSchema(child, childSchema);
  } else if (type === 'array' && isNode(schema.items)) {
    const items = schema.items as Node;
    const itemUi = isNode(items.properties) ? fieldUiSchema('item', items) : {};
    if (Array.isArray(items.enum) && Array.isArray(items['x-enumLabels'])) itemUi['ui:enumNames'] = items['x-enumLabels'] as string[];
    ui.items = itemUi;
    if (Array.isArray(items.enum)) ui['ui:widget'] = 'checkboxes';
  } else Object.assign(ui, widgetOf(schema));
  if (xui.help) ui['ui:help'] = xui.help;
  if (Array.isArray(schema['x-enumLabels'])) ui['ui:enumNames'] = schema['x-enumLabels'] as string[];
  return ui;
}

const isNode = (v: unknown): v is Node => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The group a top-level property belongs to. */
export const groupOf = (schema: Node): string => (schema['x-ui'] as XUi | undefined)?.group ?? DEFAULT_GROUP;

/** Groups of a form's root properties in display order. */
export function panelGroups(schema: JsonSchema): PanelGroup[] {
  const properties = (schema.properties ?? {}) as Record<string, Node>;
  const entries = Object.entries(properties).map(([key, s], index) => ({ key, group: groupOf(s), order: (s['x-ui'] as XUi | undefined)?.order ?? index }));
  const names: string[] = [...GROUP_ORDER.filter((g) => entries.some((e) => e.group === g))];
  for (const e of entries) if (!names.includes(e.group)) names.push(e.group);
  return names.map((name) => ({
    name,
    label: groupLabel(name),
    fields: entries
      .filter((e) => e.group === name)
      .sort((a, b) => a.order - b.order)
      .map((e) => e.key),
  }));
}

/** The whole form's uiSchema: every property, ordered by group, with the groups for the root template. */
export function deriveUiSchema(schema: JsonSchema, overrides: Record<string, UiSchema> = {}): UiSchema {
  const properties = (schema.properties ?? {}) as Record<string, Node>;
  const groups = panelGroups(schema);
  const ui: UiSchema = { 'ui:order': [...groups.flatMap((g) => g.fields), '*'], 'ui:options': { groups } };
  for (const [key, s] of Object.entries(properties)) ui[key] = { ...fieldUiSchema(key, s), ...(overrides[key] ?? {}) };
  return ui;
}

const uiCache = new WeakMap<JsonSchema, UiSchema>();
/** deriveUiSchema, memoised per (cached) form schema. */
export function uiSchemaOf(schema: JsonSchema): UiSchema {
  let ui = uiCache.get(schema);
  if (!ui) uiCache.set(schema, (ui = deriveUiSchema(schema)));
  return ui;
}
