import fs from 'node:fs';
import path from 'node:path';
import { fromRoot } from '../server/paths';

/**
 * Writes a generated source file (`output`, from the repository root) when its content changed; with `--check` in
 * `argv` only reports whether it is up to date. Returns the process exit code.
 */
export function writeGenerated(output: string, content: string, argv: readonly string[], command: string): number {
  const target = fromRoot(output);
  const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : null;
  if (argv.includes('--check')) {
    if (current === content) return 0;
    console.error(`${output} is out of date: run ${command}`);
    return 1;
  }
  if (current !== content) {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, content);
    console.log(`wrote ${output}`);
  }
  return 0;
}
