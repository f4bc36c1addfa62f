/**
 * The layers of the code base and the imports allowed between them (docs/architecture.md "Layers").
 * `npm test` runs ESLint, so a forbidden import or an import cycle fails the build; eslint.layers.test.ts proves
 * that both rules fire.
 *
 *   src/core     pure logic and types shared by browser and server: imports only itself and schemas/
 *   server/      the API: imports only itself, src/core and schemas/
 *   src/lib      browser helpers below every screen (HTTP client, cookies): src/core only
 *   blocks/      the block kit: never src/commerce (commerce screens use blocks, not the other way round)
 *   src/commerce, src/* (app, editor, atlas, auth, renderer): the browser app
 */
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const CODE = ['src/**/*.{ts,tsx}', 'blocks/**/*.{ts,tsx}', 'server/**/*.{ts,tsx}'];

export const LAYER_ELEMENTS = [
  { type: 'core', pattern: 'src/core/**', partialMatch: false },
  { type: 'lib', pattern: 'src/lib/**', partialMatch: false },
  { type: 'commerce', pattern: 'src/commerce/**', partialMatch: false },
  { type: 'app', pattern: 'src/**', partialMatch: false },
  { type: 'blocks', pattern: 'blocks/**', partialMatch: false },
  { type: 'server', pattern: 'server/**', partialMatch: false },
  { type: 'schemas', pattern: 'schemas/**', partialMatch: false },
  { type: 'themes', pattern: 'themes/**', partialMatch: false },
];

const allow = (from, to, message) => ({ from: { element: { type: from } }, allow: { to: { element: { types: { anyOf: to } } } }, ...(message ? { message } : {}) });

export const LAYER_POLICIES = [
  allow('core', ['core', 'schemas']),
  allow('lib', ['core', 'lib']),
  allow('server', ['server', 'core', 'schemas', 'themes']),
  allow('blocks', ['blocks', 'core', 'lib', 'app', 'schemas', 'themes']),
  allow('commerce', ['commerce', 'blocks', 'core', 'lib', 'app', 'schemas', 'themes']),
  allow('app', ['app', 'commerce', 'blocks', 'core', 'lib', 'schemas', 'themes']),
];

export const layerConfigs = [
  {
    files: CODE,
    plugins: { boundaries, 'import-x': importX },
    settings: {
      'boundaries/elements': LAYER_ELEMENTS,
      'boundaries/include': CODE,
      'import/resolver': { typescript: { alwaysTryTypes: true } },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies: LAYER_POLICIES }],
      // Type-only imports count too: a type cycle is still a module that cannot be read on its own.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Tests and their harnesses may reach fixtures in any layer (a block test reads the server's schema set);
    // they still may not form cycles.
    files: ['**/*.test.{ts,tsx}', '**/testing.tsx', '**/testing/**'],
    rules: { 'boundaries/dependencies': 'off' },
  },
];
