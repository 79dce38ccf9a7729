import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { api, type ApiError } from '../../api/http';
import { notify } from '../../shell/notifications';
import { saveFile } from '../simulators/shared/download';
import { getFile } from '../booking-admin/get-file';
import { frenchCount, frenchDay } from '../booking-admin/french-figures';
import { BudgetChart } from './BudgetChart';
import { decimal, euros, hundredths } from './follow-up-figures';
import type { DrillDown, FolderModelFigures, ProgrammeStatistics, Selectors } from './follow-up-statistics-types';
import '../booking-admin/booking-admin.css';
import './follow-up-statistics.css';

interface Filters {
  project: string;
  period: string;
  dateStart: string;
  dateEnd: string;
  groups: string[];
}

function filtersOf(params: URLSearchParams): Filters {
  return {
    project: params.get('programme') ?? '',
    period: params.get('periode') ?? '',
    dateStart: params.get('du') ?? '',
    dateEnd: params.get('au') ?? '',
    groups: (params.get('structures') ?? '').split(',').filter(Boolean),
  };
}

/** A workbook built in the background and mailed (GET /fac/statistics/exports/{pk}/). */
interface MailedExport {
  pk: number;
  status: 'queued' | 'building' | 'sent' | 'failed';
  progress: number;
  message: string;
}

function queryOf(f: Filters): Record<string, string> {
  return { period: f.period, dateStart: f.dateStart, dateEnd: f.dateEnd, groups: f.groups.join(',') };
}

/**
 * Statistics of a follow-up programme (reference file area 8.12): statuses with their counts and
 * cumulated counts, acts valued per price line, objectives, the budget and its monthly chart,
 * drill-downs to the folders and the acts, and the same as a workbook. The selection lives in
 * the address, so that a figure can be shared or reloaded.
 */
export default function FollowUpStatisticsScreen() {
  const [params, setParams] = useSearchParams();
  const [selectors, setSelectors] = useState<Selectors | null>(null);
  const [stats, setStats] = useState<ProgrammeStatistics | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [exporting, setExporting] = useState(false);
  const [mailed, setMailed] = useState<MailedExport | null>(null);
  const [drill, setDrill] = useState<DrillDown | null>(null);
  const drillHeading = useRef<HTMLHeadingElement>(null);
  const key = params.toString();
  const applied = filtersOf(params);
  const [draft, setDraft] = useState<Filters>(applied);

  useEffect(() => {
    api<Selectors>('/fac/statistics/').then(setSelectors, (e: ApiError) => setError(e));
  }, []);

  // The first programme and the latest period by default.
  const project = applied.project || String(selectors?.projects[0]?.pk ?? '');
  const period = params.has('periode') ? applied.period : String(selectors?.periods[0]?.pk ?? '');
  const effective: Filters = { ...applied, project, period };

  useEffect(() => {
    if (!selectors || !project) return;
    let live = true;
    setError(null);
    setDrill(null);
    setDraft(effective);
    api<ProgrammeStatistics>(`/fac/statistics/${project}/`, { query: queryOf(effective) }).then(
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
  }, [key, selectors]);

  useEffect(() => {
    if (drill) drillHeading.current?.focus();
  }, [drill]);

  // The mailed workbook's progress, read again until it is sent or failed.
  const mailedPk = mailed && (mailed.status === 'queued' || mailed.status === 'building') ? mailed.pk : null;
  useEffect(() => {
    if (mailedPk === null) return;
    const timer = window.setInterval(() => {
      api<MailedExport>(`/fac/statistics/exports/${mailedPk}/`).then(setMailed, (e: ApiError) =>
        setMailed((m) => m && { ...m, status: 'failed', message: e.message }),
      );
    }, 1500);
    return () => window.clearInterval(timer);
  }, [mailedPk]);

  const requestMail = async () => {
    try {
      setMailed(
        await api<MailedExport>(`/fac/statistics/${project}/export-mail/`, {
          method: 'POST',
          body: queryOf(effective),
        }),
      );
    } catch (e) {
      notify((e as ApiError).message, 'error');
    }
  };

  // The link of the mail: `?classeur=<pk>&cle=<secret>`, opened signed in as its requester.
  const mailedLink = params.get('classeur') && params.get('cle');
  const downloadMailed = async () => {
    try {
      const { blob, fileName } = await getFile(
        `/fac/statistics/exports/${params.get('classeur')}/file/`,
        { cle: params.get('cle') },
        'FAC_statistics.xlsx',
      );
      saveFile(blob, fileName);
      notify(`Le tableur ${fileName} est téléchargé.`, 'success');
    } catch (e) {
      notify((e as ApiError).message, 'error');
    }
  };

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams({ programme: draft.project, periode: draft.period });
    if (draft.dateStart) next.set('du', draft.dateStart);
    if (draft.dateEnd) next.set('au', draft.dateEnd);
    if (draft.groups.length) next.set('structures', draft.groups.join(','));
    setParams(next);
  };

  // « statistics »: the figures (9.4 « Statistiques », « Suivi budget »); « actions »: one row per done action.
  const download = async (kind: 'statistics' | 'actions' = 'statistics') => {
    if (exporting) return;
    setExporting(true);
    try {
      const { blob, fileName } = await getFile(
        `/fac/statistics/${project}/${kind === 'actions' ? 'actions' : 'export'}.xlsx`,
        queryOf(effective),
        `FAC_${kind}.xlsx`,
      );
      saveFile(blob, fileName);
      notify(`Le tableur ${fileName} est téléchargé.`, 'success');
    } catch (e) {
      notify((e as ApiError).message, 'error');
    } finally {
      setExporting(false);
    }
  };

  const openStatus = async (status: { pk: number; name: string }) => {
    try {
      const res = await api<{ folders: { folder: number; name: string; group: string }[]; truncated: boolean }>(
        `/fac/statistics/${project}/status/${status.pk}/`,
        { query: queryOf(effective) },
      );
      setDrill({
        kind: 'status',
        title: `Dossiers au statut « ${status.name} »${res.truncated ? ' (les 1 000 premiers)' : ''}`,
        rows: res.folders.map((f) => ({
          key: f.folder,
          label: f.name,
          href: `/fac/dossiers/${f.folder}`,
          detail: f.group,
        })),
      });
    } catch (e) {
      notify((e as ApiError).message, 'error');
    }
  };

  const openAction = async (action: { model: number; name: string }) => {
    try {
      const res = await api<{
        actions: {
          action: number;
          folder: number;
          folderName: string;
          group: string;
          date: string | null;
          doneBy: string;
        }[];
        truncated: boolean;
      }>(`/fac/statistics/${project}/did-action/${action.model}/`, { query: queryOf(effective) });
      setDrill({
        kind: 'action',
        title: `Réalisations de « ${action.name} »${res.truncated ? ' (les 1 000 premières)' : ''}`,
        rows: res.actions.map((a) => ({
          key: a.action,
          label: a.folderName,
          href: `/fac/dossiers/${a.folder}`,
          detail: [a.date ? `le ${frenchDay(a.date)}` : '', a.doneBy ? `par ${a.doneBy}` : '', a.group]
            .filter(Boolean)
            .join(' · '),
        })),
      });
    } catch (e) {
      notify((e as ApiError).message, 'error');
    }
  };

  const fieldError = (path: string) => error?.errors.find((x) => x.path === path)?.message;
  const groupsOfProject = selectors?.projects.find((p) => String(p.pk) === draft.project)?.groups ?? [];

  if (selectors && selectors.projects.length === 0)
    return (
      <div className="follow-up-statistics">
        <p className="empty-state">
          Aucun programme n’est partagé avec votre structure : pas de statistiques à afficher.
        </p>
      </div>
    );

  return (
    <div className="follow-up-statistics booking-statistics">
      {mailedLink && (
        <section className="panel mailed-workbook" aria-labelledby="mailed-title">
          <h2 id="mailed-title">Votre classeur de statistiques</h2>
          <p>Le classeur que vous avez demandé par e-mail est prêt.</p>
          <button type="button" className="button button-primary" onClick={() => void downloadMailed()}>
            Télécharger le classeur
          </button>
        </section>
      )}
      <form className="panel statistics-filters" onSubmit={apply} aria-label="Programme, période et structures">
        <div className="field">
          <label htmlFor="suivi-project">Programme</label>
          <select
            id="suivi-project"
            value={draft.project}
            onChange={(e) => setDraft({ ...draft, project: e.target.value, groups: [] })}
          >
            {selectors?.projects.map((p) => (
              <option key={p.pk} value={String(p.pk)}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="suivi-period">Période</label>
          <select
            id="suivi-period"
            value={draft.period}
            onChange={(e) => setDraft({ ...draft, period: e.target.value })}
          >
            <option value="">Toutes les actions (sans objectifs ni budget)</option>
            {selectors?.periods.map((p) => (
              <option key={p.pk} value={String(p.pk)}>
                {`${p.name} (${frenchDay(p.dateStart)} – ${frenchDay(p.dateEnd)})`}
              </option>
            ))}
          </select>
        </div>
        <div className={`field${fieldError('dateStart') ? ' has-error' : ''}`}>
          <label htmlFor="suivi-from">Du</label>
          <input
            id="suivi-from"
            type="date"
            value={draft.dateStart}
            onChange={(e) => setDraft({ ...draft, dateStart: e.target.value })}
          />
        </div>
        <div className={`field${fieldError('dateEnd') ? ' has-error' : ''}`}>
          <label htmlFor="suivi-to">Au</label>
          <input
            id="suivi-to"
            type="date"
            value={draft.dateEnd}
            onChange={(e) => setDraft({ ...draft, dateEnd: e.target.value })}
          />
        </div>
        {groupsOfProject.length > 1 && (
          <fieldset className="field suivi-groups">
            <legend>Structures (toutes si aucune n’est cochée)</legend>
            {groupsOfProject.map((g) => (
              <label key={g.pk} className="checkbox">
                <input
                  type="checkbox"
                  checked={draft.groups.includes(String(g.pk))}
                  onChange={(e) =>
                    setDraft({
                      ...draft,
                      groups: e.target.checked
                        ? [...draft.groups, String(g.pk)]
                        : draft.groups.filter((x) => x !== String(g.pk)),
                    })
                  }
                />{' '}
                {g.name}
              </label>
            ))}
          </fieldset>
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
        <>
          <section className="panel" aria-labelledby="suivi-title">
            <h2 id="suivi-title">{stats.project.name}</h2>
            <p>
              {[
                stats.groups.map((g) => g.name).join(', '),
                stats.dateStart && stats.dateEnd
                  ? `du ${frenchDay(stats.dateStart)} au ${frenchDay(stats.dateEnd)}`
                  : stats.dateStart
                    ? `depuis le ${frenchDay(stats.dateStart)}`
                    : stats.dateEnd
                      ? `jusqu’au ${frenchDay(stats.dateEnd)}`
                      : 'toutes les actions',
              ].join(' — ')}
            </p>
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
              <button
                type="button"
                className="button"
                onClick={() => void download('actions')}
                disabled={exporting}
                aria-busy={exporting}
              >
                Exporter les actions (.xlsx)
              </button>
              <button
                type="button"
                className="button"
                onClick={() => void requestMail()}
                disabled={mailedPk !== null}
                aria-describedby="mailed-state"
              >
                Recevoir par e-mail
              </button>
              {exporting && (
                <span role="status" className="export-progress">
                  <progress aria-label="Préparation du tableur" /> Le tableur se prépare, il sera téléchargé dans un
                  instant.
                </span>
              )}
            </div>
            <p id="mailed-state" className={`mailed-state mailed-${mailed?.status ?? 'none'}`} role="status">
              {mailed?.status === 'building' && (
                <progress value={mailed.progress} max={100} aria-label="Préparation du classeur envoyé par e-mail" />
              )}{' '}
              {mailed
                ? mailed.message
                : 'Pour un classeur long à préparer, « Recevoir par e-mail » vous envoie un lien de téléchargement.'}
            </p>
          </section>
          {stats.budgetTracking && <BudgetSection stats={stats} />}
          {stats.folderModels.length === 0 && (
            <p className="empty-state panel">Ce programme n’a pas encore de modèle de dossier.</p>
          )}
          {stats.folderModels.map((m) => (
            <FolderModelSection
              key={m.pk}
              model={m}
              onStatus={(s) => void openStatus(s)}
              onAction={(a) => void openAction(a)}
            />
          ))}
          {drill && (
            <section className="panel drill-down" aria-labelledby="drill-title">
              <h2 id="drill-title" ref={drillHeading} tabIndex={-1}>
                {drill.title}
              </h2>
              {drill.rows.length === 0 ? (
                <p className="empty-state">Aucun dossier.</p>
              ) : (
                <ul>
                  {drill.rows.map((r) => (
                    <li key={r.key}>
                      <Link to={r.href}>{r.label}</Link> <span className="muted">{r.detail}</span>
                    </li>
                  ))}
                </ul>
              )}
              <button type="button" className="button" onClick={() => setDrill(null)}>
                Fermer
              </button>
            </section>
          )}
        </>
      )}
    </div>
  );
}

function BudgetSection({ stats }: { stats: ProgrammeStatistics }) {
  const b = stats.budgetTracking!;
  return (
    <section className="panel" aria-labelledby="budget-title">
      <h2 id="budget-title">Suivi du budget</h2>
      <dl className="budget-figures">
        <div>
          <dt>Enveloppe</dt>
          <dd>{euros(b.totalEnvelope)}</dd>
        </div>
        <div>
          <dt>Dépensé depuis le {frenchDay(b.periodStart)}</dt>
          <dd>{`${euros(b.totalExpenses)} (${hundredths(b.percentExpenses)})`}</dd>
        </div>
        <div>
          <dt>Dont sur les dates choisies</dt>
          <dd>{euros(b.expensesInSelectedTimeLapse)}</dd>
        </div>
      </dl>
      {b.graphData.length === 0 ? (
        <p className="empty-state">Aucune action valorisée sur ces dates.</p>
      ) : (
        <BudgetChart budget={b} />
      )}
    </section>
  );
}

function FolderModelSection({
  model,
  onStatus,
  onAction,
}: {
  model: FolderModelFigures;
  onStatus: (s: { pk: number; name: string }) => void;
  onAction: (a: { model: number; name: string }) => void;
}) {
  const id = `model-${model.pk}`;
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id}>{model.name}</h2>
      <p>
        {`${frenchCount(model.folders)} dossier${model.folders > 1 ? 's' : ''}, ` +
          `${euros(model.totalExpenses)} valorisés.`}
      </p>
      <div className="table-scroll">
        <table className="data-table statistics-table">
          <caption>{`Statuts des dossiers « ${model.name} »`}</caption>
          <thead>
            <tr>
              <th scope="col">Statut</th>
              <th scope="col" className="number">
                Ont ce statut
              </th>
              <th scope="col" className="number">
                % des dossiers
              </th>
              <th scope="col" className="number">
                Cumul
              </th>
              <th scope="col" className="number">
                Objectif
              </th>
              <th scope="col" className="number">
                Avancement
              </th>
            </tr>
          </thead>
          <tbody>
            {model.statuses.map((s) => (
              <tr key={s.pk}>
                <th scope="row">
                  {s.nbStatus > 0 ? (
                    <button type="button" className="link-button" onClick={() => onStatus(s)}>
                      {s.name}
                      <span className="visually-hidden"> : voir les dossiers</span>
                    </button>
                  ) : (
                    s.name
                  )}
                </th>
                <td className="number">{frenchCount(s.nbStatus)}</td>
                <td className="number">{hundredths(s.percentage)}</td>
                <td className="number">{frenchCount(s.nbCumulated)}</td>
                <td className="number">{s.objective === null ? '—' : frenchCount(s.objective)}</td>
                <td className="number">{hundredths(s.progression)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {model.statuses.length === 0 && <p className="empty-state">Ce modèle de dossier n’a pas de statut.</p>}
      <div className="table-scroll">
        <table className="data-table statistics-table">
          <caption>{`Actes réalisés et valorisation — ${model.name}`}</caption>
          <thead>
            <tr>
              <th scope="col">Acte</th>
              <th scope="col" className="number">
                Réalisés
              </th>
              <th scope="col" className="number">
                Objectif
              </th>
              <th scope="col">Type de valorisation</th>
              <th scope="col" className="number">
                Quantité
              </th>
              <th scope="col" className="number">
                Valorisation unitaire
              </th>
              <th scope="col" className="number">
                Total
              </th>
            </tr>
          </thead>
          {model.categories.map((c) => (
            <tbody key={c.pk}>
              <tr className="category-row">
                <th scope="colgroup" colSpan={7}>
                  {`${c.name} — ${frenchCount(c.totalActions)} actes, ${euros(c.totalExpenses)}`}
                </th>
              </tr>
              {c.actions.flatMap((a) =>
                a.lines.map((l, i) => (
                  <tr key={`${a.model}-${i}`}>
                    {i === 0 && (
                      <>
                        <th scope="row" rowSpan={a.lines.length}>
                          {a.total > 0 ? (
                            <button type="button" className="link-button" onClick={() => onAction(a)}>
                              {a.name}
                              <span className="visually-hidden"> : qui l’a réalisé</span>
                            </button>
                          ) : (
                            a.name
                          )}
                        </th>
                        <td className="number" rowSpan={a.lines.length}>
                          {frenchCount(a.total)}
                        </td>
                        <td className="number" rowSpan={a.lines.length}>
                          {a.objective === null ? '—' : `${frenchCount(a.objective)} (${hundredths(a.progression)})`}
                        </td>
                      </>
                    )}
                    <td>{l.label || '—'}</td>
                    <td className="number">{l.isAct ? frenchCount(l.quantity) : `${decimal(l.quantity)} h`}</td>
                    <td className="number">{euros(l.unitValorisation)}</td>
                    <td className="number">{euros(l.totalValorisation)}</td>
                  </tr>
                )),
              )}
            </tbody>
          ))}
        </table>
      </div>
    </section>
  );
}
