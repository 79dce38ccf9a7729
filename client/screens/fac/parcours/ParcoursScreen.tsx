import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useSearchParams } from 'react-router-dom';
import { api, type ApiError } from '../../../api/http';
import { ruleUserAtom } from '../../../state/session';
import { JourneyView } from './JourneyView';
import { loadJourneys, type Journey, type Named } from './parcours-data';
import './parcours.css';

/**
 * The journeys of a programme (issue 11 item 7): each folder model drawn as its ordered statuses
 * with the acts that lead to each. Administrators build a journey here (a model, its statuses, its
 * acts) and open the generic forms for the rest; superadvisors read it (the configuration
 * entities are changed by administrators only, docs/follow-up.md « Rights »).
 */
export default function ParcoursScreen() {
  const [params, setParams] = useSearchParams();
  const user = useAtomValue(ruleUserAtom);
  const editable = user.roles.includes('administrator');
  const [projects, setProjects] = useState<Named[] | null>(null);
  const [journeys, setJourneys] = useState<Journey[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [modelName, setModelName] = useState('');
  const [forContacts, setForContacts] = useState(true);
  const [forOrganizations, setForOrganizations] = useState(false);
  const [busy, setBusy] = useState(false);
  const chosen = Number(params.get('programme')) || projects?.[0]?.pk || null;

  useEffect(() => {
    api<Named[]>('/fac/project/', { query: { perPage: 200 } }).then(
      (list) => setProjects(list.sort((a, b) => a.pk - b.pk)),
      (e: ApiError) => setError(e.message),
    );
  }, []);

  const reload = useCallback(() => {
    if (chosen === null) return;
    loadJourneys(chosen).then(setJourneys, (e: ApiError) => setError(e.message));
  }, [chosen]);
  useEffect(() => {
    setJourneys(null);
    reload();
  }, [reload]);

  const addModel = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api('/fac/folder-model/', {
        method: 'POST',
        body: {
          name: modelName.trim(),
          project: chosen,
          linkToContact: forContacts,
          linkToOrganization: forOrganizations,
        },
      });
      setModelName('');
      reload();
    } catch (err) {
      const x = err as ApiError;
      setError(x.errors.length ? x.errors.map((m) => m.message).join(' ') : x.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="parcours-screen">
      <div className="panel parcours-choice">
        <div className="field">
          <label htmlFor="parcours-programme">Programme</label>
          <select
            id="parcours-programme"
            value={chosen ?? ''}
            onChange={(e) => setParams(new URLSearchParams({ programme: e.target.value }))}
          >
            {(projects ?? []).map((p) => (
              <option key={p.pk} value={String(p.pk)}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        {chosen !== null && (
          <p className="small">
            <Link to={`/fac/programmes/${chosen}`}>Modifier le programme</Link>
            {editable ? '' : ' — seuls les administrateurs modifient les parcours.'}
          </p>
        )}
      </div>
      {error && (
        <div className="notice notice-error" role="alert">
          {error}
        </div>
      )}
      {projects !== null && projects.length === 0 && (
        <p className="empty-state">
          Aucun programme. <Link to="/fac/programmes/creation/">Créez d'abord un programme</Link>.
        </p>
      )}
      {chosen !== null && journeys === null && !error && (
        <p className="loading" role="status">
          Chargement des parcours…
        </p>
      )}
      {journeys?.length === 0 && <p className="empty-state">Ce programme n'a pas encore de modèle de dossier.</p>}
      {journeys?.map((j) => (
        <JourneyView key={j.model.pk} journey={j} editable={editable} changed={reload} />
      ))}
      {editable && chosen !== null && (
        <form className="panel parcours-new-model" onSubmit={(e) => void addModel(e)} aria-labelledby="new-model-title">
          <h2 id="new-model-title">Nouveau modèle de dossier</h2>
          <div className="field">
            <label htmlFor="parcours-model-name">Nom du modèle de dossier</label>
            <input
              id="parcours-model-name"
              required
              maxLength={255}
              value={modelName}
              onChange={(e) => setModelName(e.target.value)}
            />
          </div>
          <div className="checkbox parcours-check">
            <input
              id="parcours-model-contact"
              type="checkbox"
              checked={forContacts}
              onChange={(e) => setForContacts(e.target.checked)}
            />
            <label htmlFor="parcours-model-contact">Pour des contacts</label>
          </div>
          <div className="checkbox parcours-check">
            <input
              id="parcours-model-organization"
              type="checkbox"
              checked={forOrganizations}
              onChange={(e) => setForOrganizations(e.target.checked)}
            />
            <label htmlFor="parcours-model-organization">Pour des structures</label>
          </div>
          <button type="submit" className="button button-primary" disabled={busy}>
            Créer le modèle de dossier
          </button>
        </form>
      )}
    </div>
  );
}
