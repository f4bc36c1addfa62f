import { boot } from '../server/boot';
import { renderPageHtml, renderThemeHead } from '../server/seo/pageHtml';
import { measure, type Figure } from './harness';

/** The built index.html as the server gets it (head data replaces its <title>). */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" href="/media/logo.svg" type="image/svg+xml" />
    <title>Store</title>
    <script type="module" crossorigin src="/assets/index.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/** Server render of head data (§2.2) for the demo home page, in-process on an in-memory PGlite. */
export async function headBenchmarks(): Promise<Figure[]> {
  const ctx = await boot({ dataDir: null });
  try {
    const opts = { host: 'localhost:3000', origin: 'http://localhost:3000', path: '/' };
    const html = await renderPageHtml(ctx, INDEX_HTML, opts);
    if (!html.includes('application/ld+json') || !html.includes('<style data-head>:root{')) throw new Error('the home page head was not rendered');
    const home = await measure(() => renderPageHtml(ctx, INDEX_HTML, opts), { runs: 50, warmup: 5 });
    const about = await measure(() => renderPageHtml(ctx, INDEX_HTML, { ...opts, path: '/about/' }), { runs: 50, warmup: 5 });
    const theme = ctx.themes.resolve('verde');
    const themeHead = await measure(() => renderThemeHead(theme), { runs: 200, warmup: 20 });
    return [
      { name: 'renderPageHtml: demo home page (head + theme CSS)', unit: 'ms', ...home, note: `${(html.length / 1024).toFixed(1)} KB HTML` },
      { name: 'renderPageHtml: about page', unit: 'ms', ...about },
      { name: 'first-paint theme CSS + font preloads only', unit: 'ms', ...themeHead },
    ];
  } finally {
    await ctx.db.close();
  }
}
