// Bench-only page (npm run bench, suite "render"): draws a page of blocks from a JSON payload with the storefront's
// PageRenderer and leaves performance marks for bench/render.bench.ts to read. Never part of the app build.
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PageRenderer } from '../../src/renderer/PageRenderer';
import { preloadBlockTypes } from '../../src/renderer/registry';
import { applyTheme } from '../../src/app/applyTheme';
import type { BlockData, StoreTheme } from '../../src/core/storeData';
import '../../src/app/app.css';

interface Payload {
  blocks: BlockData[];
  theme: StoreTheme;
}

declare global {
  interface Window {
    benchResult?: { blocks: number; error?: string };
  }
}

function* walk(blocks: readonly BlockData[]): Generator<BlockData> {
  for (const block of blocks) {
    yield block;
    yield* walk(block.items);
  }
}

async function main() {
  const payload = (await (await fetch('/payload.json')).json()) as Payload;
  applyTheme(payload.theme);
  const all = [...walk(payload.blocks)];
  // The storefront preloads the components of a page's block types before drawing it (registry.ts), so the
  // render itself is one pass; loading those chunks is counted in the navigation figure, not the render one.
  await preloadBlockTypes(all.map((b) => b.type));
  const router = createMemoryRouter([{ path: '*', element: <PageRenderer blocks={payload.blocks} mode="native" /> }]);
  const root = createRoot(document.getElementById('root')!);

  performance.mark('render-start');
  root.render(<RouterProvider router={router} />);
  const start = performance.now();
  const frame = () => {
    const drawn = document.querySelectorAll('[data-block-uid]').length;
    if (drawn >= all.length) {
      // The first animation frame with every block in the DOM; the message after it runs once that frame is drawn.
      performance.mark('blocks-frame');
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        performance.mark('blocks-painted');
        window.benchResult = { blocks: drawn };
      };
      channel.port2.postMessage(null);
    } else if (performance.now() - start > 30_000) {
      window.benchResult = { blocks: drawn, error: `only ${drawn} of ${all.length} blocks drawn after 30 s` };
    } else {
      requestAnimationFrame(frame);
    }
  };
  requestAnimationFrame(frame);
}

main().catch((error: unknown) => {
  window.benchResult = { blocks: 0, error: String(error) };
});
