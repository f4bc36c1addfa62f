import { describe, expect, it } from 'vitest';
import { spotInList } from './dropTargets';
import { autoScrollStep, AUTO_SCROLL_EDGE_PX } from './EditorDnd';

const box = (left: number, top: number, width: number, height: number) =>
  ({ getBoundingClientRect: () => ({ left, top, width, height, right: left + width, bottom: top + height }) }) as unknown as Element;

describe('drop position in a list follows the pointer', () => {
  // Two full-width blocks with a 24 px gap, then a row of two half-width blocks.
  const list = [box(0, 0, 1200, 100), box(0, 124, 1200, 100), box(0, 248, 588, 100), box(612, 248, 588, 80)];
  it('a gap between blocks lands between them, not at the end', () => {
    expect(spotInList(list, 600, 112)).toBe(1);
    expect(spotInList(list, 600, 236)).toBe(2);
  });
  it('the gap between blocks side by side lands between them', () => {
    expect(spotInList(list, 600, 300)).toBe(3);
    expect(spotInList(list, 100, 300)).toBe(2);
  });
  it('under a short block of a row (beside the taller one) goes by x; below every block is the end', () => {
    expect(spotInList(list, 1100, 340)).toBe(4);
    expect(spotInList(list, 100, 340)).toBe(2);
    expect(spotInList(list, 600, 900)).toBe(4);
    expect(spotInList(list, 600, -10)).toBe(0);
  });
  it('auto-scroll scrolls near the edges only, faster closer to them', () => {
    expect(autoScrollStep(400, 0, 800)).toBe(0);
    expect(autoScrollStep(5, 0, 800)).toBeLessThan(autoScrollStep(AUTO_SCROLL_EDGE_PX - 5, 0, 800));
    expect(autoScrollStep(795, 0, 800)).toBeGreaterThan(0);
  });
});
