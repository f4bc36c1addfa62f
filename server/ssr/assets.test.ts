import { describe, expect, it } from 'vitest';
import { clientAssets, inlineStylesheets, type ClientManifest } from './assets';
import { insertBody } from './render';

const FILES: Record<string, string> = {
  'assets/index-1.css': 'body{margin:0}',
  'assets/banner-2.css': '.banner{color:red}',
  'assets/card-3.css': '.card{content:"</style><script>x</script>"}',
};
const read = (file: string) => FILES[file] ?? '';
const INDEX = `<html><head><style data-head>:root{--a:1}</style>
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head><body><div id="root"></div></body></html>`;

describe('stylesheets of a server-drawn page', () => {
  it('are inline in the head after the theme (entry first, then the page’s), with no stylesheet link left there', () => {
    const html = insertBody(INDEX, { status: 200, html: '<p>Hi</p>', answers: {}, stylesheets: ['assets/banner-2.css'], scripts: ['assets/banner-2.js'], readStylesheet: read });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('rel="stylesheet"');
    expect(head.indexOf(':root{--a:1}')).toBeLessThan(head.indexOf('<style>body{margin:0}\n.banner{color:red}</style>'));
    expect(head).toContain('<link rel="modulepreload" href="/assets/banner-2.js">');
    // The page's own sheets are still linked, at the end of the body, where they block no paint.
    expect(html).toMatch(/<div id="root"><p>Hi<\/p><\/div>\s*<link rel="stylesheet" href="\/assets\/banner-2.css"><script type="application\/json"/);
  });

  it('cannot end the style element early, and a sheet that is not there keeps its link', () => {
    const { html, css, lateLinks } = inlineStylesheets(INDEX.replace('index-1', 'missing-9'), ['assets/card-3.css'], read);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/missing-9.css">');
    expect(css).not.toMatch(/<\/style/i);
    expect(lateLinks).toEqual(['<link rel="stylesheet" href="/assets/card-3.css">']);
  });

  it('leave out what the entry already loads', () => {
    const manifest: ClientManifest = {
      'src/main.tsx': { file: 'assets/index.js', css: ['assets/index-1.css'], imports: ['_shared.js'], isEntry: true },
      '_shared.js': { file: 'assets/shared.js', css: ['assets/shared.css'] },
      'blocks/banner.tsx': { file: 'assets/banner-2.js', css: ['assets/banner-2.css'], imports: ['_shared.js', '_card.js'] },
      '_card.js': { file: 'assets/card-3.js', css: ['assets/card-3.css'] },
    };
    expect(clientAssets(manifest, ['blocks/banner.tsx'])).toEqual({ stylesheets: ['assets/banner-2.css', 'assets/card-3.css'], scripts: ['assets/banner-2.js', 'assets/card-3.js'] });
  });
});
