// `npm test`: typecheck, lint, generated-types check, unit, integration (PGlite; also PostgreSQL when
// TEST_DATABASE_URL is set), build and e2e in Debian's Chromium — then one line with the pass/fail counts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const TMP = '.tmp/test-reports';
rmSync(TMP, { recursive: true, force: true });
mkdirSync(TMP, { recursive: true });

const steps = [
  // The two-process tests (live chat across server processes) run on the machine's PostgreSQL.
  { name: 'postgres', cmd: 'bash', args: ['scripts/ensure-postgres.sh'] },
  // The static checks are single-threaded: on two cores they run side by side.
  { name: 'typecheck', cmd: 'npx', args: ['tsc', '--noEmit', '-p', '.'], together: 'static' },
  { name: 'lint', cmd: 'npx', args: ['eslint', '.'], together: 'static' },
  { name: 'generated types up to date', cmd: 'npx', args: ['tsx', 'scripts/gen-types.ts', '--check'], together: 'static' },
  { name: 'unit', cmd: 'npx', args: ['vitest', 'run', '--project', 'unit', '--reporter=default', '--reporter=json', `--outputFile=${TMP}/unit.json`], report: `${TMP}/unit.json`, kind: 'vitest' },
  { name: 'integration', cmd: 'npx', args: ['vitest', 'run', '--project', 'integration', '--reporter=default', '--reporter=json', `--outputFile=${TMP}/integration.json`], report: `${TMP}/integration.json`, kind: 'vitest' },
  { name: 'build', cmd: 'npm', args: ['run', 'build', '--silent'] },
  { name: 'browser', cmd: 'node', args: ['scripts/ensure-chromium.mjs'] },
  { name: 'e2e', shards: e2eShards(), kind: 'playwright' },
];

/**
 * The desktop and phone projects run side by side, each against its own server and fresh database (ten ports
 * apart: a run also serves stand-in outside pages on the next ports), which keeps CI's wall time in bounds as the suite grows.
 * E2E_SHARDS=1 runs both projects in one process, one after the other.
 */
function e2eShards() {
  const base = Number(process.env.E2E_PORT ?? 3100);
  if (process.env.E2E_SHARDS === '1') return [{ label: 'e2e', args: [], env: { E2E_PORT: String(base) }, report: `${TMP}/e2e.json` }];
  return ['desktop', 'phone'].map((project, i) => ({
    label: project,
    args: ['--project', project],
    env: { E2E_PORT: String(base + 10 * i) },
    report: `${TMP}/e2e-${project}.json`,
  }));
}

/** Runs the shards at once, each line of output prefixed with its shard; resolves to the worst exit status. */
async function runShards(shards) {
  const codes = await Promise.all(
    shards.map(
      (shard) =>
        new Promise((resolve) => {
          const child = spawn('npx', ['playwright', 'test', ...shard.args], {
            stdio: ['ignore', 'pipe', 'pipe'],
            env: { ...process.env, ...shard.env, PW_JSON_OUTPUT: shard.report },
          });
          for (const stream of [child.stdout, child.stderr]) {
            let rest = '';
            stream.on('data', (chunk) => {
              const lines = (rest + chunk).split('\n');
              rest = lines.pop();
              for (const line of lines) console.log(shards.length > 1 ? `${shard.label} │ ${line}` : line);
            });
            stream.on('end', () => rest && console.log(rest));
          }
          child.on('close', (code) => resolve(code ?? 1));
        }),
    ),
  );
  return Math.max(...codes);
}

/** Runs a command with its output held back, so steps run side by side print one after the other. */
function runQuietly(step) {
  return new Promise((resolve) => {
    const child = spawn(step.cmd, step.args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...step.env } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ status: code ?? 1, output }));
  });
}

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
const failedSteps = [];
const chosen = steps.filter((step) => !only.length || only.includes(step.name));
for (let i = 0; i < chosen.length; ) {
  const step = chosen[i];
  // Steps marked `together` with their neighbours start at once; each reports when all have ended.
  let end = i + 1;
  while (step.together && end < chosen.length && chosen[end].together === step.together) end += 1;
  const batch = chosen.slice(i, end);
  i = end;
  const started = Date.now();
  const results = batch.length > 1 ? await Promise.all(batch.map(runQuietly)) : [null];
  let stop = false;
  for (const [k, current] of batch.entries()) {
    console.log(`\n▶ ${current.name}`);
    let result = results[k];
    if (result) process.stdout.write(result.output);
    else {
      result = current.shards
        ? { status: await runShards(current.shards) }
        : spawnSync(current.cmd, current.args, { stdio: 'inherit', env: { ...process.env, ...current.env } });
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const counts = readStepCounts(current);
    if (counts) {
      passed += counts.passed;
      failed += counts.failed;
    }
    if (result.status !== 0) {
      failedSteps.push(current.name);
      if (!counts || counts.failed === 0) failed += 1; // a step that failed without counting a test still counts once
    }
    console.log(`◀ ${current.name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${seconds}s${batch.length > 1 ? ' (side by side)' : ''}${counts ? ` (${counts.passed} passed, ${counts.failed} failed)` : ''}`);
    if (result.status !== 0 && ['typecheck', 'build', 'browser'].includes(current.name)) stop = true; // later steps cannot run
  }
  if (stop) break;
}

if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
console.log(`\nTests: ${passed} passed, ${failed} failed`);
writeFileSync(`${TMP}/summary.json`, JSON.stringify({ passed, failed, failedSteps }));
process.exit(failedSteps.length ? 1 : 0);

function readStepCounts(step) {
  const reports = step.shards ? step.shards.map((shard) => shard.report) : step.report ? [step.report] : [];
  const all = reports.map((report) => readCounts(report, step.kind)).filter(Boolean);
  if (all.length === 0) return null;
  return { passed: all.reduce((n, c) => n + c.passed, 0), failed: all.reduce((n, c) => n + c.failed, 0) };
}

function readCounts(report, kind) {
  if (!existsSync(report)) return null;
  const data = JSON.parse(readFileSync(report, 'utf8'));
  if (kind === 'vitest') return { passed: data.numPassedTests ?? 0, failed: data.numFailedTests ?? 0 };
  const s = data.stats ?? {};
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0 };
}
