import { describe, expect, it } from 'vitest';
import { EXTRA_SIDE_PRICE, effectiveDpi, isCustomSku, printCountOf, printSize, studioMessages, studioPrice, type TextLayer } from './studio';

const text: TextLayer = { id: 't', kind: 'text', text: 'Hi', font: 'Lato', colour: '#111111', size: 0.1, x: 0.5, y: 0.5, rotation: 0 };

describe('studio rules', () => {
  it('§3 print count: the sides that carry a layer; the price adds each side after the first', () => {
    expect(printCountOf({})).toBe(0);
    expect(printCountOf({ front: [text], back: [] })).toBe(1);
    expect(printCountOf({ front: [text], back: [text] })).toBe(2);
    expect(studioPrice(2500, 1)).toBe(2500);
    expect(studioPrice(2500, 2)).toBe(2500 + EXTRA_SIDE_PRICE);
    expect(studioPrice(2500, 0)).toBe(2500);
  });

  it('print files are 300 dpi for the area: a 30 cm chest is 3543 px across', () => {
    expect(printSize('tshirt', 'front')).toMatchObject({ widthCm: 30, width: 3543, height: 4429 });
    expect(printSize('tote', 'front')).toMatchObject({ widthCm: 30, width: 3543, height: 3543 });
    expect(() => printSize('tote', 'left')).toThrow();
  });

  it('§3 custom skus and the low-resolution warning', () => {
    for (const sku of ['CP-1', 'GBro1', 'STUSUB2', 'FPD3', 'API4']) expect(isCustomSku(sku)).toBe(true);
    expect(isCustomSku('FT-001')).toBe(false);
    // 600 px across 18 cm (60 % of 30 cm) is about 85 dpi.
    expect(Math.round(effectiveDpi({ width: 0.6, pixelWidth: 600 }, 30))).toBe(85);
    expect(studioMessages.lowResolution(84.7)).toMatch(/^Low resolution: this picture prints at 85 dpi/);
  });
});
