import { useEffect, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useSearchParams } from 'react-router-dom';
import { api, type ApiError } from '../../api/http';
import { ruleUserAtom } from '../../state/session';
import { notify } from '../../shell/notifications';
import { saveFile } from '../simulators/shared/download';
import { getFile } from './get-file';
import { StatisticsChart } from './StatisticsChart';
import { frenchCount, frenchDay, frenchPercent } from './french-figures';
import { GROUPING_LABELS, type Statistics, type StatisticsGrouping } from './types';
import './booking-admin.css';

interface Filters {
  from: string;
  to: string;
  groupBy: StatisticsGrouping;
  group: string;
}

function thisYear(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric' }).format(new Date());
}

function filtersOf(params: URLSearchParams): Filters {
  const year = thisYear();
  const groupBy = params.get('groupBy');
  return {
    from: params.get('from') || `${year}-01-01`,
    to: params.get('to') || `${year}-12-31`,
    groupBy: groupBy && groupBy in GROUPING_LABELS ? (groupBy as StatisticsGrouping) : 'reason',
    group: params.get('group') ?? '',
  };
}

/**
 * Appointments of a period by reason, place, advisor or month: a bar chart, its table and a
 * spreadsheet. Filters live in the address, so that a figure can be shared or reloaded.
 */
export default function StatisticsScreen() {
  const [params, setParams] = useSearchParams();
  const applied = filtersOf(params);
  const [draft, setDraft] = useState<Filters>(applied);
  const [stats, setStats] = useState<Statistics | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [exporting, setExporting] = useState(false);
  const [groups, setGroups] = useState<{ pk: number; name: string }[]>([]);
  const user = useAtomValue(ruleUserAtom);
  const administrator = user.roles.includes('administrator');
  const key = params.toString();

  useEffect(() => {
    if (!administrator) return;
    api<{ pk: number; name: string; isAdmin?: boolean }[]>('/accounts/group/', { query: { perPage: 200 } }).then(
      (list) => setGroups(list.filter((g) => !g.isAdmin)),
      () => setGroups([]),
    );
  }, [administrator]);

  useEffect(() => {
    let live = true;
    setError(null);
    const f = filtersOf(new URLSearchParams(key));
    setDraft(f);
    api<Statistics>('/dialogwatt/statistics/', { query: { ...f } }).then(
      (s) => live && setStats(s),
      (e: ApiError) => {
        if (!live) return;
        setStats(null);
        setError(e);
      },
    );
    return () => {
      live = false;
    };
  }, [key]);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams({ from: draft.from, to: draft.to, groupBy: draft.groupBy });
    if (draft.group) next.set('group', draft.group);
    setParams(next);
  };

  const download = async () => {
    if (exporting) return;
    setExporting(true);
    try {
      const { blob, fileName } = await getFile(
        '/dialogwatt/statistics/export.xlsx',
        { ...applied },
        `statistiques-rdv-${applied.from}-${applied.to}.xlsx`,
      );
      saveFile(blob, fileName);
      notify(`Le tableur ${fileName} est téléchargé.`, 'success');
    } catch (e) {
      notify((e as ApiError).message, 'error');
    } finally {
      setExporting(false);
    }
  };

  const fieldError = (path: string) => error?.errors.find((x) => x.path === path)?.message;
  const grouping = GROUPING_LABELS[applied.groupBy];
  return (
    <div className="booking-statistics">
      <form className="panel statistics-filters" onSubmit={apply} aria-label="Période et regroupement">
        <div className={`field${fieldError('from') ? ' has-error' : ''}`}>
          <label htmlFor="stats-from">Du</label>
          <input
            id="stats-from"
            type="date"
            required
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </div>
        <div className={`field${fieldError('to') ? ' has-error' : ''}`}>
          <label htmlFor="stats-to">Au</label>
          <input
            id="stats-to"
            type="date"
            required
            value={draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="stats-group-by">Regrouper par</label>
          <select
            id="stats-group-by"
            value={draft.groupBy}
            onChange={(e) => setDraft({ ...draft, groupBy: e.target.value as StatisticsGrouping })}
          >
            {Object.entries(GROUPING_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        {administrator && (
          <div className="field">
            <label htmlFor="stats-group">Structure</label>
            <select
              id="stats-group"
              value={draft.group}
              onChange={(e) => setDraft({ ...draft, group: e.target.value })}
            >
              <option value="">Toutes les structures</option>
              {groups.map((g) => (
                <option key={g.pk} value={String(g.pk)}>
                  {g.name}
                </option>
              ))}
            </select>
          </div>
        )}
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
      {!stats && !error && (
        <p className="loading" role="status">
          Chargement des statistiques…
        </p>
      )}
      {stats && (
        <section className="panel" aria-labelledby="stats-title">
          <h2 id="stats-title">
            {`Rendez-vous du ${frenchDay(stats.from)} au ${frenchDay(stats.to)}, par ${grouping.toLowerCase()}`}
          </h2>
          <p aria-live="polite">
            {`${frenchCount(stats.totals.count)} rendez-vous non annulés, dont ${frenchCount(stats.totals.honoured)} ` +
              `honorés (${frenchPercent(stats.totals.honouredRate)}).`}
          </p>
          {stats.rows.length === 0 ? (
            <p className="empty-state">Aucun rendez-vous sur cette période.</p>
          ) : (
            <>
              <StatisticsChart stats={stats} />
              <div className="table-scroll">
                <table className="data-table statistics-table">
                  <caption className="visually-hidden">{`Rendez-vous par ${grouping.toLowerCase()}`}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{grouping}</th>
                      <th scope="col" className="number">
                        Rendez-vous
                      </th>
                      <th scope="col" className="number">
                        Honorés
                      </th>
                      <th scope="col" className="number">
                        Taux honoré
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {stats.rows.map((r) => (
                      <tr key={r.key}>
                        <th scope="row">{r.label}</th>
                        <td className="number" data-label="Rendez-vous">
                          {frenchCount(r.count)}
                        </td>
                        <td className="number" data-label="Honorés">
                          {frenchCount(r.honoured)}
                        </td>
                        <td className="number" data-label="Taux honoré">
                          {frenchPercent(r.honouredRate)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row">Total</th>
                      <td className="number" data-label="Rendez-vous">
                        {frenchCount(stats.totals.count)}
                      </td>
                      <td className="number" data-label="Honorés">
                        {frenchCount(stats.totals.honoured)}
                      </td>
                      <td className="number" data-label="Taux honoré">
                        {frenchPercent(stats.totals.honouredRate)}
                      </td>
                    </tr>
                  </tfoot>
                </table>
              </div>
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
