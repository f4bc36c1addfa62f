import { describe, expect, it } from 'vitest';
import { blockMessages, createSchemaRegistry } from './registry';
import type { JsonSchema, SchemaSet } from './types';

/** The §3 "Block types" list, copied from the spec on purpose: a schema file missing for any of them fails here. */
const SPEC_BLOCK_TYPES = [
  'placeholder', 'action', 'appIcon', 'badge', 'badgeProgress', 'banner', 'button', 'carousel', 'feature', 'feed',
  'gate', 'graph', 'grid', 'iframe', 'image', 'pod', 'productList', 'productMockup', 'quote', 'row', 'slide',
  'slideshow', 'socials', 'spacer', 'storeHidden', 'textBlock', 'youtube', 'expandable', 'proBenefits',
  'remillReturn', 'newsletterSubscribe', 'card', 'announcement', 'announcementV2', 'summary', 'interactions',
  'mailContactForm', 'priceBreakdown', 'profitPerMonth', 'studioSuggestion', 'affiliateAttribution',
  'affiliateSettings', 'affiliateStats', 'taglets', 'tag', 'liveChat', 'catalog', 'html',
] as const;

const byName = (modules: Record<string, unknown>): Record<string, JsonSchema> =>
  Object.fromEntries(Object.entries(modules).map(([file, doc]) => [file.replace(/^.*\/([^/]+)\.json$/, '$1'), doc as JsonSchema]));

// Vite's glob import keeps src/core free of Node built-ins (DESIGN §2).
const set: SchemaSet = {
  blocks: byName(import.meta.glob('../../../schemas/blocks/*.json', { eager: true, import: 'default' })),
  entities: byName(import.meta.glob('../../../schemas/entities/*.json', { eager: true, import: 'default' })),
  themes: byName(import.meta.glob('../../../schemas/themes/*.json', { eager: true, import: 'default' })),
  rules: byName(import.meta.glob('../../../schemas/rules/*.json', { eager: true, import: 'default' })),
};
const registry = createSchemaRegistry(set);

type Schema = Record<string, unknown>;
const blockDoc = (type: string) => set.blocks[type] as Schema & { 'x-block': Schema; properties: Record<string, Schema> };
const commonDef = (name: string) => ((set.entities.common as Schema).$defs as Record<string, Schema>)[name]!;
/** A fresh block's properties: {} plus every default the schema fills in. */
const defaultsOf = (type: string, properties: Schema = {}) => {
  const errors = registry.validateBlockProperties(type, properties);
  expect(errors).toEqual([]);
  return properties;
};
/** Every subschema of a document, to check rules that hold at any depth. */
function* subschemas(node: unknown, path = ''): Generator<[string, Schema]> {
  if (node === null || typeof node !== 'object') return;
  if (!Array.isArray(node)) yield [path, node as Schema];
  for (const [key, child] of Object.entries(node)) {
    if (key === 'default' || key === 'enum' || key === 'x-enumLabels' || key === 'x-block' || key === 'x-ui') continue;
    yield* subschemas(child, `${path}/${key}`);
  }
}

describe('block schema files', () => {
  it('exist for exactly the §3 block types', () => {
    expect([...registry.blockTypes].sort()).toEqual([...SPEC_BLOCK_TYPES].sort());
  });

  describe.each(SPEC_BLOCK_TYPES)('%s', (type) => {
    it('is a valid block type document (entities/blockType.json)', () => {
      expect(set.blocks[type], `schemas/blocks/${type}.json is missing`).toBeDefined();
      expect(registry.validate('entities/blockType', structuredClone(set.blocks[type]))).toEqual([]);
    });

    it('has a coherent x-block annotation', () => {
      const meta = registry.blockMeta(type)!;
      expect(meta.title).toBe(blockDoc(type).title);
      expect(meta.size.default).toBeGreaterThanOrEqual(meta.size.min);
      for (const accepted of meta.container?.accepts ?? []) {
        if (accepted !== '*') expect(registry.blockTypes).toContain(accepted);
      }
    });

    it('labels every enum value', () => {
      for (const [path, schema] of subschemas(blockDoc(type).properties)) {
        if (Array.isArray(schema.enum) && schema['x-enumLabels'] !== undefined) {
          expect((schema['x-enumLabels'] as unknown[]).length, path).toBe(schema.enum.length);
        }
        if (Array.isArray(schema.enum) && schema.$ref === undefined) expect(schema['x-enumLabels'], `${path} has no x-enumLabels`).toBeDefined();
      }
    });

    it('accepts a fresh block: every default is valid', () => {
      defaultsOf(type);
    });
  });
});

describe('§3 block defaults', () => {
  it.each([
    ['button', { text: 'Button Text', href: '#', buttonStyle: 'secondary' }],
    ['pod', { ratio: 'square', textAlign: 'center', textSize: 'large' }],
    ['quote', { font: 'Lato', fontSize: 24, align: 'right', textColor: '#222', backgroundColor: '#fff', borderRadius: '4px' }],
    ['newsletterSubscribe', { title: "Don't Miss Out", font: 'Lato' }],
    ['mailContactForm', { title: 'Contact us' }],
    ['iframe', { height: 1000 }],
    ['productList', { sortBy: 'bestsellerOrder', limit: 4 }],
    ['slideshow', { speed: 5000, mode: 'slideshow', compact: true }],
    ['youtube', { ratio: 'short' }],
    ['spacer', { ratio: 'regular' }],
    ['priceBreakdown', { chartType: 'storefront' }],
    ['row', { spacing: 1 }],
    ['liveChat', { group: 'general', buttonStyle: 'default', showAfterSeconds: 0 }],
    ['socials', { limit: 20 }],
    ['banner', { overlayOpacity: 0.15 }],
  ] as const)('%s defaults to %o', (type, expected) => {
    expect(defaultsOf(type)).toMatchObject(expected);
  });

  it.each([
    ['button', 6],
    ['pod', 3],
    ['quote', 6],
    ['youtube', 6],
  ])('%s is %i columns wide by default', (type, columns) => {
    expect(registry.blockMeta(type)?.size.default).toBe(columns);
    expect(registry.defaultSize(type).x).toBe(columns);
  });

  it.each([
    ['pod', ['title', 'copy', 'price', 'salePrice', 'badge', 'pricePrefix', 'image', 'video', 'buttonText', 'href']],
    ['row', ['direction', 'align', 'spacing', 'reversed', 'backgroundImage', 'directionOnDesktop', 'directionOnMobile']],
    ['liveChat', ['group', 'title', 'body', 'image', 'buttonStyle', 'buttonText', 'showAfterSeconds']],
    ['newsletterSubscribe', ['title', 'font', 'mailingList']],
    ['mailContactForm', ['title', 'contactEmail']],
    ['iframe', ['height', 'code', 'src']],
    ['image', ['image', 'ratio', 'link', 'zoom']],
    ['expandable', ['question', 'answer']],
    ['html', ['html']],
    ['announcement', ['action', 'alignment']],
    ['announcementV2', ['action', 'alignment']],
  ] as const)('%s has the fields %j', (type, fields) => {
    expect(Object.keys(blockDoc(type).properties)).toEqual(expect.arrayContaining([...fields]));
  });

  it.each([
    ['pod', 'Content'],
    ['productMockup', 'Product Suggestion'],
  ])('%s is titled %s', (type, title) => {
    expect(registry.blockMeta(type)?.title).toBe(title);
  });

  it('feature is a mail-only block', () => {
    expect(registry.blockMeta('feature')?.compatibility).toEqual(['mail']);
  });

  it.each(['affiliateStats', 'affiliateSettings', 'graph', 'summary', 'profitPerMonth', 'badgeProgress'])(
    '%s is a dashboard block, not a storefront one',
    (type) => {
      expect(registry.blockMeta(type)?.compatibility).toContain('dashboard');
      expect(registry.blockMeta(type)?.compatibility).not.toContain('storefront');
    },
  );

  it('mail contact form requires a valid contact email', () => {
    expect(registry.validateBlockProperties('mailContactForm', { contactEmail: 'shop@example.com' })).toEqual([]);
    expect(registry.validateBlockProperties('mailContactForm', { contactEmail: 'not an email' })).toEqual([
      { path: '/properties/contactEmail', message: 'Please enter a valid email address' },
    ]);
  });
});

describe('enumerations', () => {
  const enumOf = (schema: Schema | undefined) => schema?.enum;
  it.each([
    ['common ratio (§3)', () => enumOf(commonDef('ratio')), ['wide', 'short', '4:3', 'square', 'tall']],
    ['common text shadow (§3)', () => enumOf(commonDef('textShadow')), ['none', 'light', 'medium', 'heavy']],
    ['common button style (§3)', () => enumOf(commonDef('buttonStyle')), ['primary', 'secondary', 'warning', 'primary|secondary']],
    ['banner type (§3)', () => enumOf(blockDoc('banner').properties.type), ['standard', 'slim', 'compact']],
    ['slideshow mode (§3)', () => enumOf(blockDoc('slideshow').properties.mode), ['slideshow', 'random', 'single']],
    ['row align (§3)', () => enumOf(blockDoc('row').properties.align), ['top', 'center', 'bottom']],
    ['live chat group (§6, §9)', () => enumOf(blockDoc('liveChat').properties.group), ['general', 'pro', 'integrations', 'support', 'studio']],
    ['button icon position (§5.2)', () => enumOf(blockDoc('button').properties.iconPosition), ['left', 'right']],
  ] as const)('%s', (_name, actual, expected) => {
    expect(actual()).toEqual(expected);
  });
});

describe('§5.2 bounds', () => {
  const ok: never[] = [];
  it.each([
    ['banner', { fontScale: 0 }, [{ path: '/properties/fontScale', message: 'Must be greater than 0' }]],
    ['banner', { fontScale: 1.1 }, [{ path: '/properties/fontScale', message: 'Must be at most 1' }]],
    ['banner', { fontScale: 1 }, ok],
    ['banner', { fontScale: 0.3 }, ok],
    ['pod', { titleSize: -1 }, [{ path: '/properties/titleSize', message: 'Must be between 0 and 4' }]],
    ['pod', { titleSize: 5 }, [{ path: '/properties/titleSize', message: 'Must be between 0 and 4' }]],
    ['pod', { titleSize: 0 }, ok],
    ['pod', { titleSize: 4 }, ok],
    [
      'pod',
      { buttonStyles: { textColor: '#fff', backgroundColor: '#000', borderColor: '#000', borderRadius: '4px', fill: false } },
      ok,
    ],
    ['pod', { buttonStyles: { fontSize: '12px' } }, [{ path: '/properties/buttonStyles/fontSize', message: 'is not a known property' }]],
    ['announcement', { action: { style: 'none' }, alignment: 'space-between' }, ok],
    [
      'announcement',
      { action: { style: 'warning' } },
      [{ path: '/properties/action/style', message: 'must be one of: primary, secondary, none' }],
    ],
    ['announcement', { alignment: 'justify' }, [{ path: '/properties/alignment', message: 'must be one of: left, center, right, space-between' }]],
    ['announcementV2', { action: { style: 'secondary' }, alignment: 'left' }, ok],
    ['announcementV2', { alignment: 'top' }, [{ path: '/properties/alignment', message: 'must be one of: left, center, right, space-between' }]],
    ['button', { iconPosition: 'right' }, ok],
    ['button', { iconPosition: 'top' }, [{ path: '/properties/iconPosition', message: 'must be one of: left, right' }]],
    ['quote', { textColor: '#22' }, [{ path: '/properties/textColor', message: 'Must be a hex colour such as #1a2b3c' }]],
    ['iframe', { code: '<script>alert(1)</script>' }, [{ path: '/properties/code', message: 'Invalid Embed Code' }]],
    ['iframe', { code: '<iframe src="https://example.com/embed"></iframe>' }, ok],
    ['pod', { unknownField: 1 }, [{ path: '/properties/unknownField', message: 'is not a known property' }]],
    ['pod', { published: false, conditions: ['isPro'] }, ok],
  ] as const)('%s %j', (type, properties, expected) => {
    expect(registry.validateBlockProperties(type, structuredClone(properties))).toEqual(expected);
  });
});

describe('containment and §8 block messages', () => {
  let uid = 0;
  const b = (type: string | undefined, items: unknown[] = [], properties: Schema = {}) => ({ uid: `b${++uid}`, type, items, properties });

  it.each([
    ['a slideshow holds slides', [b('slideshow', [b('slide'), b('slide', [b('textBlock')])])], []],
    [
      'a slideshow accepts only slides',
      [b('slideshow', [b('textBlock')])],
      [{ path: '/blocks/0/items/0/type', message: blockMessages.notAccepted('textBlock', 'slideshow') }],
    ],
    ['a row may contain a row', [b('row', [b('row', [b('textBlock'), b('image')])])], []],
    ['grid and carousel accept any block', [b('grid', [b('pod'), b('pod')]), b('carousel', [b('card'), b('quote')])], []],
    ['a text block cannot contain items', [b('textBlock', [b('button')])], [{ path: '/blocks/0/items', message: blockMessages.notContainer('textBlock') }]],
    ['an unregistered type is reported', [b('x')], [{ path: '/blocks/0/type', message: "Block type of x hasn't been registered" }]],
    ['a block without a type is reported', [b(undefined)], [{ path: '/blocks/0/type', message: 'Unable to make block, no type was defined' }]],
    [
      'errors inside children carry their path',
      [b('row', [b('pod', [], { titleSize: 5 })])],
      [{ path: '/blocks/0/items/0/properties/titleSize', message: 'Must be between 0 and 4' }],
    ],
  ])('%s', (_name, blocks, expected) => {
    expect(registry.validateBlocks(blocks)).toEqual(expected);
  });
});

describe('per-device settings (x-ui.responsive)', () => {
  const banner = (responsive: unknown) => [{ uid: 'r1', type: 'banner', items: [], properties: {}, responsive }];

  it('lists the responsive properties of a type, its own and hidden (which every block has)', () => {
    expect(registry.responsiveProperties('banner')).toEqual(['fontScale', 'textAlign', 'hidden']);
    expect(registry.responsiveProperties('youtube')).toEqual(['hidden']);
    expect(registry.responsiveProperties('nope')).toEqual([]);
  });

  it('accepts overrides of responsive properties, filling no defaults into them', () => {
    const blocks = banner({ phone: { textAlign: 'left', hidden: true }, tablet: { fontScale: 0.6 } });
    expect(registry.validateBlocks(blocks)).toEqual([]);
    expect(blocks[0]!.responsive).toEqual({ phone: { textAlign: 'left', hidden: true }, tablet: { fontScale: 0.6 } });
  });

  it.each([
    ['a property that is the same on every device', { phone: { title: 'Sale' } }, '/blocks/0/responsive/phone/title', blockMessages.notResponsive('Title')],
    ['a property the type does not have', { tablet: { colour: 'red' } }, '/blocks/0/responsive/tablet/colour', blockMessages.notResponsive('colour')],
    ['a value its property refuses', { phone: { textAlign: 'middle' } }, '/blocks/0/responsive/phone/textAlign', 'must be one of: left, center, right'],
    ['a number out of bounds', { tablet: { fontScale: 2 } }, '/blocks/0/responsive/tablet/fontScale', 'Must be at most 1'],
    ['desktop, which is the properties themselves', { desktop: { textAlign: 'left' } }, '/blocks/0/responsive', "Only tablet and phone settings can be overridden: desktop settings are the block's properties"],
  ])('refuses %s', (_name, responsive, path, message) => {
    expect(registry.validateBlocks(banner(responsive))).toEqual([{ path, message }]);
  });

  it('checks only responsive properties (a non-scalar one could not be switched by CSS)', () => {
    for (const type of registry.blockTypes) {
      const doc = blockDoc(type);
      for (const name of registry.responsiveProperties(type).filter((n) => n !== 'hidden')) {
        const schema = doc.properties[name]!;
        const target = typeof schema.$ref === 'string' ? commonDef(schema.$ref.split('/').at(-1)!) : schema;
        const scalar = Array.isArray(target.enum) || ['number', 'integer', 'boolean'].includes(String(target.type));
        expect(scalar, `${type}.${name} must be a choice, a number or on/off`).toBe(true);
        expect((schema['x-ui'] as Schema).widget, `${type}.${name}`).not.toBe('richtext');
      }
    }
  });
});
