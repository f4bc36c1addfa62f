import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

/**
 * The layer rules of eslint.layers.js fire: each case lints a snippet as if it were a file at that path (the
 * imports resolve against the real tree), exactly as `npm test`'s lint step does.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'boundaries/dependencies' || m.ruleId === 'import-x/no-cycle').map((m) => m.ruleId!);
}

describe('layers', { timeout: 60_000 }, () => {
  it('server code may not import the browser app', async () => {
    expect(await problems('server/api/layerProbe.ts', "export { commerceRoutes } from '../../src/commerce/routes';\n")).toEqual(['boundaries/dependencies']);
    expect(await problems('server/api/layerProbe.ts', "export { formatMoney } from '../../src/core/currency';\n")).toEqual([]);
  });

  it('the server reads the order lifecycle from src/core, not from a screen folder', async () => {
    expect(await problems('server/orders/layerProbe.ts', "export { canTransition } from '../../src/core/orderLifecycle';\n")).toEqual([]);
    expect(await problems('server/orders/layerProbe.ts', "export { OrderSummary } from '../../src/commerce/orders/OrderSummary';\n")).toEqual(['boundaries/dependencies']);
  });

  it('blocks may not import the commerce screens', async () => {
    expect(await problems('blocks/layerProbe.tsx', "export { CurrencySelector } from '../src/commerce/currency/CurrencySelector';\n")).toEqual(['boundaries/dependencies']);
    expect(await problems('blocks/layerProbe.tsx', "export { useCurrency } from '../src/app/currency';\n")).toEqual([]);
  });

  it('src/core imports nothing outside itself and the schemas', async () => {
    expect(await problems('src/core/layerProbe.ts', "export { readCookie } from '../lib/cookies';\n")).toEqual(['boundaries/dependencies']);
    expect(await problems('src/core/layerProbe.ts', "export { StoreContext } from '../app/StoreContext';\n")).toEqual(['boundaries/dependencies']);
  });

  it('src/lib stays below the app', async () => {
    expect(await problems('src/lib/layerProbe.ts', "export { useCurrency } from '../app/currency';\n")).toEqual(['boundaries/dependencies']);
  });

  it('an import cycle fails', async () => {
    // src/atlas/routes.tsx imports ./paths: a paths module importing the route table back closes a cycle.
    expect(await problems('src/atlas/paths.ts', "import { atlasRoutes } from './routes';\nexport const ATLAS_PATHS = { home: '/atlas/' };\nexport const probe = atlasRoutes;\n")).toContain('import-x/no-cycle');
  });
});
