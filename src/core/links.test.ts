import { describe, expect, it } from 'vitest';
import { ALLOWED_SCHEMES, UNSAFE_LINK_REPLACEMENT, safeLink } from './links';

describe('safeLink (§5.2)', () => {
  it.each([
    ['https://shop.example.com/a?b=1'],
    ['HTTP://example.com'],
    ['wss://live.example.com/socket'],
    ['ws://localhost:8080'],
    ['mqtts://broker.example.com'],
    ['mqtt://broker.example.com'],
    ['mailto:help@example.com'],
    ['tel:+441234567890'],
    ['data:image/png;base64,iVBORw0KGgo='],
    ['dtg:print/123'],
    ['//cdn.example.com/a.js'],
    ['#reviews'],
    ['#javascript:alert(1)'],
    ['@openCart'],
    ['/collections/new-in/'],
    ['/a:b?c=d:e'],
  ])('keeps %j', (href) => {
    expect(safeLink(href)).toEqual({ href });
  });

  it('covers every allowed scheme', () => {
    for (const scheme of ALLOWED_SCHEMES) expect(safeLink(`${scheme}:x`).warning).toBeUndefined();
  });

  it.each([
    ['javascript:alert(1)'],
    ['JAVASCRIPT:alert(1)'],
    ['JavaScript:alert(1)'],
    ['java\nscript:alert(1)'],
    ['java\tscript:alert(1)'],
    ['\u0000javascript:alert(1)'],
    ['\u0001 javascript:alert(1)'],
    ['  javascript:alert(1)'],
    ['vbscript:msgbox(1)'],
    ['file:///etc/passwd'],
    ['ftp://example.com'],
    ['about:blank'],
    ['blob:https://x/1'],
    ['about/'],
    ['./about'],
    ['../up'],
    ['?page=2'],
    ['www.example.com'],
  ])('replaces %j with the 404 page and a warning', (raw) => {
    const result = safeLink(raw);
    expect(result.href).toBe(UNSAFE_LINK_REPLACEMENT);
    expect(result.warning).toBe(`Unsafe link replaced: ${raw.trim()}`);
  });

  it('trims surrounding whitespace of kept links', () => {
    expect(safeLink('  https://x.com  ')).toEqual({ href: 'https://x.com' });
    expect(safeLink('\n/path')).toEqual({ href: '/path' });
  });

  it.each([[''], ['   '], [null], [undefined]])('leaves the empty link %j empty without a warning', (raw) => {
    expect(safeLink(raw)).toEqual({ href: '' });
  });
});
