import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { api } from '../../api/http';
import { usePageTitle } from '../../shell/page-title';
import { formatDate } from '../../lib/format';
import { BUDGET_LABELS, STATE_LABELS, failureText, subMissionNames, type BapProject } from './bap-api';
import './bap.css';

/**
 * The projects that reach the signed-in professional (/bourse-aux-projets/professionnels/projets):
 * the server lists only those matching their joined sheet and zones; without a membership, the
 * way to join.
 */
export default function BapProProjectsScreen() {
  usePageTitle('Projets pour vous');
  const [projects, setProjects] = useState<BapProject[] | null>(null);
  const [joined, setJoined] = useState<boolean | null>(null);
  const [names, setNames] = useState<Map<number, string>>(new Map());
  const [error, setError] = useState('');
  useEffect(() => {
    api<BapProject[]>('/bap/project/', { query: { sort: '-updatedAt', perPage: 200 } }).then(setProjects, (e) =>
      setError(failureText(e)),
    );
    api<unknown[]>('/bap/membership/').then(
      (rows) => setJoined(rows.length > 0),
      () => setJoined(null),
    );
    subMissionNames().then(setNames, () => undefined);
  }, []);
  return (
    <div className="bap">
      {joined === false && (
        <p className="panel">
          Vous n’êtes pas encore inscrit à la bourse aux projets.{' '}
          <Link to="/bourse-aux-projets/professionnels/adhesion">S’inscrire (charte et zones d’intervention)</Link>
        </p>
      )}
      {error && (
        <p className="panel-error" role="alert">
          {error}
        </p>
      )}
      {projects && projects.length === 0 && (
        <p className="panel">Aucun projet ne correspond pour le moment à votre fiche et à vos zones d’intervention.</p>
      )}
      <ul className="bap-cards">
        {(projects ?? []).map((p) => (
          <li key={p.pk} className="panel bap-card">
            <h2>
              <Link to={`/bourse-aux-projets/professionnels/projets/${p.pk}`}>{p.title}</Link>
            </h2>
            <p>
              {names.get(p.subMission) ?? ''} · {p.communeName} · {BUDGET_LABELS[p.budgetRange] ?? ''}
            </p>
            <p className="bap-muted">
              {STATE_LABELS[p.state]}
              {p.wishedStart ? ` · début souhaité le ${formatDate(p.wishedStart)}` : ''}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
