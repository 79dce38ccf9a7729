import { ChartFigure, type TableSpec } from './ChartFigure';
import { colorAt } from './palette';
import { linear, niceTicks } from './scale';
import { ValueAxis } from './ValueAxis';

export interface BarSeries {
  label: string;
  values: (number | null)[];
  color?: string;
}

/**
 * Vertical bars, one group per category: side by side, or stacked (the parts of a total). Values
 * are written in the data table with `format`; the axis uses short labels.
 */
export function BarChart(props: {
  title: string;
  summary: string;
  categories: string[];
  series: BarSeries[];
  stacked?: boolean;
  format: (v: number | null) => string;
  /** Axis unit, e.g. "€". */
  unit: string;
  height?: number;
}) {
  const series = props.series.map((s, i) => ({ ...s, color: s.color ?? colorAt(i) }));
  const totals = props.categories.map((_c, ci) => series.reduce((sum, s) => sum + Math.max(0, s.values[ci] ?? 0), 0));
  const values = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const max = props.stacked ? Math.max(0, ...totals) : Math.max(0, ...values);
  const min = props.stacked ? 0 : Math.min(0, ...values);
  const ticks = niceTicks(min, max);
  const table: TableSpec = {
    rowHeader: props.stacked ? 'Composante' : 'Série',
    columns: props.categories,
    rows: [
      ...series.map((s) => ({ label: s.label, cells: s.values.map(props.format) })),
      ...(props.stacked ? [{ label: 'Total', cells: totals.map(props.format) }] : []),
    ],
  };
  const legend =
    series.length > 1 || props.stacked ? series.map((s) => ({ label: s.label, color: s.color })) : undefined;
  return (
    <ChartFigure title={props.title} summary={props.summary} table={table} legend={legend}>
      {(width, labelledBy) => {
        const height = props.height ?? 280;
        const m = { top: 26, right: 12, bottom: 44, left: 58 };
        const y = linear(ticks[0], ticks[ticks.length - 1], height - m.bottom, m.top);
        const band = (width - m.left - m.right) / Math.max(1, props.categories.length);
        const groupWidth = Math.min(band * 0.7, props.stacked ? 90 : 60 * series.length);
        const barWidth = props.stacked ? groupWidth : groupWidth / Math.max(1, series.length);
        return (
          <svg width={width} height={height} role="img" aria-labelledby={labelledBy} className="sim-svg">
            <ValueAxis ticks={ticks} y={y} left={m.left} right={width - m.right} unit={props.unit} />
            {props.categories.map((c, ci) => {
              const x0 = m.left + band * ci + (band - groupWidth) / 2;
              let base = 0;
              return (
                <g key={c}>
                  {series.map((s, si) => {
                    const v = s.values[ci];
                    if (v === null || v === undefined) return null;
                    let top: number;
                    let bottom: number;
                    let x = x0;
                    if (props.stacked) {
                      bottom = y(base);
                      base += Math.max(0, v);
                      top = y(base);
                    } else {
                      x = x0 + barWidth * si;
                      top = y(Math.max(0, v));
                      bottom = y(Math.min(0, v));
                    }
                    return (
                      <rect
                        key={s.label}
                        x={x}
                        y={top}
                        width={Math.max(1, barWidth - (props.stacked ? 0 : 2))}
                        height={Math.max(0, bottom - top)}
                        fill={s.color}
                      >
                        <title>{`${c} — ${s.label} : ${props.format(v)}`}</title>
                      </rect>
                    );
                  })}
                  <text
                    x={m.left + band * ci + band / 2}
                    y={height - m.bottom + 16}
                    textAnchor="middle"
                    className="sim-tick sim-category"
                  >
                    {c}
                  </text>
                  {props.stacked && (
                    <text
                      x={m.left + band * ci + band / 2}
                      y={height - m.bottom + 32}
                      textAnchor="middle"
                      className="sim-tick"
                    >
                      {props.format(totals[ci])}
                    </text>
                  )}
                </g>
              );
            })}
          </svg>
        );
      }}
    </ChartFigure>
  );
}
