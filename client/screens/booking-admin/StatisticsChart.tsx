import type { Statistics } from './types';
import { GROUPING_LABELS } from './types';
import { frenchCount, frenchPercent } from './french-figures';

const ROW = 34;
const LABEL_WIDTH = 220;
const BAR_WIDTH = 420;
const WIDTH = LABEL_WIDTH + BAR_WIDTH + 120;

function shortened(label: string): string {
  return label.length > 30 ? `${label.slice(0, 29)}…` : label;
}

/**
 * Horizontal bars: the whole bar is the appointments, its dark part those honoured. The SVG is an
 * image with a title and a description saying the same in words; the table below gives every
 * figure, so nothing is only in the picture.
 */
export function StatisticsChart({ stats }: { stats: Statistics }) {
  const max = Math.max(1, ...stats.rows.map((r) => r.count));
  const height = stats.rows.length * ROW + 40;
  const grouping = GROUPING_LABELS[stats.groupBy].toLowerCase();
  const description = stats.rows
    .map((r) => `${r.label} : ${frenchCount(r.count)} rendez-vous, ${frenchCount(r.honoured)} honorés`)
    .join(' ; ');
  return (
    // Focusable: on a narrow screen the chart scrolls sideways, and a keyboard must reach it.
    <figure className="statistics-chart" tabIndex={0}>
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        width="100%"
        role="img"
        aria-labelledby="statistics-chart-title statistics-chart-desc"
        preserveAspectRatio="xMinYMin meet"
      >
        <title id="statistics-chart-title">{`Rendez-vous par ${grouping}`}</title>
        <desc id="statistics-chart-desc">{description || 'Aucun rendez-vous sur la période.'}</desc>
        {stats.rows.map((r, i) => {
          const y = i * ROW + 4;
          const w = (r.count / max) * BAR_WIDTH;
          const h = (r.honoured / max) * BAR_WIDTH;
          return (
            <g key={r.key}>
              <text x={LABEL_WIDTH - 8} y={y + 19} textAnchor="end" className="chart-label">
                {shortened(r.label)}
              </text>
              <rect x={LABEL_WIDTH} y={y + 4} width={Math.max(w, r.count ? 2 : 0)} height={22} className="bar-all" />
              <rect x={LABEL_WIDTH} y={y + 4} width={h} height={22} className="bar-honoured" />
              <text x={LABEL_WIDTH + w + 6} y={y + 19} className="chart-value">
                {`${frenchCount(r.count)} (${frenchPercent(r.honouredRate)})`}
              </text>
            </g>
          );
        })}
        <g transform={`translate(${LABEL_WIDTH}, ${stats.rows.length * ROW + 14})`} aria-hidden="true">
          <rect width={14} height={14} className="bar-all" />
          <text x={20} y={12} className="chart-legend">
            Rendez-vous
          </text>
          <rect x={130} width={14} height={14} className="bar-honoured" />
          <text x={150} y={12} className="chart-legend">
            dont honorés
          </text>
        </g>
      </svg>
      <figcaption className="muted small">
        {`Rendez-vous non annulés par ${grouping} ; entre parenthèses, la part de rendez-vous honorés.`}
      </figcaption>
    </figure>
  );
}
