// `npm test`: typecheck, lint, generated-types check, unit, integration (PGlite; also PostgreSQL when
// TEST_DATABASE_URL is set), build and e2e in Debian's Chromium — then one line with the pass/fail counts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const TMP = '.tmp/test-reports';
rmSync(TMP, { recursive: true, force: true });
mkdirSync(TMP, { recursive: true });

const steps = [
  { name: 'typecheck', cmd: 'npx', args: ['tsc', '--noEmit', '-p', '.'] },
  { name: 'lint', cmd: 'npx', args: ['eslint', '.'] },
  { name: 'generated types up to date', cmd: 'npx', args: ['tsx', 'scripts/gen-types.ts', '--check'] },
  { name: 'unit', cmd: 'npx', args: ['vitest', 'run', '--project', 'unit', '--reporter=default', '--reporter=json', `--outputFile=${TMP}/unit.json`], report: `${TMP}/unit.json`, kind: 'vitest' },
  { name: 'integration', cmd: 'npx', args: ['vitest', 'run', '--project', 'integration', '--reporter=default', '--reporter=json', `--outputFile=${TMP}/integration.json`], report: `${TMP}/integration.json`, kind: 'vitest' },
  { name: 'build', cmd: 'npm', args: ['run', 'build', '--silent'] },
  { name: 'browser', cmd: 'node', args: ['scripts/ensure-chromium.mjs'] },
  { name: 'e2e', cmd: 'npx', args: ['playwright', 'test'], env: { PW_JSON_OUTPUT: `${TMP}/e2e.json` }, report: `${TMP}/e2e.json`, kind: 'playwright' },
];

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
const failedSteps = [];
for (const step of steps) {
  if (only.length && !only.includes(step.name)) continue;
  console.log(`\n▶ ${step.name}`);
  const started = Date.now();
  const result = spawnSync(step.cmd, step.args, { stdio: 'inherit', env: { ...process.env, ...step.env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const counts = step.report ? readCounts(step) : null;
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
  }
  if (result.status !== 0) {
    failedSteps.push(step.name);
    if (!counts || counts.failed === 0) failed += 1; // a step that failed without counting a test still counts once
  }
  console.log(`◀ ${step.name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${seconds}s${counts ? ` (${counts.passed} passed, ${counts.failed} failed)` : ''}`);
  if (result.status !== 0 && ['typecheck', 'build', 'browser'].includes(step.name)) break; // later steps cannot run
}

if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
console.log(`\nTests: ${passed} passed, ${failed} failed`);
writeFileSync(`${TMP}/summary.json`, JSON.stringify({ passed, failed, failedSteps }));
process.exit(failedSteps.length ? 1 : 0);

function readCounts(step) {
  if (!existsSync(step.report)) return null;
  const data = JSON.parse(readFileSync(step.report, 'utf8'));
  if (step.kind === 'vitest') return { passed: data.numPassedTests ?? 0, failed: data.numFailedTests ?? 0 };
  const s = data.stats ?? {};
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0 };
}
