// Bundles the API server into dist/server/main.js. Packages stay external (PGlite needs its wasm and data
// files beside it); our own TypeScript (server/ and src/core/) is compiled in.
import { build } from 'esbuild';

await build({
  entryPoints: ['server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
