import path from 'node:path';
import { boot } from './boot';
import { buildApp } from './app';
import { StartupError } from './db/database';
import { fromRoot } from './paths';
import { seedDemoOrders } from './db/seed/demoOrders';

/**
 * `npm start`: one process serving the built SPA and the API. Configuration by environment:
 * PORT (3000), HOST (0.0.0.0), DATA_DIR (./data, embedded PGlite), DATABASE_URL (PostgreSQL instead),
 * API_ONLY=true (npm run dev: Vite serves the app).
 */
async function main() {
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? '0.0.0.0';
  const apiOnly = process.env.API_ONLY === 'true';
  // React's production build for server rendering unless told otherwise (the development build is several times slower).
  process.env.NODE_ENV ??= 'production';
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new StartupError(`PORT must be a number from 0 to 65535, got "${process.env.PORT}".`);

  const ctx = await boot({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : fromRoot('data'),
  });
  // The demo store's orders in every floor stage (once; SEED_DEMO_ORDERS=false leaves them out).
  if (process.env.SEED_DEMO_ORDERS !== 'false') await seedDemoOrders(ctx.db);
  const app = await buildApp(ctx, {
    clientDir: apiOnly ? null : fromRoot('dist', 'client'),
    logger: { level: process.env.LOG_LEVEL ?? 'warn' },
    renderPrintFiles: process.env.RENDER_PRINT_FILES !== 'false',
  });
  try {
    await app.listen({ port, host });
  } catch (error) {
    await ctx.db.close().catch(() => undefined);
    if ((error as { code?: string }).code === 'EADDRINUSE') throw new StartupError(`Port ${port} is already in use. Stop the other server or set PORT to a free port.`);
    throw error;
  }
  const where = ctx.db.kind === 'postgres' ? 'PostgreSQL' : `embedded PGlite in ${process.env.DATA_DIR ?? './data'}`;
  console.log(`Store ready at http://localhost:${port}/ (database: ${where})`);

  const stop = async () => {
    await app.close();
    await ctx.db.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  // Startup problems a user can fix get one clear line; anything else is a bug worth its stack.
  if (error instanceof StartupError) console.error(`Cannot start: ${error.message}`);
  else console.error(error);
  process.exit(1);
});
