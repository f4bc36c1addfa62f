import { createSchemaRegistry } from '../src/core/schemas/registry';
import { readSchemaSet } from '../server/schemas/load';
import { measure, type Figure } from './harness';

/** A realistic page of n blocks: a mix of simple blocks and rows holding pods, as store pages are built. */
export function syntheticPage(n: number) {
  const blocks: Record<string, unknown>[] = [];
  let made = 0;
  while (made < n) {
    const i = made;
    if (i % 10 === 9 && n - made >= 4) {
      blocks.push({ uid: `row-${i}`, type: 'row', properties: {}, items: [0, 1, 2].map((k) => ({ uid: `pod-${i}-${k}`, type: 'pod', size: { x: 4, y: 3 }, properties: { title: `Pod ${k}` } })) });
      made += 4;
      continue;
    }
    const kind = i % 3;
    blocks.push(
      kind === 0
        ? { uid: `t-${i}`, type: 'textBlock', properties: { text: `<p>Block ${i}</p>` } }
        : kind === 1
          ? { uid: `b-${i}`, type: 'button', properties: { text: `Button ${i}`, href: '/about/' } }
          : { uid: `n-${i}`, type: 'banner', properties: { title: `Banner ${i}`, image: { src: '/media/scene/forest.svg', alt: '' } } },
    );
    made += 1;
  }
  return { url: '/bench/', properties: { title: 'Bench' }, blocks };
}

export async function schemaBenchmarks(): Promise<Figure[]> {
  const set = readSchemaSet();
  const count = Object.values(set).reduce((n, folder) => n + Object.keys(folder).length, 0);
  const compile = await measure(() => createSchemaRegistry(set), { runs: 7, warmup: 1 });
  const registry = createSchemaRegistry(set);
  const template = syntheticPage(1000);
  let page = structuredClone(template);
  const validate = await measure(
    () => {
      const errors = registry.validatePage(page);
      if (errors.length) throw new Error(`bench page invalid: ${JSON.stringify(errors.slice(0, 3))}`);
    },
    { runs: 200, warmup: 20, setup: () => (page = structuredClone(template)) },
  );
  const complete = structuredClone(template);
  registry.validatePage(complete);
  const revalidate = await measure(() => registry.validatePage(complete), { runs: 200, warmup: 20 });
  return [
    { name: `compile all ${count} schemas (fresh ajv each run)`, unit: 'ms', ...compile },
    { name: 'validate a 1,000-block page (filling defaults)', unit: 'ms', ...validate, target: '< 5 ms' },
    { name: 'validate a 1,000-block page (already complete)', unit: 'ms', ...revalidate, target: '< 5 ms' },
  ];
}
