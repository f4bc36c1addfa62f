import { describe, expect, it } from 'vitest';
import { DEFAULT_SEARCH_THRESHOLD, findSearchRedirect, MATCH_WEIGHTS, PROPERTY_WEIGHTS, rankBySearch, searchWeight } from './search';

describe('§9 search weighting', () => {
  it('has the spec constants: partial 1, full word 2, threshold 0; name 3, tags 2, description 1', () => {
    expect(MATCH_WEIGHTS).toEqual({ partial: 1, fullWord: 2 });
    expect(DEFAULT_SEARCH_THRESHOLD).toBe(0);
    expect(PROPERTY_WEIGHTS).toEqual({ name: 3, tags: 2, description: 1 });
  });

  it('weighs full words 2 and partial matches 1, times the property weight', () => {
    expect(searchWeight('tee', { name: 'Fern Tee' })).toBe(2 * 3);
    expect(searchWeight('fer', { name: 'Fern Tee' })).toBe(1 * 3);
    expect(searchWeight('nature', { tags: ['nature', 'green'] })).toBe(2 * 2);
    expect(searchWeight('natur', { tags: ['nature'] })).toBe(1 * 2);
    expect(searchWeight('cotton', { description: 'organic cotton' })).toBe(2 * 1);
    expect(searchWeight('FERN', { name: 'Fern Tee', tags: ['fern'], description: 'a fern' })).toBe(6 + 4 + 2);
    // Each query word counts once per property.
    expect(searchWeight('fern tee', { name: 'Fern Tee' })).toBe(12);
    expect(searchWeight('', { name: 'Fern' })).toBe(0);
    expect(searchWeight('x', { name: 'Fern' }, { name: 3 })).toBe(0);
  });

  it('keeps items above the threshold, heaviest first, ties in input order', () => {
    const items = [
      { name: 'Blue Bag', description: 'a tee bag' },
      { name: 'Tee', description: '' },
      { name: 'Other', description: 'nothing' },
      { name: 'Teepee', description: '' },
    ];
    const ranked = rankBySearch(items, 'tee', (i) => i);
    expect(ranked.map((r) => [r.item.name, r.weight])).toEqual([
      ['Tee', 6],
      ['Teepee', 3],
      ['Blue Bag', 2],
    ]);
    expect(rankBySearch(items, 'tee', (i) => i, { threshold: 2 }).map((r) => r.item.name)).toEqual(['Tee', 'Teepee']);
  });
});

describe('§5.2 search redirects', () => {
  const redirects = [
    { searchTerm: 'Hoodies', destinationUrl: '/collection/hoodies/' },
    { searchTerm: 'help', destinationUrl: 'https://help.example.com/' },
  ];
  it('match the term case-insensitively; "/" destinations are routed in the app, others navigate', () => {
    expect(findSearchRedirect('  hOODIES ', redirects)).toEqual({ url: '/collection/hoodies/', internal: true });
    expect(findSearchRedirect('HELP', redirects)).toEqual({ url: 'https://help.example.com/', internal: false });
    expect(findSearchRedirect('hoodie', redirects)).toBeNull();
    expect(findSearchRedirect('x', [{ searchTerm: 'x', destinationUrl: '//evil.example' }])).toEqual({ url: '//evil.example', internal: false });
  });
});
