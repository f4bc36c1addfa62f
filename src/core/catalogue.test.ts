import { describe, expect, it } from 'vitest';
import { bundleItemInStock, printCountOf, productInStock } from './catalogue';

describe('§3 derived print count (printCountOf, the one implementation)', () => {
  it('is 2 with front and back designs, 1 with one, 0 with none', () => {
    expect(printCountOf({ designs: { front: 'fern', back: 'sun' } })).toBe(2);
    expect(printCountOf({ designs: { back: 'sun' } })).toBe(1);
    expect(printCountOf({ designs: { front: '', left: 'x' } })).toBe(0);
    expect(printCountOf({ designs: null })).toBe(0);
    expect(printCountOf({})).toBe(0);
  });

  it('for a bundle, is the sum over its items (each unit it holds counted), whatever the bundle\'s own designs', () => {
    const items = [
      { quantity: 1, designs: { front: 'mountain', back: 'sun' } },
      { quantity: 2, designs: { front: 'sun' } },
      { quantity: 1, designs: {} },
    ];
    expect(printCountOf({ designs: { front: 'ignored' }, bundleItems: items })).toBe(2 + 2 * 1 + 0);
    expect(printCountOf({ designs: {}, bundleItems: [] })).toBe(0);
    // null means "not a bundle".
    expect(printCountOf({ designs: { front: 'x' }, bundleItems: null })).toBe(1);
  });
});

describe('stock of a bundle', () => {
  const option = (quantities: number[]) => ({ sizes: quantities.map((quantity, i) => ({ size: `S${i}`, sku: `s${i}`, variantId: i, quantity })) });
  const item = (quantities: number[], over: { quantity?: number; available?: boolean } = {}) => ({
    quantity: over.quantity ?? 1,
    available: over.available ?? true,
    options: [option(quantities)] as never,
  });

  it('an item is in stock when some size holds one bundle\'s worth of it', () => {
    expect(bundleItemInStock(item([0, 1]))).toBe(true);
    expect(bundleItemInStock(item([0, 1], { quantity: 2 }))).toBe(false);
    expect(bundleItemInStock(item([5], { available: false }))).toBe(false);
  });

  it('a bundle can be bought only when every item is in stock; other products when any size is', () => {
    const bundle = (items: ReturnType<typeof item>[]) => ({ isBundle: true, options: [], bundleItems: items as never });
    expect(productInStock(bundle([item([3]), item([0, 2])]))).toBe(true);
    expect(productInStock(bundle([item([3]), item([0, 0])]))).toBe(false);
    expect(productInStock(bundle([]))).toBe(false);
    expect(productInStock({ isBundle: false, bundleItems: [], options: [option([0, 1])] as never })).toBe(true);
    expect(productInStock({ isBundle: false, bundleItems: [], options: [option([0])] as never })).toBe(false);
  });
});
