// `npm run bench`: named figures (median of several runs). Performance is measured here, never in timed tests.
// `npm run bench -- head render` runs only the named suites.
import { printFigures, type Figure } from './harness';
import { schemaBenchmarks } from './schemas.bench';
import { headBenchmarks } from './head.bench';
import { renderBenchmarks } from './render.bench';
import { bundleBenchmarks } from './bundle.bench';
import { builderBenchmarks } from './builder.bench';
import { editorStoreBenchmarks } from './editorStore.bench';
import { commerceBenchmarks } from './commerce.bench';
import { lighthouseBenchmarks } from './lighthouse.bench';
import { factoryBenchmarks } from './factory.bench';
import { liveChatBenchmarks } from './liveChat.bench';
import { businessBenchmarks } from './business.bench';
import { studioBenchmarks } from './studio.bench';
import { studioDragBenchmarks } from './studioDrag.bench';
import { blockMigrationBenchmarks } from './blockMigrations.bench';

const only = process.argv.slice(2);
const suites: [string, () => Promise<Figure[]>][] = [
  ['schemas', schemaBenchmarks],
  ['head', headBenchmarks],
  ['render', renderBenchmarks],
  ['bundle', bundleBenchmarks],
  ['builder', builderBenchmarks],
  ['editor', editorStoreBenchmarks],
  ['commerce', commerceBenchmarks],
  ['lighthouse', lighthouseBenchmarks],
  ['factory', factoryBenchmarks],
  ['liveChat', liveChatBenchmarks],
  ['business', businessBenchmarks],
  ['studio', studioBenchmarks],
  ['studioDrag', studioDragBenchmarks],
  ['blockMigrations', blockMigrationBenchmarks],
];

console.log(`node ${process.version}, ${(await import('node:os')).cpus().length} cores`);
for (const [name, run] of suites) {
  if (only.length && !only.includes(name)) continue;
  printFigures(name, await run());
}
