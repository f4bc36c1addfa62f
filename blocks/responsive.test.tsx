// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderBlock, testRegistry } from './testing/renderBlock';
import type { JsonSchema } from '../src/core/schemas/types';
import type { ResponsiveStyle } from '../src/renderer/types';

/** Every block component module, by type (the registry's glob, read here eagerly). */
const modules = import.meta.glob<{ responsiveStyle?: ResponsiveStyle }>(['./*.tsx', '!./*.test.tsx'], { eager: true });
const moduleOf = (type: string) => modules[`./${type}.tsx`];

/** Another value the property allows, for the property's own schema (enum, bounds, boolean). */
function otherValue(schema: Record<string, unknown>, current: unknown): unknown {
  const values = schema.enum as unknown[] | undefined;
  if (values) return values.find((v) => v !== current);
  if (schema.type === 'boolean') return !current;
  const min = Number(schema.minimum ?? schema.exclusiveMinimum ?? 0);
  const max = Number(schema.maximum ?? min + 10);
  return current === max ? min + (schema.exclusiveMinimum !== undefined ? (max - min) / 2 : 0) : max;
}

describe('responsive block properties reach CSS', () => {
  const registry = testRegistry();
  const types = registry.blockTypes.filter((type) => registry.responsiveProperties(type).some((name) => name !== 'hidden'));

  it('some block types have them (banner, text, spacer …)', () => {
    expect(types).toEqual(expect.arrayContaining(['banner', 'textBlock', 'spacer', 'button', 'quote', 'row']));
  });

  it.each(types)('%s maps each of its responsive properties in responsiveStyle', (type) => {
    const style = moduleOf(type)?.responsiveStyle;
    expect(style, `blocks/${type}.tsx must export responsiveStyle`).toBeTypeOf('function');
    const defaults: Record<string, unknown> = {};
    registry.validateBlockProperties(type, defaults);
    const properties = (registry.blockSchema(type)!.properties ?? {}) as Record<string, JsonSchema>;
    for (const name of registry.responsiveProperties(type).filter((n) => n !== 'hidden')) {
      let schema = properties[name] as Record<string, unknown>;
      if (typeof schema.$ref === 'string') schema = { ...(registry.schema('entities/common')!.$defs as Record<string, Record<string, unknown>>)[schema.$ref.split('/').at(-1)!], ...schema };
      const changed = { ...defaults, [name]: otherValue(schema, defaults[name]) };
      expect(registry.validateBlockProperties(type, structuredClone(changed)), `${type}.${name}`).toEqual([]);
      expect(style!(changed), `${type}.${name} changes nothing in responsiveStyle`).not.toEqual(style!(defaults));
    }
  });
});

describe('a banner aligned left on phones only', () => {
  it('draws centred text inline and switches it below 768 px with a container rule', async () => {
    const { cell } = await renderBlock('banner', { title: 'Sale' }, { responsive: { phone: { textAlign: 'left' } } });
    expect(cell.style.getPropertyValue('--banner-align')).toBe('center');
    const css = cell.querySelector('style')!.textContent;
    expect(css).toContain('@container pod-viewport (width < 768px)');
    expect(css).toContain('--banner-align:left !important');
    expect(css).toContain('--banner-copy-margin:0 auto !important');
    expect(css).not.toContain('width < 992px');
  });

  it('carries no rules without overrides', async () => {
    const { cell } = await renderBlock('banner', { title: 'Sale' });
    expect(cell.querySelector('style')).toBeNull();
  });
});

describe('hidden on a device', () => {
  it('is not displayed there on the storefront', async () => {
    const { cell } = await renderBlock('textBlock', {}, { responsive: { phone: { hidden: true } } });
    expect(cell.style.display).toBe('block');
    expect(cell.querySelector('style')!.textContent).toBe('@container pod-viewport (width < 768px){[data-block-uid="' + cell.dataset.blockUid + '"]{display:none !important}}');
  });

  it('is dimmed in the builder, where it can still be selected', async () => {
    const { cell } = await renderBlock('textBlock', { hidden: true }, { mode: 'preview', responsive: { tablet: { hidden: false } } });
    expect(cell.style.getPropertyValue('--pod-off')).toBe('1');
    expect(cell.querySelector('style')!.textContent).toContain('(width < 992px){[data-block-uid="' + cell.dataset.blockUid + '"]{--pod-off:0 !important}}');
  });
});
