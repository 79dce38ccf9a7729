import { APPENDIX_TITLES, chosenAppendices, type AppendixChoice } from '../../../engine/visit-report/appendices';

/** What is still to choose for an appendix to have content (the PDF would say it is missing). */
function pending(report: AppendixChoice, kind: keyof typeof APPENDIX_TITLES): string | null {
  if (kind === 'ecorenover' && typeof report.ecorenoverSimulation !== 'number') return 'choisissez la simulation';
  if (kind === 'heating' && typeof report.heatingSimulation !== 'number') return 'choisissez la simulation';
  if (kind === 'professionals') {
    const n = Array.isArray(report.professionals) ? report.professionals.length : 0;
    return n === 0 ? 'choisissez les professionnels' : `${n} professionnel${n > 1 ? 's' : ''}`;
  }
  return null;
}

/**
 * The appendices the PDF will carry, from the choice being typed, listed by the engine function
 * that assembles them for the PDF: the advisor sees the same list, in the same order.
 */
export function AppendixSummary({ report }: { report: Record<string, unknown> }) {
  const choice = report as unknown as AppendixChoice;
  const kinds = chosenAppendices(choice);
  return (
    <section className="panel visit-report-appendices" aria-labelledby="visit-report-appendices">
      <h2 id="visit-report-appendices">Annexes du PDF</h2>
      {kinds.length === 0 ? (
        <p className="muted small">Aucune annexe : cochez-les dans l’onglet « Conclusion ».</p>
      ) : (
        <ol aria-live="polite" data-testid="appendix-summary">
          {kinds.map((kind) => {
            const note = pending(choice, kind);
            return (
              <li key={kind}>
                {APPENDIX_TITLES[kind]}
                {note && <span className="muted"> ({note})</span>}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
