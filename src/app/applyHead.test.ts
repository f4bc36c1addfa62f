// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { applyHead } from './applyHead';
import type { HeadData } from '../core/head';

describe('applyHead', () => {
  it("replaces the page's head elements and leaves the store's theme that the server drew", () => {
    document.head.innerHTML =
      '<style data-store-theme>:root{--menu-background:#2f6f3e}</style><meta data-head name="description" content="Home"><script data-head type="application/ld+json">{}</script>';
    const head: HeadData = { title: 'Summit Tee', tags: [{ tag: 'meta', attrs: { name: 'description', content: 'A tee' } }], jsonLd: [] };
    applyHead(head);
    expect(document.title).toBe('Summit Tee');
    expect(document.head.querySelector('style[data-store-theme]')?.textContent).toBe(':root{--menu-background:#2f6f3e}');
    expect([...document.head.querySelectorAll('[data-head]')].map((el) => el.outerHTML)).toEqual(['<meta data-head="" name="description" content="A tee">']);
  });
});
