/**
 * Editor store actions alone (the Chromium end-to-end figures are bench/builder.bench.ts):
 * pages of N text blocks whose text is "Block i", N = 100, 500, 1,250. Each figure is the median time of one
 * store action — with no subscribers, and with N subscribers selecting their block as the canvas's memoised
 * block hosts do (useBlock). Heap growth after 100 edits (each its own undo step) uses global.gc when node
 * runs with --expose-gc (e.g. NODE_OPTIONS=--expose-gc npm run bench -- editor).
 */
import { createSchemaRegistry } from '../src/core/schemas/registry';
import { readSchemaSet } from '../server/schemas/load';
import { setEditorRegistry } from '../src/editor/schemas';
import { blockIndex, createEditorStore, type EditorStoreApi } from '../src/editor/store';
import { textPage } from '../src/editor/store/testing';
import { measure, type Figure } from './harness';

const SIZES = [100, 500, 1250];
const RUNS = 200;

/** N listeners doing what useBlock's selector does on every change. */
function subscribeBlocks(store: EditorStoreApi, n: number) {
  const last = new Array<unknown>(n);
  let rerenders = 0;
  const unsubscribe = store.subscribe((state) => {
    const index = state.page ? blockIndex(state.page.blocks) : undefined;
    for (let i = 0; i < n; i++) {
      const block = index?.get(`t${i}`);
      if (block !== last[i]) {
        last[i] = block;
        rerenders++;
      }
    }
  });
  return { unsubscribe, rerenders: () => rerenders };
}

const gc = (globalThis as { gc?: () => void }).gc;
const heapUsed = () => {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
};

async function figuresFor(n: number, withSubscribers: boolean): Promise<Figure[]> {
  const store = createEditorStore();
  const s = () => store.getState();
  const load = await measure(() => s().load(textPage(n), 3), { runs: 20, warmup: 3 });
  s().load(textPage(n), 3);
  const subs = withSubscribers ? subscribeBlocks(store, n) : undefined;
  const mid = `t${Math.floor(n / 2)}`;
  const label = withSubscribers ? `N=${n}, ${n} subscribers` : `N=${n}`;

  let key = 0;
  const keystroke = await measure(() => s().updateProperties(mid, { text: `Block ${Math.floor(n / 2)}${'x'.repeat(key++ % 40)}` }, 'typing'), { runs: RUNS, warmup: 20 });

  let sel = 0;
  const select = await measure(() => s().select(`t${sel++ % n}`), { runs: RUNS, warmup: 20 });

  let edit = 0;
  const undo = await measure(() => s().undo(), { runs: RUNS, warmup: 20, setup: () => s().updateProperties(`t${edit++ % n}`, { text: `edit ${edit}` }) });

  let inserted = false;
  const insert = await measure(() => void (inserted = s().insertBlock('textBlock', { parentUid: null, index: Math.floor(n / 2) }) !== null), {
    runs: RUNS,
    warmup: 20,
    setup: () => {
      if (inserted) s().undo();
    },
  });
  subs?.unsubscribe();

  const figures: Figure[] = [
    { name: `${label}: property keystroke (updateProperties)`, unit: 'ms', ...keystroke, target: '< 16 ms end to end' },
    { name: `${label}: select a block`, unit: 'ms', ...select },
    { name: `${label}: undo`, unit: 'ms', ...undo },
    { name: `${label}: insert a block (middle of the page)`, unit: 'ms', ...insert },
  ];
  if (!withSubscribers) figures.unshift({ name: `${label}: load (store.load, validates all blocks)`, unit: 'ms', ...load });

  if (!withSubscribers) {
    const fresh = createEditorStore();
    fresh.getState().load(textPage(n), 3);
    const before = heapUsed();
    for (let i = 0; i < 100; i++) fresh.getState().updateProperties(`t${(i * 7) % n}`, { text: `Edited ${i}` });
    const after = heapUsed();
    figures.push({
      name: `${label}: heap growth after 100 edits (100 undo steps)`,
      unit: 'MB',
      median: (after - before) / 1024 / 1024,
      target: '< 10 MB',
      note: gc ? '' : '(no --expose-gc: includes garbage)',
    });
  }
  return figures;
}

export async function editorStoreBenchmarks(): Promise<Figure[]> {
  setEditorRegistry(createSchemaRegistry(readSchemaSet()));
  const figures: Figure[] = [];
  for (const n of SIZES) {
    figures.push(...(await figuresFor(n, false)));
    figures.push(...(await figuresFor(n, true)));
  }
  return figures;
}
