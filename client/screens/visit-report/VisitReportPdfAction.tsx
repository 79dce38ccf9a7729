import { useState } from 'react';
import { notify } from '../../shell/notifications';
import type { ApiError } from '../../api/http';
import type { RecordActionProps } from '../../runtime/types';
import { postForFile, reportDomain, saveFile } from '../simulators/shared/download';
import { scenarioTotals, type ReportFigures } from '../../../engine/visit-report/scenario-totals';
import { formatPercentFr, formatWithUnit } from '../../../engine/simulators/shared/format-fr';

const euros = (value: number) => formatWithUnit(value, '€', 0);

/**
 * The saved report's scenario comparison (the same engine function as the PDF's table, so the
 * household reads the figures the advisor saw) and « Télécharger le PDF ».
 */
export default function VisitReportPdfAction({ record, label }: RecordActionProps) {
  const [busy, setBusy] = useState(false);
  const scenarios = scenarioTotals(record as unknown as ReportFigures);

  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { blob, fileName } = await postForFile(
        '/visit-report/report/pdf',
        { domain: reportDomain(), data: { report: record.pk } },
        'diagnostic.pdf',
      );
      saveFile(blob, fileName);
    } catch (e) {
      notify((e as ApiError).message || 'Le PDF n’a pas pu être créé.', 'error');
    } finally {
      setBusy(false);
    }
  };

  const rows: [string, (s: (typeof scenarios)[number]) => string][] = [
    ['Coût des travaux', (s) => euros(s.worksCost)],
    ['Aides financières', (s) => euros(s.aidsTotal)],
    ['Part couverte par les aides', (s) => formatPercentFr(s.aidsShare, 0)],
    ['Reste après aides', (s) => euros(s.remainingAfterAids)],
    ['Financements (prêts)', (s) => euros(s.financingsTotal)],
    ['Reste à charge', (s) => euros(s.remainingCost)],
  ];
  return (
    <section className="panel visit-report-totals" aria-labelledby="visit-report-totals">
      <h2 id="visit-report-totals">Comparaison des scénarios (enregistrée)</h2>
      <div className="table-wrap">
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
            {rows.map(([name, value]) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                {scenarios.map((s) => (
                  <td key={s.nature} className="number">
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
      <button type="button" className="button" onClick={download} disabled={busy} aria-busy={busy}>
        {busy ? 'Création du PDF…' : label}
      </button>
    </section>
  );
}
