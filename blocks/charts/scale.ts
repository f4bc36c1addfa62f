/** Pure helpers of the chart kit: value → pixel scales and round tick values. */

export interface LinearScale {
  (value: number): number;
  domain: [number, number];
  ticks: number[];
}

/** A "nice" step (1, 2, 2.5 or 5 × 10ⁿ) giving about `count` ticks over `span`. */
export function niceStep(span: number, count = 5): number {
  if (!(span > 0)) return 1;
  const raw = span / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const m = raw / power;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 2.5 ? 2.5 : m <= 5 ? 5 : 10) * power;
}

/**
 * A linear scale from the data's extent (always including 0, so bars start at the axis) rounded out to nice
 * ticks, onto [rangeStart, rangeEnd] pixels (SVG y grows downwards, so pass bottom then top).
 */
export function linearScale(values: number[], rangeStart: number, rangeEnd: number, tickCount = 5): LinearScale {
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  const step = niceStep(hi - lo || 1, tickCount);
  const min = Math.floor(lo / step) * step;
  const max = hi === lo && hi === 0 ? step * tickCount : Math.ceil(hi / step) * step;
  const ticks: number[] = [];
  for (let v = min; v <= max + step / 2; v += step) ticks.push(Math.round(v * 1e6) / 1e6);
  const scale = ((value: number) => rangeStart + ((value - min) / (max - min)) * (rangeEnd - rangeStart)) as LinearScale;
  scale.domain = [min, max];
  scale.ticks = ticks;
  return scale;
}

/** Centre x of band `i` of `count` equal bands across [start, end]. */
export const bandCentre = (i: number, count: number, start: number, end: number) => start + ((i + 0.5) * (end - start)) / Math.max(1, count);

/** Indices of at most `max` labels spread evenly (first and last always shown) so long axes stay readable. */
export function labelIndices(count: number, max: number): Set<number> {
  if (count <= max) return new Set(Array.from({ length: count }, (_, i) => i));
  const step = Math.ceil((count - 1) / (max - 1));
  const out = new Set<number>();
  for (let i = 0; i < count; i += step) out.add(i);
  out.add(count - 1);
  return out;
}
