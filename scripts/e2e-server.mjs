// Starts the built server for the e2e run on a fresh embedded database (build first if needed).
import { existsSync, rmSync } from 'node:fs';
import { execSync, spawn } from 'node:child_process';

if (!existsSync('dist/client/index.html') || !existsSync('dist/server/main.js') || process.env.E2E_REBUILD === 'true') {
  execSync('npm run build', { stdio: 'inherit' });
}
rmSync(process.env.DATA_DIR ?? '.tmp/e2e-data', { recursive: true, force: true });
const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], { stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
