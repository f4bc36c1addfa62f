import { useId } from 'react';
import { bandCentre, labelIndices, linearScale } from './scale';
import { ChartTable } from './ChartTable';
import { colourOf, type ChartProps } from './types';
import './charts.css';

const WIDTH = 600;
const PAD = { top: 12, right: 12, bottom: 28, left: 56 };

export interface XYChartProps extends ChartProps {
  kind: 'bar' | 'line' | 'area';
}

/**
 * A bar, line or area chart in plain SVG: y axis with nice ticks and grid lines, x labels thinned to fit,
 * a legend when there is more than one series, <title>/<desc> and the data as a visually-hidden table.
 * The SVG scales to its container's width (viewBox); height is fixed in pixels.
 */
export function Chart({ kind, title, description, labels, series, format = String, height = 240 }: XYChartProps) {
  const id = useId();
  const bottom = height - PAD.bottom;
  const y = linearScale(
    series.flatMap((s) => s.values),
    bottom,
    PAD.top,
  );
  const left = PAD.left;
  const right = WIDTH - PAD.right;
  const n = labels.length;
  const shown = labelIndices(n, 8);
  const band = (right - left) / Math.max(1, n);
  const barWidth = Math.max(1, (band * 0.7) / Math.max(1, series.length));

  return (
    <figure className="chart-kit">
      <svg className="chart-kit__svg" viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-labelledby={`${id}-t ${id}-d`}>
        <title id={`${id}-t`}>{title}</title>
        <desc id={`${id}-d`}>{description}</desc>
        <g className="chart-kit__grid" aria-hidden="true">
          {y.ticks.map((t) => (
            <g key={t}>
              <line x1={left} x2={right} y1={y(t)} y2={y(t)} />
              <text x={left - 6} y={y(t)} dy="0.32em" textAnchor="end" className="chart-kit__tick">
                {format(t)}
              </text>
            </g>
          ))}
        </g>
        <g aria-hidden="true">
          {labels.map((label, i) =>
            shown.has(i) ? (
              <text key={`${label}-${i}`} x={bandCentre(i, n, left, right)} y={height - 8} textAnchor="middle" className="chart-kit__tick">
                {label}
              </text>
            ) : null,
          )}
          <line className="chart-kit__axis" x1={left} x2={right} y1={y(0)} y2={y(0)} />
        </g>
        <g aria-hidden="true">
          {series.map((s, si) => {
            const colour = colourOf(s, si);
            if (kind === 'bar') {
              return s.values.map((v, i) => {
                const x = bandCentre(i, n, left, right) - (barWidth * series.length) / 2 + si * barWidth;
                const top = Math.min(y(v), y(0));
                return (
                  <rect key={`${s.name}-${i}`} className="chart-kit__bar" x={x} y={top} width={barWidth} height={Math.abs(y(v) - y(0))} fill={colour}>
                    <title>{`${labels[i]}: ${s.name} ${format(v)}`}</title>
                  </rect>
                );
              });
            }
            const points = s.values.map((v, i) => `${bandCentre(i, n, left, right)},${y(v)}`);
            return (
              <g key={s.name}>
                {kind === 'area' && points.length > 0 ? (
                  <polygon
                    className="chart-kit__area"
                    fill={colour}
                    points={`${bandCentre(0, n, left, right)},${y(0)} ${points.join(' ')} ${bandCentre(n - 1, n, left, right)},${y(0)}`}
                  />
                ) : null}
                <polyline className="chart-kit__line" stroke={colour} points={points.join(' ')} />
              </g>
            );
          })}
        </g>
      </svg>
      {series.length > 1 ? (
        <figcaption className="chart-kit__legend" aria-hidden="true">
          {series.map((s, i) => (
            <span key={s.name} className="chart-kit__key">
              <span className="chart-kit__swatch" style={{ background: colourOf(s, i) }} />
              {s.name}
            </span>
          ))}
        </figcaption>
      ) : null}
      <ChartTable title={title} labels={labels} series={series} format={format} />
    </figure>
  );
}

export const BarChart = (props: ChartProps) => <Chart kind="bar" {...props} />;
export const LineChart = (props: ChartProps & { area?: boolean }) => <Chart kind={props.area ? 'area' : 'line'} {...props} />;
