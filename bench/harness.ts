/** A tiny benchmark harness: median and p95 of repeated runs, printed as one table. */

export interface Figure {
  name: string;
  unit: string;
  median: number;
  p95?: number;
  runs?: number;
  target?: string;
  note?: string;
  /** Decimals to print (default: 3 below 10, else 1). */
  decimals?: number;
}

export async function measure(fn: () => unknown | Promise<unknown>, { runs = 50, warmup = 5, setup }: { runs?: number; warmup?: number; setup?: () => void } = {}) {
  for (let i = 0; i < warmup; i++) {
    setup?.();
    await fn();
  }
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    setup?.();
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, p95: times[Math.floor(times.length * 0.95)]!, runs };
}

export function printFigures(title: string, figures: Figure[]) {
  console.log(`\n${title}`);
  for (const f of figures) {
    const value = `${f.median.toFixed(f.decimals ?? (f.median < 10 ? 3 : 1))} ${f.unit}`;
    const p95 = f.p95 === undefined ? '' : `  p95 ${f.p95.toFixed(f.p95 < 10 ? 3 : 1)} ${f.unit}`;
    const runs = f.runs ? `  (median of ${f.runs})` : '';
    const target = f.target ? `  target ${f.target}` : '';
    console.log(`  ${f.name.padEnd(52)} ${value.padStart(12)}${p95}${runs}${target}${f.note ? `  ${f.note}` : ''}`);
  }
}
