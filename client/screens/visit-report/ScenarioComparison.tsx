import { scenarioTotals, type ReportFigures } from '../../../engine/visit-report/scenario-totals';
import { formatPercentFr, formatWithUnit } from '../../../engine/simulators/shared/format-fr';

const euros = (value: number) => formatWithUnit(value, '€', 0);

type Totals = ReturnType<typeof scenarioTotals>[number];
const ROWS: [string, (s: Totals) => string][] = [
  ['Coût des travaux', (s) => euros(s.worksCost)],
  ['Aides financières', (s) => euros(s.aidsTotal)],
  ['Part couverte par les aides', (s) => formatPercentFr(s.aidsShare, 0)],
  ['Reste après aides', (s) => euros(s.remainingAfterAids)],
  ['Financements (prêts)', (s) => euros(s.financingsTotal)],
  ['Reste à charge', (s) => euros(s.remainingCost)],
];

/**
 * The two scenarios side by side, computed by the engine function the PDF's table uses, from the
 * values being typed: the advisor sees the figures the household will read.
 */
export function ScenarioComparison({ report }: { report: Record<string, unknown> }) {
  const scenarios = scenarioTotals(report as unknown as ReportFigures);
  return (
    <section className="panel visit-report-totals" aria-labelledby="visit-report-totals" data-testid="scenario-totals">
      <h2 id="visit-report-totals">Comparaison des scénarios</h2>
      <p className="muted small">Calculée au fil de la saisie à partir des travaux, aides et financements cochés.</p>
      <div className="table-wrap" aria-live="polite">
        <table className="data-table">
          <thead>
            <tr>
              <td />
              {scenarios.map((s) => (
                <th key={s.nature} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map(([name, value]) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                {scenarios.map((s) => (
                  <td key={s.nature} className="number" data-label={s.label}>
                    {value(s)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {scenarios.some((s) => s.excess > 0) && (
        <p role="note">
          Les aides et financements dépassent le coût des travaux d’un scénario : vérifiez les montants.
        </p>
      )}
    </section>
  );
}
