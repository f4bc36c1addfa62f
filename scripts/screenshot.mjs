// Takes desktop and phone screenshots of pages of a running store: node scripts/screenshot.mjs http://localhost:3000 / /about/
import { chromium } from '@playwright/test';
import { CHROMIUM } from './ensure-chromium.mjs'; // installs Debian's Chromium when it is missing

const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2);
const out = process.env.SHOT_DIR ?? '.tmp/shots';
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
for (const [name, viewport] of [['desktop', { width: 1366, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
  for (const path of paths.length ? paths : ['/']) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(400);
    const file = `${out}/${name}${path.replace(/\W+/g, '_')}.png`;
    await page.screenshot({ path: file, fullPage: process.env.FULL === 'true' });
    console.log(file);
  }
  await page.close();
}
await browser.close();
