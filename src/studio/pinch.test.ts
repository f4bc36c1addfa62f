import { describe, expect, it } from 'vitest';
import { pinchPlacement } from './pinch';

const start = { x: 100, y: 100, rotation: 10, scale: 1 };

describe('pinch placement', () => {
  it('spreading the fingers twice as far doubles the layer about their midpoint', () => {
    const p = pinchPlacement(start, [{ x: 80, y: 100 }, { x: 120, y: 100 }], [{ x: 60, y: 100 }, { x: 140, y: 100 }]);
    expect(p).toEqual({ x: 100, y: 100, rotation: 10, scale: 2 });
    // Off-centre: the layer's centre moves away from the midpoint too.
    const q = pinchPlacement(start, [{ x: 0, y: 100 }, { x: 40, y: 100 }], [{ x: -20, y: 100 }, { x: 60, y: 100 }]);
    expect(q.x).toBeCloseTo(180);
    expect(q.scale).toBeCloseTo(2);
  });

  it('turning the fingers a quarter turn clockwise turns the layer 90° and swings it about the midpoint', () => {
    const p = pinchPlacement(start, [{ x: 0, y: 100 }, { x: 40, y: 100 }], [{ x: 20, y: 80 }, { x: 20, y: 120 }]);
    expect(p.rotation).toBeCloseTo(100);
    expect(p.scale).toBeCloseTo(1);
    // The centre was 80 px right of the midpoint (20, 100); a quarter turn clockwise (y down) puts it 80 px below.
    expect(p.x).toBeCloseTo(20);
    expect(p.y).toBeCloseTo(180);
  });

  it('moving both fingers together carries the layer; rotation stays within ±180°', () => {
    const p = pinchPlacement({ ...start, rotation: 170 }, [{ x: 80, y: 100 }, { x: 120, y: 100 }], [{ x: 90, y: 130 }, { x: 130, y: 140 }]);
    expect(p.x).toBeCloseTo(110);
    expect(p.y).toBeCloseTo(135);
    expect(p.rotation).toBeCloseTo(170 + (Math.atan2(10, 40) * 180) / Math.PI - 360);
  });

  it('ignores fingers too close to measure', () => {
    expect(pinchPlacement(start, [{ x: 100, y: 100 }, { x: 102, y: 100 }], [{ x: 0, y: 0 }, { x: 200, y: 0 }])).toBe(start);
  });
});
