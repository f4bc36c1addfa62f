import path from 'node:path';
import { fromRoot } from '../server/paths';

/**
 * A production build of the client into .tmp/bench/{name} with the project's own vite.config.ts, plus a manifest and
 * source maps (the maps list the modules inside each chunk). dist/client is left alone.
 */
export async function viteBuild(name: string, input?: string): Promise<string> {
  const { build } = await import('vite');
  const outDir = fromRoot('.tmp', 'bench', name);
  await build({
    configFile: fromRoot('vite.config.ts'),
    logLevel: 'error',
    build: {
      outDir,
      emptyOutDir: true,
      manifest: true,
      sourcemap: true,
      ...(input ? { rolldownOptions: { input: path.resolve(fromRoot(), input) } } : {}),
    },
  });
  return outDir;
}
