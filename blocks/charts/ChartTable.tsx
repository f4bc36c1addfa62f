import type { ChartProps } from './types';

/** The chart's numbers as a table, visually hidden: screen readers read the data, not the drawing. */
export function ChartTable({ title, labels, series, format = String }: Pick<ChartProps, 'title' | 'labels' | 'series' | 'format'>) {
  return (
    <table className="chart-kit__table">
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">Period</th>
          {series.map((s) => (
            <th key={s.name} scope="col">
              {s.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {labels.map((label, i) => (
          <tr key={`${label}-${i}`}>
            <th scope="row">{label}</th>
            {series.map((s) => (
              <td key={s.name}>{format(s.values[i] ?? 0)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
