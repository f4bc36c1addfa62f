// `npm run bench`: named figures (median of several runs). Performance is measured here, never in timed tests.
import { printFigures, type Figure } from './harness';
import { schemaBenchmarks } from './schemas.bench';

const only = process.argv.slice(2);
const suites: [string, () => Promise<Figure[]>][] = [['schemas', schemaBenchmarks]];

console.log(`node ${process.version}, ${(await import('node:os')).cpus().length} cores`);
for (const [name, run] of suites) {
  if (only.length && !only.includes(name)) continue;
  printFigures(name, await run());
}
