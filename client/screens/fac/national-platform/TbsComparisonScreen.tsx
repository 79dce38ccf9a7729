import { useState, type FormEvent } from 'react';
import { api, type ApiError } from '../../../api/http';
import { SelectionFields, queryOf, type Selection } from './selection';
import '../../booking-admin/booking-admin.css';

interface Row {
  actType: string;
  exported: number;
  errors: number;
  rejected: number;
  accepted: number;
  unknown: number;
}

interface Comparison {
  feedbackFiles: number;
  period: { name: string; dateStart: string; dateEnd: string };
  rows: Row[];
  total: Row;
}

const COLUMNS: [keyof Row, string][] = [
  ['exported', 'Exportés'],
  ['errors', 'En erreur'],
  ['rejected', 'Rejetés'],
  ['accepted', 'Acceptés'],
  ['unknown', "Absents de l'export"],
];

const figure = new Intl.NumberFormat('fr-FR');

const NO_FEEDBACK =
  "Aucun retour de la plateforme n'a été importé pour cette période : tous les actes exportés sont comptés acceptés.";
const feedbackNote = (n: number) =>
  `${figure.format(n)} retour(s) importé(s) ; pour un acte signalé plusieurs fois, le plus récent compte. ` +
  'Un acte exporté que la plateforme ne signale pas est compté accepté.';

/**
 * Per act type, what the export of a period holds against what the platform accepted according
 * to its feedback files (administrators; issue 11 item 8).
 */
export default function TbsComparisonScreen() {
  const [choice, setChoice] = useState<Selection>({ project: '', period: '', structure: '' });
  const [result, setResult] = useState<Comparison | null>(null);
  const [error, setError] = useState<string | null>(null);
  const compare = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    api<Comparison>('/fac/tbs/comparison/', { query: queryOf(choice) }).then(setResult, (x: ApiError) => {
      setResult(null);
      setError(x.message);
    });
  };
  return (
    <div className="booking-statistics">
      <form className="panel statistics-filters" onSubmit={compare} aria-label="Choix de la comparaison">
        <SelectionFields
          idPrefix="tbs-compare"
          value={choice}
          onChange={setChoice}
          everyStructure="Toutes les structures"
        />
        <div className="field">
          <button type="submit" className="button button-primary">
            Comparer
          </button>
        </div>
      </form>
      {error && (
        <div className="notice notice-error" role="alert">
          {error}
        </div>
      )}
      {result && (
        <section className="panel" aria-labelledby="tbs-compare-title">
          <h2 id="tbs-compare-title">{`Actes de la période « ${result.period.name} »`}</h2>
          <p>{result.feedbackFiles === 0 ? NO_FEEDBACK : feedbackNote(result.feedbackFiles)}</p>
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Comparaison, défilable">
            <table className="data-table statistics-table">
              <caption className="visually-hidden">Actes exportés et acceptés par type d'acte</caption>
              <thead>
                <tr>
                  <th scope="col">Type d'acte</th>
                  {COLUMNS.map(([k, label]) => (
                    <th key={k} scope="col" className="number">
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {result.rows.map((r) => (
                  <tr key={r.actType}>
                    <th scope="row">{r.actType}</th>
                    {COLUMNS.map(([k]) => (
                      <td key={k} className="number">
                        {figure.format(r[k] as number)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Total</th>
                  {COLUMNS.map(([k]) => (
                    <td key={k} className="number">
                      {figure.format(result.total[k] as number)}
                    </td>
                  ))}
                </tr>
              </tfoot>
            </table>
          </div>
        </section>
      )}
    </div>
  );
}
