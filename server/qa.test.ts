import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestContext } from './testing/testContext';
import { run } from '../scripts/validate/lib';
import type { PageDocument, StoreCoreData } from '../src/core/storeData';

let t: Awaited<ReturnType<typeof openTestContext>>;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pod-qa-'));
beforeAll(async () => {
  t = await openTestContext();
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Exports every page of the demo store the way QA would (from the API) and runs the validate command on them. */
it('npm run validate accepts every page exported from the demo store and rejects a broken copy', async () => {
  const core = (await t.app.inject({ url: '/omnis/v3/frontend/getStoreCoreData/json/' })).json<StoreCoreData>();
  for (const route of core.pages) {
    const page = (await t.app.inject({ url: `/omnis/v3/divisions/${core.state.subdomain.division.id}/pages/${route.id}/` })).json<PageDocument>();
    fs.writeFileSync(path.join(dir, `${route.name}.json`), JSON.stringify(page, null, 2));
  }
  const lines: string[] = [];
  const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) };
  expect(run(t.ctx.registry, [dir], out)).toBe(0);

  const home = JSON.parse(fs.readFileSync(path.join(dir, 'home.json'), 'utf8')) as PageDocument;
  home.blocks[0]!.properties.fontScale = 0;
  home.blocks.push({ ...home.blocks[1]!, uid: 'x', type: 'sparkles' });
  fs.writeFileSync(path.join(dir, 'home.json'), JSON.stringify(home));
  lines.length = 0;
  expect(run(t.ctx.registry, [dir], out)).toBe(1);
  expect(lines.join('\n')).toContain('/blocks/0/properties/fontScale: Must be greater than 0');
  expect(lines.join('\n')).toContain(`/blocks/${home.blocks.length - 1}/type: Block type of sparkles hasn't been registered`);
});
