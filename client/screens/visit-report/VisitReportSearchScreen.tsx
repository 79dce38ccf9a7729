import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { api, type ApiError } from '../../api/http';
import { useCurrentRoute } from '../../runtime/entity-routes';
import { formatDate } from '../../lib/format';
import { KINDS, householdName, kindOf } from './report-kind';
import './visit-report.css';

interface Recent {
  housing: number;
  contact?: number;
  organization?: number;
  name: string;
  address: string;
  updatedAt: string;
  report: number | null;
}

type Found = Record<string, unknown> & { pk: number };

/**
 * /compte-rendu-entretien/recherche-dossier and /preco-immo: the structure's 20 most recently
 * changed housing files first, then a search among its contacts (or organisations).
 */
export default function VisitReportSearchScreen() {
  const kind = kindOf(useCurrentRoute().params?.kind);
  const settings = KINDS[kind];
  const [recent, setRecent] = useState<Recent[] | null>(null);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Found[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    api<{ results: Recent[] }>(`/visit-report/entities/?type=${settings.recentType}`).then(
      (r) => live && setRecent(r.results),
      (e: ApiError) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [settings.recentType]);

  const search = async (event: FormEvent) => {
    event.preventDefault();
    if (!query.trim()) return setFound(null);
    setBusy(true);
    setError(null);
    try {
      setFound(await api<Found[]>(settings.searchPath, { query: { q: query.trim(), perPage: '20', page: '1' } }));
    } catch (e) {
      setError((e as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  const fileLink = (pk: number | undefined) => `${settings.base}/${settings.contactType}/${pk}`;
  return (
    <div className="visit-report-search">
      <form className="panel visit-report-search-form" role="search" onSubmit={(e) => void search(e)}>
        <label htmlFor="visit-report-q">{settings.searchLabel}</label>
        <div className="visit-report-search-row">
          <input id="visit-report-q" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
            Rechercher
          </button>
        </div>
      </form>
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      {found && (
        <section aria-labelledby="visit-report-found">
          <h2 id="visit-report-found">Résultats ({found.length})</h2>
          {found.length === 0 ? (
            <p>Aucune fiche ne correspond à « {query} ».</p>
          ) : (
            <ul className="visit-report-files">
              {found.map((r) => (
                <li key={r.pk}>
                  <Link to={fileLink(r.pk)}>{householdName(r)}</Link>
                  <span className="muted">{[r.zipcode, r.town].filter(Boolean).join(' ')}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <section aria-labelledby="visit-report-recent">
        <h2 id="visit-report-recent">{settings.recentTitle}</h2>
        {recent === null && !error && (
          <p className="loading" role="status">
            Chargement…
          </p>
        )}
        {recent?.length === 0 && <p>{settings.emptyRecent}</p>}
        {recent && recent.length > 0 && (
          <ul className="visit-report-files">
            {recent.map((r) => (
              <li key={r.housing}>
                <Link to={fileLink(r.contact ?? r.organization)}>{r.name || 'Fiche sans nom'}</Link>
                <span className="muted">{r.address || 'Adresse non renseignée'}</span>
                <span className="small">
                  {r.report ? 'Compte rendu commencé' : 'Pas encore de compte rendu'} · modifié le{' '}
                  {formatDate(r.updatedAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
