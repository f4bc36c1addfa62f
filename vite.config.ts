import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

const API_PORT = Number(process.env.API_PORT ?? 3001);

/**
 * BUILD_ID (a deploy's release name or commit) is written into index.html as <meta name="pod-build">: pages say
 * which build they come from, and two builds of the same code with different ids are different builds — each gets
 * its own service worker version (server/http/serviceWorker.ts hashes index.html) and the §4 update flow.
 */
const buildId = (): Plugin => ({
  name: 'pod-build-id',
  transformIndexHtml: () => (process.env.BUILD_ID ? [{ tag: 'meta', attrs: { name: 'pod-build', content: process.env.BUILD_ID }, injectTo: 'head' }] : []),
});

export default defineConfig({
  plugins: [react(), buildId()],
  // The manifest tells the server which chunks and stylesheets a server-rendered page needs; source maps are
  // written for the server's error reports but never referenced from the public bundles.
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: 'hidden',
    manifest: true,
    rolldownOptions: {
      output: {
        // The storefront only lists block schemas by name; the builder needs them all at once. One chunk for them
        // instead of one per block type saves the builder about sixty requests on its first draw.
        codeSplitting: { groups: [{ name: 'block-schemas', test: /[\\/]schemas[\\/]blocks[\\/][^\\/]+\.json$/ }] },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    // `npm run dev`: Vite serves the app with hot reload, the API runs beside it.
    proxy: { '/omnis': { target: `http://127.0.0.1:${API_PORT}`, ws: true }, '/media': `http://127.0.0.1:${API_PORT}`, '/fonts': `http://127.0.0.1:${API_PORT}`, '/sitemap.xml': `http://127.0.0.1:${API_PORT}` },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'blocks/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'schemas/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['scripts/vitest-unit-setup.ts'],
          // A block's first render imports its chunk; on a busy 2-core machine that alone can pass vitest's 5 s.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          // Each file's database starts from one migrated, seeded template made per run.
          globalSetup: ['server/testing/databaseTemplate.globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // Two files at a time, each with its own database (a PGlite of a few hundred MB, or its own PostgreSQL
          // database). The suite is CPU-bound and CI has two cores, where more workers would only make it slower.
          maxWorkers: 2,
        },
      },
      {
        // `npm run test:fuzz` (not part of `npm test`): generated hostile requests to every registered route.
        extends: true,
        test: { name: 'fuzz', include: ['server/**/*.fuzz.ts'], environment: 'node', testTimeout: 180_000, hookTimeout: 300_000, fileParallelism: false },
      },
      {
        // `npm run test:faults` (not part of `npm test`): kill -9 of real server processes under load, then consistency checks.
        extends: true,
        test: { name: 'faults', include: ['server/**/*.faults.ts'], environment: 'node', testTimeout: 240_000, hookTimeout: 300_000, fileParallelism: false },
      },
    ],
  },
});
