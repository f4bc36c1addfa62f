import { describe, expect, it } from 'vitest';
import { BANNER_COPY_MAX, BANNER_TITLE_MAX, ELLIPSIS, escapeQuotes, fillPlaceholders, truncate } from './text';

describe('truncate', () => {
  it('keeps text within the limit unchanged', () => {
    expect(truncate('Summer sale', 11)).toBe('Summer sale');
    expect(truncate('', 5)).toBe('');
  });

  it('cuts to the limit including the ellipsis', () => {
    expect(truncate('Summer sale', 8)).toBe('Summer…');
    expect(truncate('abcdef', 4)).toBe(`abc${ELLIPSIS}`);
  });

  it('drops whitespace before the ellipsis', () => expect(truncate('Big sale today', 10)).toBe('Big sale…'));

  it('never splits a character made of two code units', () => {
    expect(truncate('😀😀😀😀', 3)).toBe('😀😀…');
  });

  it('handles tiny limits', () => {
    expect(truncate('abc', 1)).toBe('…');
    expect(truncate('abc', 0)).toBe('');
  });

  it('applies the §9 banner limits', () => {
    expect([BANNER_TITLE_MAX, BANNER_COPY_MAX]).toEqual([50, 300]);
    expect(Array.from(truncate('x'.repeat(60), BANNER_TITLE_MAX))).toHaveLength(50);
    expect(truncate('x'.repeat(300), BANNER_COPY_MAX)).toBe('x'.repeat(300));
    expect(truncate('x'.repeat(301), BANNER_COPY_MAX)).toBe(`${'x'.repeat(299)}…`);
  });
});

describe('escapeQuotes', () => {
  it('escapes both quote characters', () => {
    expect(escapeQuotes(`He said "it's" fine`)).toBe('He said &quot;it&#39;s&quot; fine');
    expect(escapeQuotes('no quotes')).toBe('no quotes');
  });
});

describe('fillPlaceholders', () => {
  const data = { name: 'Jo', count: 3, zero: 0, off: false, customer: { first: 'Ann', address: { city: 'Leeds' } }, none: null };

  it('fills names, numbers and booleans', () => {
    expect(fillPlaceholders('Hi {{name}}, {{count}} items, {{zero}}, {{off}}', data)).toBe('Hi Jo, 3 items, 0, false');
  });

  it('follows dotted paths and allows spaces inside the braces', () => {
    expect(fillPlaceholders('{{ customer.first }} from {{customer.address.city}}', data)).toBe('Ann from Leeds');
  });

  it('removes unknown, null and object placeholders', () => {
    expect(fillPlaceholders('[{{missing}}][{{customer.nope.deeper}}][{{none}}][{{customer}}]', data)).toBe('[][][][]');
  });

  it('never reads from the prototype chain', () => {
    expect(fillPlaceholders('[{{constructor}}][{{name.length}}][{{__proto__}}][{{toString}}]', data)).toBe('[][][][]');
  });

  it('leaves single braces and text alone', () => {
    expect(fillPlaceholders('{name} {{ }} plain', data)).toBe('{name} {{ }} plain');
  });

  it('tolerates missing data', () => expect(fillPlaceholders('Hi {{name}}', undefined)).toBe('Hi '));
});
