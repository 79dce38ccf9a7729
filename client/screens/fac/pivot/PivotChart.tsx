import { pivotFigure, type Pivot } from './pivot-types';

const ROW = 30;
const LABEL_WIDTH = 230;
const BAR_WIDTH = 440;
const WIDTH = LABEL_WIDTH + BAR_WIDTH + 130;
/** Colours of the column segments, dark enough against white (3:1 for graphics). */
const PALETTE = ['#1f5fa8', '#c2540a', '#2e7d32', '#8e24aa', '#b0003a', '#00838f', '#6d4c41', '#5c6bc0'];

function shortened(label: string, max = 32): string {
  return label.length > max ? `${label.slice(0, max - 1)}…` : label;
}

/**
 * Each row of the table as a horizontal bar, split into one segment per column (stacked). The
 * SVG is an image whose description says the row totals in words; the table below gives every
 * figure, so nothing is only in the picture.
 */
export function PivotChart({ pivot, title }: { pivot: Pivot; title: string }) {
  const max = Math.max(1, ...pivot.cells.map((r) => r.reduce((s, v) => s + v, 0)));
  const legendRows = pivot.cols ? Math.ceil(pivot.colHeaders.length / 3) : 0;
  const height = pivot.rowHeaders.length * ROW + 16 + legendRows * 22;
  const description = pivot.rowHeaders
    .map((h, i) => `${h.label} : ${pivotFigure(pivot.measure, pivot.rowTotals[i])}`)
    .join(' ; ');
  return (
    <figure className="statistics-chart pivot-chart" tabIndex={0}>
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        width="100%"
        role="img"
        aria-labelledby="pivot-chart-title pivot-chart-desc"
        preserveAspectRatio="xMinYMin meet"
      >
        <title id="pivot-chart-title">{title}</title>
        <desc id="pivot-chart-desc">{description || 'Aucune action.'}</desc>
        {pivot.rowHeaders.map((h, i) => {
          const y = i * ROW + 4;
          let x = LABEL_WIDTH;
          const sum = pivot.cells[i].reduce((s, v) => s + v, 0);
          return (
            <g key={h.key}>
              <text x={LABEL_WIDTH - 8} y={y + 17} textAnchor="end" className="chart-label">
                {shortened(h.label)}
              </text>
              {pivot.cells[i].map((v, j) => {
                const w = (v / max) * BAR_WIDTH;
                const rect = (
                  <rect key={j} x={x} y={y + 3} width={w} height={20} fill={PALETTE[j % PALETTE.length]}>
                    <title>{`${h.label}, ${pivot.colHeaders[j].label} : ${pivotFigure(pivot.measure, v)}`}</title>
                  </rect>
                );
                x += w;
                return rect;
              })}
              <text x={LABEL_WIDTH + (sum / max) * BAR_WIDTH + 6} y={y + 17} className="chart-value">
                {pivotFigure(pivot.measure, pivot.rowTotals[i])}
              </text>
            </g>
          );
        })}
        {pivot.cols && (
          <g transform={`translate(${LABEL_WIDTH}, ${pivot.rowHeaders.length * ROW + 12})`} aria-hidden="true">
            {pivot.colHeaders.map((c, j) => (
              <g key={c.key} transform={`translate(${(j % 3) * 190}, ${Math.floor(j / 3) * 22})`}>
                <rect width={14} height={14} fill={PALETTE[j % PALETTE.length]} />
                <text x={20} y={12} className="chart-legend">
                  {shortened(c.label, 24)}
                </text>
              </g>
            ))}
          </g>
        )}
      </svg>
    </figure>
  );
}
