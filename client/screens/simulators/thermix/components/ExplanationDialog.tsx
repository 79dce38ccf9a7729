import type { Explanation } from '../../../../../engine/simulators';
import { Dialog } from '../../../../shell/Dialog';
import { formatExplained } from './figures';

function value(v: number | string, unit: string): string {
  return typeof v === 'number' ? formatExplained(v, unit) : unit ? `${v} ${unit}` : v;
}

/** « Comment est-ce calculé ? »: the inputs, the constants and the steps behind one figure. */
export function ExplanationDialog({
  explanation,
  context,
  onClose,
}: {
  explanation: Explanation | null;
  context: string;
  onClose: () => void;
}) {
  const e = explanation;
  return (
    <Dialog open={e !== null} title={e ? `Comment est-ce calculé ? ${e.label}` : ''} onClose={onClose} wide>
      {e && (
        <div className="sim-explanation">
          <p className="sim-explanation-value">
            {context} — {e.label} : <strong>{formatExplained(e.value, e.unit)}</strong>
          </p>
          {e.inputs.length > 0 && (
            <>
              <h3>Données utilisées</h3>
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">Donnée</th>
                    <th scope="col">Valeur</th>
                  </tr>
                </thead>
                <tbody>
                  {e.inputs.map((i, n) => (
                    <tr key={n}>
                      <th scope="row">{i.label}</th>
                      <td className="num">{value(i.value, i.unit)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
          {e.constants.length > 0 && (
            <>
              <h3>Constantes</h3>
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">Constante</th>
                    <th scope="col">Valeur</th>
                    <th scope="col">Source</th>
                  </tr>
                </thead>
                <tbody>
                  {e.constants.map((c, n) => (
                    <tr key={n}>
                      <th scope="row">{c.label}</th>
                      <td className="num">{value(c.value, c.unit)}</td>
                      <td>{c.source}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
          <h3>Étapes du calcul</h3>
          <ol className="sim-steps">
            {e.steps.map((s, n) => (
              <li key={n}>{s.formula}</li>
            ))}
          </ol>
        </div>
      )}
    </Dialog>
  );
}
