import { describe, expect, it } from 'vitest';
import { frameCartMessages, frameOrigins, parseFrameCartMessage } from './frameCart';
import type { BlockData } from './storeData';

const iframe = (properties: Record<string, unknown>, uid = Math.random().toString()): BlockData => ({
  uid, type: 'iframe', order: 0, size: { x: 12, y: 6 }, items: [], properties, flags: {}, unpublished: false, padding: true, fullWidth: false, fullBackgroundColor: '',
});

describe('embedded frame add-to-cart (§5.2)', () => {
  it('refuses malformed messages with the spec’s words', () => {
    expect(frameCartMessages).toEqual({
      both: 'variantId and items cannot be used together',
      variantId: 'variantId must be a string if provided',
      items: 'items must be an array if provided',
    });
    expect(parseFrameCartMessage({ variantId: 'A', items: [] })).toEqual({ error: frameCartMessages.both });
    expect(parseFrameCartMessage({ variantId: 12 })).toEqual({ error: frameCartMessages.variantId });
    expect(parseFrameCartMessage({ items: 'A' })).toEqual({ error: frameCartMessages.items });
    expect(parseFrameCartMessage({ items: [{ variantId: 3 }] })).toEqual({ error: frameCartMessages.variantId });
  });

  it('reads one variant or a list with quantities', () => {
    expect(parseFrameCartMessage({ variantId: 'FT-001-f5f3ec-M' })).toEqual({ items: [{ variantSku: 'FT-001-f5f3ec-M', quantity: 1 }] });
    expect(parseFrameCartMessage({ items: [{ variantId: 'A', quantity: 2 }, { variantId: 'B', quantity: -1 }] })).toEqual({
      items: [{ variantSku: 'A', quantity: 2 }, { variantSku: 'B', quantity: 1 }],
    });
  });

  it('accepts only the https origins of the page’s iframe blocks (src or embed code), nested ones included', () => {
    const row: BlockData = { ...iframe({}), type: 'row', items: [iframe({ code: '<iframe src="https://designer.example/app?x=1" width="100%"></iframe>' })] };
    const origins = frameOrigins([iframe({ src: 'https://shop-tools.example/embed' }), iframe({ src: 'http://insecure.example/' }), iframe({ src: 'not a url' }), row]);
    expect([...origins].sort()).toEqual(['https://designer.example', 'https://shop-tools.example']);
  });
});
