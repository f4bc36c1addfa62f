import { describe, expect, it } from 'vitest';
import { editorRegistry } from '../schemas';
import { blockFormSchema, formSchemaOf } from './formSchema';
import { deriveUiSchema, GROUP_ORDER, humanise, panelGroups, WIDGET_MAP } from './uiSchema';
import { themeFamilyForms } from '../themes/themeModel';

type Node = Record<string, unknown>;
const registry = editorRegistry();

/** Every leaf property must be drawable: a label and a widget or field; objects recurse, arrays have items. */
function checkProperty(path: string, schema: Node, ui: Node, problems: string[]) {
  if (typeof ui['ui:title'] !== 'string' || ui['ui:title'] === '') problems.push(`${path}: no label`);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (ui['ui:widget'] || ui['ui:field']) return;
  if (type === 'object' && schema.properties) {
    for (const [k, s] of Object.entries(schema.properties as Record<string, Node>)) checkProperty(`${path}.${k}`, s, (ui[k] ?? {}) as Node, problems);
    return;
  }
  if (type === 'array') {
    if (!ui.items) problems.push(`${path}: array without items uiSchema`);
    return;
  }
  problems.push(`${path}: no widget (${String(type)})`);
}

describe('uiSchema derivation (no per-block code)', () => {
  it('gives every property of EVERY block schema a label and a widget, in group order', () => {
    expect(registry.blockTypes.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const type of registry.blockTypes) {
      const schema = blockFormSchema(registry, type);
      expect(JSON.stringify(schema), type).not.toContain('"$ref"');
      const ui = deriveUiSchema(schema);
      const properties = (schema.properties ?? {}) as Record<string, Node>;
      for (const [key, s] of Object.entries(properties)) checkProperty(`${type}.${key}`, s, ui[key] as Node, problems);
      // ui:order lists every property once, grouped in GROUP_ORDER first.
      const order = ui['ui:order'] as unknown as string[];
      expect(order.slice(0, -1).sort(), type).toEqual(Object.keys(properties).sort());
      const groups = panelGroups(schema).map((g) => g.name);
      const known = groups.filter((g) => (GROUP_ORDER as readonly string[]).includes(g));
      expect(known, type).toEqual(GROUP_ORDER.filter((g) => known.includes(g)));
    }
    expect(problems).toEqual([]);
  });

  it('maps x-ui widgets, help, enum labels and nested objects (banner)', () => {
    const schema = blockFormSchema(registry, 'banner');
    const ui = deriveUiSchema(schema) as Record<string, Node>;
    expect(ui.textColor!['ui:widget']).toBe('colour'); // widget came through the $ref'd colour definition + sibling group
    expect(ui.image!['ui:field']).toBe('image');
    expect(ui.font!['ui:widget']).toBe('font');
    expect(ui.overlayOpacity!['ui:widget']).toBe('range');
    expect(ui.copy!['ui:widget']).toBe('textarea');
    expect(ui.title!['ui:help']).toBe('Shown up to 50 characters.');
    expect(ui.type!['ui:enumNames']).toEqual(['Standard', 'Slim', 'Compact']);
    expect(ui.textAlign!['ui:enumNames']).toEqual(['Left', 'Centre', 'Right']);
    expect((ui.action as Record<string, Node>).href!['ui:widget']).toBe('link');
    expect((ui.action as Record<string, Node>).target!['ui:enumNames']).toEqual(['This tab', 'A new tab']);
    expect((ui['ui:order'] as unknown as string[]).slice(0, 4)).toEqual(['title', 'copy', 'image', 'textColor']);
    expect(panelGroups(schema).map((g) => g.label)).toEqual(['Content', 'Style', 'Layout', 'Action']);
  });

  it('covers every x-ui widget name the schemas use', () => {
    const used = new Set<string>();
    const walk = (n: unknown) => {
      if (n && typeof n === 'object') {
        const w = ((n as Node)['x-ui'] as Node | undefined)?.widget;
        if (typeof w === 'string') used.add(w);
        Object.values(n as Node).forEach(walk);
      }
    };
    for (const type of registry.blockTypes) walk(registry.blockSchema(type));
    for (const f of themeFamilyForms(registry)) walk(registry.schema(`themes/${f.name}`));
    expect([...used].filter((w) => !WIDGET_MAP[w])).toEqual([]);
  });

  it('theme families: x-family order, literal value schemas (no references), every property drawable', () => {
    const families = themeFamilyForms(registry);
    expect(families[0]!.name).toBe('primary');
    expect(families.map((f) => f.order)).toEqual([...families.map((f) => f.order)].sort((a, b) => a - b));
    const problems: string[] = [];
    for (const f of families) {
      expect(JSON.stringify(f.schema)).not.toContain('"if"');
      const ui = deriveUiSchema(f.schema);
      for (const [key, s] of Object.entries(f.schema.properties as Record<string, Node>)) checkProperty(`${f.name}.${key}`, s, ui[key] as Node, problems);
    }
    expect(problems).toEqual([]);
    const primary = formSchemaOf(registry, 'themes/primary').properties as Record<string, Node>;
    expect(primary['primary.color']!.pattern).toBeDefined();
  });

  it('humanises keys without a title', () => {
    expect(humanise('fullBackgroundColor')).toBe('Full background color');
    expect(humanise('productPage.thumbnails')).toBe('Thumbnails');
  });
});
