import { ChartFigure, type TableSpec } from './ChartFigure';
import { colorAt, dashAt } from './palette';
import { linear, niceTicks } from './scale';
import { ValueAxis } from './ValueAxis';

export interface LineSeries {
  label: string;
  points: { x: number; y: number | null }[];
}

/** Lines over years (or any numeric x); a missing value breaks the line. */
export function LineChart(props: {
  title: string;
  summary: string;
  series: LineSeries[];
  format: (v: number | null) => string;
  unit: string;
  xLabel?: string;
  height?: number;
}) {
  const xs = [...new Set(props.series.flatMap((s) => s.points.map((p) => p.x)))].sort((a, b) => a - b);
  const ys = props.series.flatMap((s) => s.points.map((p) => p.y).filter((v): v is number => v !== null));
  const ticks = niceTicks(Math.min(0, ...ys), Math.max(0, ...ys));
  const table: TableSpec = {
    rowHeader: props.xLabel ?? 'Année',
    columns: props.series.map((s) => s.label),
    rows: xs.map((x) => ({
      label: String(x),
      cells: props.series.map((s) => props.format(s.points.find((p) => p.x === x)?.y ?? null)),
    })),
  };
  const legend = props.series.map((s, i) => ({ label: s.label, color: colorAt(i), dash: dashAt(i) }));
  return (
    <ChartFigure title={props.title} summary={props.summary} table={table} legend={legend}>
      {(width, labelledBy) => {
        const height = props.height ?? 280;
        const m = { top: 26, right: 16, bottom: 30, left: 58 };
        const x = linear(xs[0] ?? 0, xs[xs.length - 1] ?? 1, m.left, width - m.right);
        const y = linear(ticks[0], ticks[ticks.length - 1], height - m.bottom, m.top);
        const every = Math.max(1, Math.ceil(xs.length / Math.max(2, Math.floor((width - m.left) / 56))));
        return (
          <svg width={width} height={height} role="img" aria-labelledby={labelledBy} className="sim-svg">
            <ValueAxis ticks={ticks} y={y} left={m.left} right={width - m.right} unit={props.unit} />
            {xs.map((v, i) =>
              i % every === 0 || i === xs.length - 1 ? (
                <text key={v} x={x(v)} y={height - m.bottom + 18} textAnchor="middle" className="sim-tick">
                  {v}
                </text>
              ) : null,
            )}
            {props.series.map((s, si) => {
              // Split at missing values so that a gap is shown as a gap.
              const runs: string[] = [];
              let current = '';
              for (const p of [...s.points].sort((a, b) => a.x - b.x)) {
                if (p.y === null) {
                  if (current) runs.push(current);
                  current = '';
                } else current += `${current ? 'L' : 'M'}${x(p.x).toFixed(1)},${y(p.y).toFixed(1)}`;
              }
              if (current) runs.push(current);
              return (
                <g key={s.label}>
                  {runs.map((d, i) => (
                    <path
                      key={i}
                      d={d}
                      fill="none"
                      stroke={colorAt(si)}
                      strokeWidth="2.5"
                      strokeDasharray={dashAt(si) || undefined}
                    />
                  ))}
                  {s.points.length <= 25 &&
                    s.points.map((p) =>
                      p.y === null ? null : (
                        <circle key={p.x} cx={x(p.x)} cy={y(p.y)} r="3" fill={colorAt(si)}>
                          <title>{`${s.label}, ${p.x} : ${props.format(p.y)}`}</title>
                        </circle>
                      ),
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
