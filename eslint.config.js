import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { layerConfigs } from './eslint.layers.js';

const SERVER_ONLY = { group: ['**/server/**'], message: 'The browser app talks to the server through the API only.' };

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.tmp/', 'data/', 'src/core/generated/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    // src/core is shared by browser and server: no React, no Node built-ins (DESIGN §2).
    files: ['src/core/**/*.ts'],
    ignores: ['src/core/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', 'react', 'react-dom', 'react-router'], message: 'src/core must stay free of React and Node built-ins.' }, SERVER_ONLY] }],
    },
  },
  {
    // The storefront must not pull in server code.
    files: ['src/**/*.{ts,tsx}', 'blocks/**/*.tsx'],
    ignores: ['**/*.test.{ts,tsx}', 'blocks/**/testing/**', 'blocks/**/testing.tsx', 'src/core/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_ONLY] }] },
  },
  ...layerConfigs,
);
