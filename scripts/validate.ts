/**
 * QA command: validates page, block, blocks, block-properties and theme documents against the schemas.
 *
 *   npx tsx scripts/validate.ts <file or folder>…            every file must be valid
 *   npx tsx scripts/validate.ts --expect schemas/fixtures     invalid fixtures must produce exactly their x-expect
 *
 * Prints `file: path: message` per error and a summary line; exits 1 on any failure, 0 otherwise.
 */
import type { SchemaRegistry } from '../src/core/schemas/registry';
import { schemaRegistry } from '../server/schemas/load';
import { run } from './validate/lib';

let registry: SchemaRegistry | undefined;
try {
  registry = schemaRegistry();
} catch (error) {
  console.error(`schemas: ${(error as Error).message}`);
  process.exitCode = 1;
}
if (registry) {
  process.exitCode = run(registry, process.argv.slice(2), {
    log: (line) => console.log(line),
    error: (line) => console.error(line),
  });
}
