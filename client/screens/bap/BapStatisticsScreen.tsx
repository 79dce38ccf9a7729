import { useEffect, useState } from 'react';
import { api } from '../../api/http';
import { usePageTitle } from '../../shell/page-title';
import { formatNumber } from '../../lib/format';
import { failureText } from './bap-api';
import './bap.css';

interface Statistics {
  total: number;
  offered: number;
  withInterest: number;
  interestRate: number | null;
  meanDaysToFirstInterest: number | null;
  medianDaysToFirstInterest: number | null;
  byState: { state: string; label: string; count: number }[];
  bySubMission: { subMission: number; name: string; count: number }[];
}

const days = (v: number | null) => (v === null ? '—' : `${formatNumber(Math.round(v * 10) / 10)} j`);

/** The exchange's figures (/bourse-aux-projets/statistics), computed by the server. */
export default function BapStatisticsScreen() {
  usePageTitle('Statistiques de la bourse aux projets');
  const [stats, setStats] = useState<Statistics | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    api<Statistics>('/bap/statistics/').then(setStats, (e) => setError(failureText(e)));
  }, []);
  if (error)
    return (
      <p className="panel-error" role="alert">
        {error}
      </p>
    );
  if (!stats) return <p>Chargement…</p>;
  return (
    <div className="bap">
      <section className="panel" aria-labelledby="bap-stats-interest">
        <h2 id="bap-stats-interest">Intérêt des professionnels</h2>
        <dl className="bap-facts">
          <dt>Projets</dt>
          <dd>{formatNumber(stats.total)}</dd>
          <dt>Projets proposés aux professionnels</dt>
          <dd>{formatNumber(stats.offered)}</dd>
          <dt>Taux d’intérêt</dt>
          <dd>
            {stats.interestRate === null
              ? '—'
              : `${formatNumber(Math.round(stats.interestRate * 1000) / 10)} % (${stats.withInterest} projets)`}
          </dd>
          <dt>Délai moyen avant le premier intérêt</dt>
          <dd>{days(stats.meanDaysToFirstInterest)}</dd>
          <dt>Délai médian avant le premier intérêt</dt>
          <dd>{days(stats.medianDaysToFirstInterest)}</dd>
        </dl>
      </section>
      <section className="panel" aria-labelledby="bap-stats-state">
        <h2 id="bap-stats-state">Projets par état</h2>
        <table className="bap-table">
          <thead>
            <tr>
              <th scope="col">État</th>
              <th scope="col">Projets</th>
            </tr>
          </thead>
          <tbody>
            {stats.byState.map((s) => (
              <tr key={s.state}>
                <td>{s.label}</td>
                <td>{formatNumber(s.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="panel" aria-labelledby="bap-stats-sub">
        <h2 id="bap-stats-sub">Projets par sous-mission</h2>
        <table className="bap-table">
          <thead>
            <tr>
              <th scope="col">Sous-mission</th>
              <th scope="col">Projets</th>
            </tr>
          </thead>
          <tbody>
            {stats.bySubMission.map((s) => (
              <tr key={s.subMission}>
                <td>{s.name}</td>
                <td>{formatNumber(s.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
