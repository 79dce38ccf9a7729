import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api, type ApiError } from '../../../api/http';
import { notify } from '../../../shell/notifications';
import { saveFile } from '../../simulators/shared/download';
import { getFile } from '../../booking-admin/get-file';
import { PivotChart } from './PivotChart';
import {
  DIMENSION_LABELS,
  MEASURE_LABELS,
  pivotFigure,
  type Pivot,
  type PivotDimension,
  type PivotMeasure,
} from './pivot-types';
import '../../booking-admin/booking-admin.css';
import './pivot.css';

interface Choice {
  rows: PivotDimension;
  cols: PivotDimension | 'none';
  measure: PivotMeasure;
  project: string;
  from: string;
  to: string;
  done: 'done' | 'all';
}

const pick = <T extends string>(value: string | null, allowed: Record<string, unknown>, fallback: T): T =>
  value !== null && value in allowed ? (value as T) : fallback;

/** The pivot's choice read from the address: a pivot is shared as a link. */
function choiceOf(params: URLSearchParams): Choice {
  const cols = params.get('cols');
  return {
    rows: pick(params.get('rows'), DIMENSION_LABELS, 'structure'),
    cols: cols === 'none' ? 'none' : pick(cols, DIMENSION_LABELS, 'month'),
    measure: pick(params.get('measure'), MEASURE_LABELS, 'count'),
    project: params.get('project') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    done: params.get('done') === 'all' ? 'all' : 'done',
  };
}

function queryOf(c: Choice): Record<string, string> {
  const q: Record<string, string> = { rows: c.rows, cols: c.cols, measure: c.measure };
  if (c.project) q.project = c.project;
  if (c.from) q.from = c.from;
  if (c.to) q.to = c.to;
  if (c.done === 'all') q.done = 'all';
  return q;
}

/**
 * The follow-up pivot (issue 11 item 5, reference file area 8.13): rows, columns and a measure
 * chosen among whitelisted dimensions, aggregated by the server (which applies the rights), shown
 * as a table with totals and a stacked bar chart, exported as a spreadsheet.
 */
export default function PivotScreen() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const applied = choiceOf(params);
  const [draft, setDraft] = useState<Choice>(applied);
  const [pivot, setPivot] = useState<Pivot | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [projects, setProjects] = useState<{ pk: number; name: string }[]>([]);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    api<{ pk: number; name: string }[]>('/fac/project/', { query: { perPage: 200 } }).then(setProjects, () =>
      setProjects([]),
    );
  }, []);

  useEffect(() => {
    let live = true;
    const c = choiceOf(new URLSearchParams(key));
    setDraft(c);
    setError(null);
    api<Pivot>('/fac/pivot/', { query: queryOf(c) }).then(
      (p) => live && setPivot(p),
      (e: ApiError) => {
        if (!live) return;
        setPivot(null);
        setError(e);
      },
    );
    return () => {
      live = false;
    };
  }, [key]);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setParams(new URLSearchParams(queryOf(draft)));
  };

  const download = async () => {
    if (exporting) return;
    setExporting(true);
    try {
      const { blob, fileName } = await getFile('/fac/pivot/export.xlsx', queryOf(applied), 'tableau-croise.xlsx');
      saveFile(blob, fileName);
      notify(`Le tableur ${fileName} est téléchargé.`, 'success');
    } catch (e) {
      notify((e as ApiError).message, 'error');
    } finally {
      setExporting(false);
    }
  };

  const select = <K extends keyof Choice>(id: string, label: string, field: K, options: [string, string][]) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={draft[field]} onChange={(e) => setDraft({ ...draft, [field]: e.target.value })}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
  const dimensions = Object.entries(DIMENSION_LABELS);
  const measure = MEASURE_LABELS[applied.measure];
  const title = pivot
    ? `${measure} par ${DIMENSION_LABELS[pivot.rows].toLowerCase()}` +
      (pivot.cols ? ` et par ${DIMENSION_LABELS[pivot.cols].toLowerCase()}` : '')
    : '';
  return (
    <div className="booking-statistics pivot-screen">
      <form className="panel statistics-filters" onSubmit={apply} aria-label="Choix du tableau croisé">
        {select('pivot-rows', 'Lignes', 'rows', dimensions)}
        {select('pivot-cols', 'Colonnes', 'cols', [['none', '— Aucune —'], ...dimensions])}
        {select('pivot-measure', 'Mesure', 'measure', Object.entries(MEASURE_LABELS))}
        {select('pivot-project', 'Programme', 'project', [
          ['', 'Tous les programmes'],
          ...projects.map((p): [string, string] => [String(p.pk), p.name]),
        ])}
        <div className="field">
          <label htmlFor="pivot-from">Actions du</label>
          <input
            id="pivot-from"
            type="date"
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="pivot-to">au</label>
          <input
            id="pivot-to"
            type="date"
            value={draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </div>
        {select('pivot-done', 'Actions comptées', 'done', [
          ['done', 'Réalisées'],
          ['all', 'Toutes (réalisées ou non)'],
        ])}
        <div className="field">
          <button type="submit" className="button button-primary">
            Afficher
          </button>
        </div>
      </form>
      {error && (
        <div className="notice notice-error" role="alert">
          {error.errors.length ? error.errors.map((x) => x.message).join(' ') : error.message}
        </div>
      )}
      {!pivot && !error && (
        <p className="loading" role="status">
          Calcul du tableau croisé…
        </p>
      )}
      {pivot && (
        <section className="panel" aria-labelledby="pivot-title">
          <h2 id="pivot-title">{title}</h2>
          <p aria-live="polite">{`Total : ${pivotFigure(pivot.measure, pivot.total)}.`}</p>
          {pivot.rowHeaders.length === 0 ? (
            <p className="empty-state">Aucune action pour ce choix.</p>
          ) : (
            <>
              <PivotChart pivot={pivot} title={title} />
              <div className="table-scroll" tabIndex={0} role="region" aria-label="Tableau croisé, défilable">
                <table className="data-table statistics-table pivot-table">
                  <caption className="visually-hidden">{title}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{DIMENSION_LABELS[pivot.rows]}</th>
                      {pivot.colHeaders.map((c) => (
                        <th key={c.key} scope="col" className="number">
                          {c.label}
                        </th>
                      ))}
                      {pivot.cols && (
                        <th scope="col" className="number">
                          Total
                        </th>
                      )}
                    </tr>
                  </thead>
                  <tbody>
                    {pivot.rowHeaders.map((r, i) => (
                      <tr key={r.key}>
                        <th scope="row">{r.label}</th>
                        {pivot.cells[i].map((v, j) => (
                          <td key={pivot.colHeaders[j].key} className="number" data-label={pivot.colHeaders[j].label}>
                            {pivotFigure(pivot.measure, v)}
                          </td>
                        ))}
                        {pivot.cols && (
                          <td className="number" data-label="Total">
                            {pivotFigure(pivot.measure, pivot.rowTotals[i])}
                          </td>
                        )}
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row">Total</th>
                      {pivot.colTotals.map((v, j) => (
                        <td key={pivot.colHeaders[j].key} className="number" data-label={pivot.colHeaders[j].label}>
                          {pivotFigure(pivot.measure, v)}
                        </td>
                      ))}
                      {pivot.cols && (
                        <td className="number" data-label="Total">
                          {pivotFigure(pivot.measure, pivot.total)}
                        </td>
                      )}
                    </tr>
                  </tfoot>
                </table>
              </div>
              {pivot.measure === 'folders' && (
                <p className="muted small">
                  Un dossier est compté une fois par case où il a des actions : les totaux comptent chaque dossier une
                  seule fois.
                </p>
              )}
            </>
          )}
          <div className="statistics-export">
            <button
              type="button"
              className="button"
              onClick={() => void download()}
              disabled={exporting}
              aria-busy={exporting}
            >
              {exporting ? 'Préparation du tableur…' : 'Exporter en tableur (.xlsx)'}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
