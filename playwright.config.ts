import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** e2e tests drive Debian's Chromium against the built server on a fresh embedded database. */
export default defineConfig({
  testDir: 'e2e',
  // Per port, so the desktop and phone runs side by side keep their own results.
  outputDir: `.tmp/test-results/${PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // CI runs both projects side by side on two cores: a screen that appears in 1 s alone can take 5–8 s there.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PW_JSON_OUTPUT ? [['list'], ['json', { outputFile: process.env.PW_JSON_OUTPUT }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } } },
    { name: 'phone', use: { ...devices['Pixel 7'], browserName: 'chromium' } },
  ],
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `http://127.0.0.1:${PORT}/omnis/v3/frontend/getStoreCoreData/json/`,
    timeout: 120_000,
    reuseExistingServer: false,
    // The next port is a stand-in outside editor (e2e/editorBridge.spec.ts serves it) that may frame the builder.
    env: { PORT: String(PORT), DATA_DIR: `.tmp/e2e-data-${PORT}`, LOG_LEVEL: 'warn', EDITOR_ORIGINS: `http://127.0.0.1:${PORT + 1}` },
  },
});
