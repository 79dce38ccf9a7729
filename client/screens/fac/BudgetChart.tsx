import type { BudgetTracking } from './follow-up-statistics-types';
import { frenchDay } from '../booking-admin/french-figures';
import { euros } from './follow-up-figures';

const WIDTH = 640;
const HEIGHT = 220;
const LEFT = 90;
const BOTTOM = 30;

/**
 * The cumulated expenses month by month against the envelope (a dashed line). The SVG is an
 * image whose description gives every point in words; the table next to it gives the same.
 */
export function BudgetChart({ budget }: { budget: BudgetTracking }) {
  const points = budget.graphData;
  const max = Math.max(1, budget.totalEnvelope, ...points.map((p) => p.cumulatedExpenses));
  const x = (i: number) => LEFT + (points.length > 1 ? (i * (WIDTH - LEFT - 50)) / (points.length - 1) : 0);
  const y = (v: number) => HEIGHT - BOTTOM - (v / max) * (HEIGHT - BOTTOM - 10);
  const description = points.map((p) => `${frenchDay(p.date)} : ${euros(p.cumulatedExpenses)}`).join(' ; ');
  return (
    <figure className="statistics-chart budget-chart" tabIndex={0}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-labelledby="budget-chart-title budget-chart-desc"
      >
        <title id="budget-chart-title">Dépenses cumulées par mois</title>
        <desc id="budget-chart-desc">
          {`Enveloppe : ${euros(budget.totalEnvelope)}. ${description || 'Aucune dépense sur la période.'}`}
        </desc>
        <line x1={LEFT} x2={WIDTH - 10} y1={y(0)} y2={y(0)} className="axis" />
        <line
          x1={LEFT}
          x2={WIDTH - 10}
          y1={y(budget.totalEnvelope)}
          y2={y(budget.totalEnvelope)}
          className="envelope"
        />
        <text x={LEFT - 6} y={y(budget.totalEnvelope) + 4} textAnchor="end" className="chart-label">
          {euros(budget.totalEnvelope)}
        </text>
        <polyline
          points={points.map((p, i) => `${x(i)},${y(p.cumulatedExpenses)}`).join(' ')}
          className="expenses"
          fill="none"
        />
        {points.map((p, i) => (
          <g key={p.date}>
            <circle cx={x(i)} cy={y(p.cumulatedExpenses)} r={4} className="expenses-point" />
            <text x={x(i)} y={HEIGHT - 10} textAnchor="middle" className="chart-label">
              {frenchDay(p.date).slice(3)}
            </text>
          </g>
        ))}
      </svg>
      <figcaption className="muted small">
        Trait plein : dépenses cumulées depuis le début de la période ; pointillés : l’enveloppe.
      </figcaption>
    </figure>
  );
}
