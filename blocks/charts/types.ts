/** One series of a chart: a name for the legend and table, one value per label. */
export interface ChartSeries {
  name: string;
  values: number[];
  /** CSS colour; the theme's colours by default. */
  color?: string;
}

export interface ChartProps {
  /** Accessible name (SVG <title>) and table caption. */
  title: string;
  /** Longer accessible description (SVG <desc>). */
  description: string;
  labels: string[];
  series: ChartSeries[];
  /** Formats values for the axis, tooltips and table. */
  format?: (value: number) => string;
  height?: number;
}

export const DEFAULT_COLOURS = ['var(--primary-color, #2f5d3a)', 'var(--contrast-color, #d08c3b)', 'var(--text-color, #555)'];
export const colourOf = (series: ChartSeries, i: number) => series.color || DEFAULT_COLOURS[i % DEFAULT_COLOURS.length]!;
