import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSchemaRegistry } from '../src/core/schemas/registry';
import { versionMessages } from '../src/core/blocks/upgrade';
import type { ValidationError } from '../src/core/schemas/types';
import { readSchemaSet } from '../server/schemas/load';
import { fromRoot } from '../server/paths';
import { collectFiles, detectKind, run, splitAnnotations, validateDocument, validateFile } from './validate/lib';

const schemas = readSchemaSet();
const registry = createSchemaRegistry(schemas);
/** The same schemas with a stand-in theme schema, so theme handling is tested whether or not the real one exists yet. */
const withTheme = createSchemaRegistry({
  ...schemas,
  themes: {
    theme: {
      $id: 'https://schemas.pod.local/themes/theme.json',
      type: 'object',
      properties: { name: { type: 'string', minLength: 1 }, parent: { type: 'string' }, deprecated: { type: 'boolean' }, properties: { type: 'object' } },
      required: ['name'],
    },
  },
});
const withoutTheme = createSchemaRegistry({ ...schemas, themes: {} });

describe('detectKind', () => {
  it.each([
    ['$schema relative path to the page schema', { $schema: '../../entities/page.json' }, { kind: 'page' }],
    ['$schema $id of the block envelope', { $schema: 'https://schemas.pod.local/entities/block.json' }, { kind: 'block' }],
    ['$schema of the theme schema', { $schema: '../themes/theme.json' }, { kind: 'theme' }],
    ['$schema of a block type', { $schema: '../../blocks/banner.json' }, { kind: 'blockProperties', type: 'banner' }],
    ['a block schema document', { $schema: 'https://json-schema.org/draft/2020-12/schema', 'x-block': {} }, { kind: 'blockType' }],
    ['url and blocks', { url: '/', blocks: [] }, { kind: 'page' }],
    ['type and uid', { type: 'pod', uid: 'a' }, { kind: 'block' }],
    ['dotted property keys', { name: 'x', properties: { 'primary.color': '#000' } }, { kind: 'theme' }],
    ['name and parent', { name: 'punch', parent: 'naked' }, { kind: 'theme' }],
    ['name and deprecated', { name: 'tokyo', deprecated: true }, { kind: 'theme' }],
    ['an array', [{ type: 'pod', uid: 'a' }], { kind: 'blocks' }],
  ] as const)('%s', (_name, doc, expected) => {
    expect(detectKind(doc)).toEqual(expected);
  });

  it.each([
    ['an unknown $schema', { $schema: '../entities/order.json' }, 'unknown $schema ../entities/order.json'],
    ['a plain JSON Schema', { $schema: 'https://json-schema.org/draft/2020-12/schema' }, 'a JSON Schema document that is not a block type'],
    ['a shapeless object', { hello: 'world' }, 'cannot tell what this document is (add a $schema)'],
    ['a scalar', 42, 'not a JSON object or array'],
  ])('%s is unknown', (_name, doc, reason) => {
    expect(detectKind(doc)).toEqual({ kind: 'unknown', reason });
  });
});

describe('splitAnnotations', () => {
  it('removes $schema and x-expect and returns the expectations', () => {
    const expectList = [{ path: '/type', message: 'm' }];
    const doc = { $schema: '../../entities/block.json', 'x-expect': expectList, uid: 'a', type: 'pod' };
    expect(splitAnnotations(doc)).toEqual({ data: { uid: 'a', type: 'pod' }, expect: expectList });
    expect(doc).toHaveProperty('$schema'); // the parsed document itself is left alone
  });
});

describe('validateDocument', () => {
  it('validates a theme when the theme schema exists', () => {
    expect(validateDocument(withTheme, { name: 'punch', parent: 'naked' })).toEqual({ kind: 'theme', errors: [] });
    expect(validateDocument(withTheme, { parent: 'naked', deprecated: true, name: '' }).errors).toEqual([
      { path: '/name', message: 'This field is required' },
    ]);
  });

  it('skips a theme, without failing, while there is no theme schema', () => {
    expect(validateDocument(withoutTheme, { name: 'punch', parent: 'naked' })).toEqual({
      kind: 'theme',
      errors: [],
      skipped: 'no theme schema (schemas/themes/theme.json) to validate against',
    });
  });

  it('reports a lone block relative to the block, and a blocks array by index', () => {
    expect(validateDocument(registry, { uid: 'a', type: 'nope' }).errors).toEqual([{ path: '/type', message: "Block type of nope hasn't been registered" }]);
    expect(validateDocument(registry, [{ uid: 'a', type: 'pod' }, { uid: 'b', type: 'nope' }]).errors).toEqual([
      { path: '/1/type', message: "Block type of nope hasn't been registered" },
    ]);
  });

  it('checks block schema documents against entities/blockType.json', () => {
    const doc = structuredClone(schemas.blocks.quote!);
    delete (doc as Record<string, unknown>)['x-block'];
    doc['x-block'] = { title: 'Quote' };
    const { data } = splitAnnotations(doc);
    expect(validateDocument(registry, splitAnnotations(schemas.blocks.quote).data)).toEqual({ kind: 'blockType', errors: [] });
    expect(validateDocument(registry, data).errors.map((e) => e.path)).toEqual([
      '/x-block/version',
      '/x-block/compatibility',
      '/x-block/container',
      '/x-block/size',
      '/x-block/icon',
      '/x-block/category',
    ]);
  });
});

describe('fixtures (schemas/fixtures)', () => {
  const fixtureDir = fromRoot('schemas/fixtures');
  const list = (kind: 'valid' | 'invalid') => collectFiles([path.join(fixtureDir, kind)]).files;

  it('has fixtures of both kinds', () => {
    expect(list('valid').length).toBeGreaterThanOrEqual(3);
    expect(list('invalid').length).toBeGreaterThanOrEqual(8);
  });

  it.each(list('valid').map((file) => [path.basename(file), file]))('valid/%s produces no errors', (_name, file) => {
    const result = validateFile(registry, file);
    expect(result.kind).not.toBe('unknown');
    expect(result.expect).toBeUndefined();
    expect(result.errors).toEqual([]);
  });

  it.each(collectFiles([path.join(fixtureDir, 'migrations')]).files.map((file) => [path.relative(fixtureDir, file), file]))(
    '%s (blocks as saved under an old schema version, or their upgraded twin) passes once upgraded',
    (_name, file) => {
      const result = validateFile(registry, file);
      expect(result.kind).toBe('blocks');
      expect(result.errors).toEqual([]);
    },
  );

  it.each(list('invalid').map((file) => [path.basename(file), file]))('invalid/%s produces exactly its x-expect', (_name, file) => {
    const result = validateFile(registry, file, { expect: true });
    expect(result.expect, 'an invalid fixture must state its errors in x-expect').toBeDefined();
    expect(result.expect!.length).toBeGreaterThan(0);
    expect(sortErrors(result.errors)).toEqual(sortErrors(result.expect!));
    expect(result.ok).toBe(true);
  });

  it.each([
    'Block type of carouselle hasn\'t been registered',
    'Unable to make block, no type was defined',
    'Must be greater than 0',
    'Must be between 0 and 4',
    'Must be a hex colour such as #1a2b3c',
    'A textBlock block cannot be placed inside a slideshow block',
    'This field is required',
    'must be one of: left, center, right, space-between',
  ])('an invalid fixture covers "%s"', (message) => {
    const messages = list('invalid').flatMap((file) => (splitAnnotations(JSON.parse(fs.readFileSync(file, 'utf8'))).expect ?? []).map((e) => e.message));
    expect(messages).toContain(message);
  });
});

const sortErrors = (errors: readonly ValidationError[]) => [...errors].sort((a, b) => `${a.path} ${a.message}`.localeCompare(`${b.path} ${b.message}`));

describe('run (the command)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'validate-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, content: string) => {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    return file;
  };
  const exec = (args: string[], reg = registry) => {
    const log: string[] = [];
    const error: string[] = [];
    const code = run(reg, args, { log: (l) => log.push(l), error: (l) => error.push(l) });
    return { code, log, error };
  };

  const good = write('ok/page.json', JSON.stringify({ url: '/a/', properties: { title: 'A' }, blocks: [{ uid: 'x', type: 'spacer' }] }));
  const bad = write('bad/block.json', JSON.stringify({ uid: 'x', type: 'pod', properties: { titleSize: 9, textColor: 'red' } }));
  const broken = write('broken/broken.json', '{ "url": ');
  const unknown = write('unknown/thing.json', JSON.stringify({ hello: 'world' }));
  const theme = write('theme/punch.json', JSON.stringify({ name: 'punch', properties: { 'primary.color': '#f00' } }));
  write('ok/notes.txt', 'not json, not collected');

  it('exits 0 and prints only the summary when every file is valid', () => {
    expect(exec([path.join(dir, 'ok')])).toEqual({ code: 0, log: ['1 file(s): 1 passed, 0 failed'], error: [] });
  });

  it('prints file: path: message per error and exits 1', () => {
    const { code, error, log } = exec([good, bad]);
    expect(code).toBe(1);
    expect(error).toEqual([
      `${bad}: /properties/titleSize: Must be between 0 and 4 [pod block, schema version 1]`,
      `${bad}: /properties/textColor: Must be a hex colour such as #1a2b3c [pod block, schema version 1]`,
    ]);
    expect(log).toEqual(['2 file(s): 1 passed, 1 failed']);
  });

  it.each([
    ['an unreadable file', () => broken, /: \/: invalid JSON: /],
    ['an unknown document', () => unknown, /: \/: cannot tell what this document is \(add a \$schema\)$/],
    ['a missing path', () => path.join(dir, 'missing.json'), /missing\.json: cannot read file \(ENOENT\)$/],
    ['a folder without JSON files', () => write('empty/readme.txt', '') && path.join(dir, 'empty'), /^no \.json files found in /],
  ])('fails with a clear line on %s', (_name, target, line) => {
    const { code, error } = exec([target()]);
    expect(code).toBe(1);
    expect(error).toHaveLength(1);
    expect(error[0]).toMatch(line);
  });

  it('skips themes gracefully while there is no theme schema, and validates them once there is', () => {
    expect(exec([theme], withoutTheme)).toEqual({
      code: 0,
      log: [`${theme}: skipped: no theme schema (schemas/themes/theme.json) to validate against`, '1 file(s): 0 passed, 0 failed, 1 skipped'],
      error: [],
    });
    expect(exec([theme], withTheme).code).toBe(0);
  });

  it('in --expect mode passes fixtures that produce exactly their x-expect and names any difference', () => {
    const right = write('expect/right.json', JSON.stringify({ 'x-expect': [{ path: '/type', message: "Block type of q hasn't been registered" }], uid: 'a', type: 'q' }));
    const wrong = write('expect/wrong.json', JSON.stringify({ 'x-expect': [{ path: '/properties/titleSize', message: 'Must be between 0 and 4' }], uid: 'a', type: 'pod', properties: { titleSize: 1, ratio: 'round' } }));
    expect(exec(['--expect', right]).code).toBe(0);
    const { code, error } = exec(['--expect', wrong]);
    expect(code).toBe(1);
    expect(error).toEqual([
      `${wrong}: /properties/titleSize: expected error not produced: Must be between 0 and 4 [pod block, schema version 1]`,
      `${wrong}: /properties/ratio: unexpected error: must be one of: wide, short, 4:3, square, tall [pod block, schema version 1]`,
    ]);
    // Without --expect an x-expect fixture is just an invalid document.
    expect(exec([right]).code).toBe(1);
  });

  it('upgrades blocks saved under an older schema version first, and names each failing block with its schema version', () => {
    const page = write('versions/page.json', JSON.stringify({
      url: '/v/',
      properties: { title: 'V' },
      blocks: [
        { uid: 'old', type: 'button', properties: { text: 'x'.repeat(81), primary: 1 } },
        { uid: 'fine', type: 'button', properties: { text: 'Old but fine', primary: 0 } },
        { uid: 'row', type: 'row', properties: {}, items: [{ uid: 'new', type: 'button', schemaVersion: 9, properties: {} }] },
        { uid: 'now', type: 'button', schemaVersion: 2, properties: { buttonStyle: 'loud' } },
        { uid: 'spacer', type: 'spacer', properties: { ratio: 'huge' } },
      ],
    }));
    const { code, error } = exec([page]);
    expect(code).toBe(1);
    expect(error).toEqual([
      `${page}: /blocks/2/items/0/schemaVersion: ${versionMessages.newer('button', 9, 2)} [button block, schema version 9]`,
      `${page}: /blocks/0/properties/text: Must contain no more than 80 characters [button block, schema version 2 (upgraded from 1)]`,
      `${page}: /blocks/3/properties/buttonStyle: must be one of: primary, secondary, warning, primary|secondary [button block, schema version 2]`,
      `${page}: /blocks/4/properties/ratio: must be one of: small, regular, large [spacer block, schema version 1]`,
    ]);
  });

  it('names the version a lone block or a properties document is checked under', () => {
    const block = write('versions/block.json', JSON.stringify({ uid: 'b', type: 'button', properties: { primary: 'yes' } }));
    const properties = write('versions/properties.json', JSON.stringify({ $schema: '../../blocks/button.json', primary: 1 }));
    expect(exec([block, properties]).error).toEqual([
      `${block}: /schemaVersion: ${versionMessages.cannotUpgrade('button', 1, 'primary must be 1 or 0, found "yes"')} [button block, schema version 1]`,
      `${properties}: /primary: is not a known property [button block, schema version 2]`,
    ]);
  });

  it('prints usage without arguments', () => {
    expect(exec([])).toEqual({ code: 1, log: [], error: ['usage: validate [--expect] <file or folder>…'] });
  });
});
