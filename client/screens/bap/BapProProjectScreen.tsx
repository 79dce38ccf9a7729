import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { api } from '../../api/http';
import { usePageTitle } from '../../shell/page-title';
import { formatDate } from '../../lib/format';
import {
  BUDGET_LABELS,
  STATE_LABELS,
  failureText,
  subMissionNames,
  type BapHousehold,
  type BapInterest,
  type BapProject,
} from './bap-api';
import './bap.css';

/**
 * One project for a professional (/bourse-aux-projets/professionnels/projets/:pk): its works, the
 * interest they declared or the form to declare it, and the household's contact once the advisor
 * shared it (the server answers it only then).
 */
export default function BapProProjectScreen() {
  const { pk = '' } = useParams();
  const [project, setProject] = useState<BapProject | null>(null);
  const [interest, setInterest] = useState<BapInterest | null>(null);
  const [contact, setContact] = useState<BapHousehold | null>(null);
  const [sheet, setSheet] = useState<number | null>(null);
  const [names, setNames] = useState<Map<number, string>>(new Map());
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  usePageTitle(project ? project.title : 'Projet');
  const load = useCallback(() => {
    api<BapProject>(`/bap/project/${encodeURIComponent(pk)}/`).then(setProject, (e) => setError(failureText(e)));
    api<BapInterest[]>('/bap/interest/', { query: { project: pk } }).then((r) => setInterest(r[0] ?? null));
    api<BapHousehold[]>('/bap/household/', { query: { project: pk } }).then((r) => setContact(r[0] ?? null));
  }, [pk]);
  useEffect(() => {
    load();
    api<{ pk: number }[]>('/listepro/professional/').then((r) => setSheet(r[0]?.pk ?? null));
    subMissionNames().then(setNames, () => undefined);
  }, [load]);
  async function declare(e: FormEvent) {
    e.preventDefault();
    setError('');
    try {
      await api('/bap/interest/', { method: 'POST', body: { project: Number(pk), professional: sheet, message } });
      setDone('Votre intérêt est transmis au conseiller.');
      load();
    } catch (err) {
      setError(failureText(err));
    }
  }
  return (
    <div className="bap">
      <p>
        <Link to="/bourse-aux-projets/professionnels/projets">← Tous les projets pour vous</Link>
      </p>
      {error && (
        <p className="panel-error" role="alert">
          {error}
        </p>
      )}
      {project && (
        <section className="panel" aria-labelledby="bap-project-title">
          <h2 id="bap-project-title">{project.title}</h2>
          <dl className="bap-facts">
            <dt>État</dt>
            <dd>{STATE_LABELS[project.state]}</dd>
            <dt>Travaux</dt>
            <dd>{names.get(project.subMission) ?? ''}</dd>
            <dt>Commune</dt>
            <dd>{project.communeName}</dd>
            <dt>Budget</dt>
            <dd>{BUDGET_LABELS[project.budgetRange] ?? ''}</dd>
            <dt>Début souhaité</dt>
            <dd>{project.wishedStart ? formatDate(project.wishedStart) : 'Non précisé'}</dd>
          </dl>
          {project.description && <p className="bap-description">{project.description}</p>}
        </section>
      )}
      <section className="panel" aria-labelledby="bap-contact-title">
        <h2 id="bap-contact-title">Contact du ménage</h2>
        {contact ? (
          <p>
            {contact.name}
            {contact.email && (
              <>
                {' · '}
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </>
            )}
            {contact.phone && ` · ${contact.phone}`}
          </p>
        ) : (
          <p>Le contact du ménage vous sera communiqué si le conseiller choisit de vous le partager.</p>
        )}
      </section>
      <section className="panel" aria-labelledby="bap-interest-title">
        <h2 id="bap-interest-title">Votre intérêt</h2>
        {done && <p role="status">{done}</p>}
        {interest ? (
          <p>
            Vous vous êtes déclaré intéressé le {formatDate(interest.createdAt)}
            {interest.contactShared ? ' ; le conseiller vous a partagé le contact du ménage.' : '.'}
          </p>
        ) : project?.state === 'published' ? (
          <form onSubmit={declare} className="bap-form">
            <label htmlFor="bap-message">Message au conseiller (facultatif)</label>
            <textarea id="bap-message" maxLength={1000} value={message} onChange={(e) => setMessage(e.target.value)} />
            <button type="submit" className="button primary">
              Je suis intéressé
            </button>
          </form>
        ) : (
          <p>Ce projet n’est plus ouvert aux déclarations d’intérêt.</p>
        )}
      </section>
    </div>
  );
}
