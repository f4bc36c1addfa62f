import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const API_PORT = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: true },
  server: {
    port: Number(process.env.PORT ?? 3000),
    // `npm run dev`: Vite serves the app with hot reload, the API runs beside it.
    proxy: { '/omnis': `http://127.0.0.1:${API_PORT}`, '/media': `http://127.0.0.1:${API_PORT}`, '/fonts': `http://127.0.0.1:${API_PORT}`, '/sitemap.xml': `http://127.0.0.1:${API_PORT}` },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'blocks/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'schemas/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite is memory-hungry: one suite file at a time keeps peak memory predictable.
          fileParallelism: false,
        },
      },
    ],
  },
});
