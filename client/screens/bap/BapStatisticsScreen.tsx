import { useEffect, useState, type ReactNode } from 'react';
import { api } from '../../api/http';
import { usePageTitle } from '../../shell/page-title';
import { formatNumber } from '../../lib/format';
import { failureText } from './bap-api';
import { t } from '../../lib/messages';

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

const projects = (n: number) => `${formatNumber(n)} ${n > 1 ? 'projets' : 'projet'}`;
const days = (v: number | null) => (v === null ? '—' : `${formatNumber(Math.round(v * 10) / 10)} j`);

/** One figure, as the generic detail screens show a field (the shared `details` look). */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="detail-row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

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
      <div className="notice notice-error" role="alert">
        {error}
      </div>
    );
  if (!stats)
    return (
      <p className="loading" role="status">
        {t('ui.loading')}
      </p>
    );
  return (
    <div className="generic-detail">
      <section className="panel" aria-labelledby="bap-stats-interest">
        <h2 id="bap-stats-interest">Intérêt des professionnels</h2>
        <dl className="details">
          <Fact term="Projets">{formatNumber(stats.total)}</Fact>
          <Fact term="Projets proposés aux professionnels">{formatNumber(stats.offered)}</Fact>
          <Fact term="Taux d’intérêt">
            {stats.interestRate === null
              ? '—'
              : `${formatNumber(Math.round(stats.interestRate * 1000) / 10)} % (${projects(stats.withInterest)})`}
          </Fact>
          <Fact term="Délai moyen avant le premier intérêt">{days(stats.meanDaysToFirstInterest)}</Fact>
          <Fact term="Délai médian avant le premier intérêt">{days(stats.medianDaysToFirstInterest)}</Fact>
        </dl>
      </section>
      <section className="panel" aria-labelledby="bap-stats-state">
        <h2 id="bap-stats-state">Projets par état</h2>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">État</th>
              <th scope="col">Projets</th>
            </tr>
          </thead>
          <tbody>
            {stats.byState.map((s) => (
              <tr key={s.state}>
                <td data-label="État">{s.label}</td>
                <td data-label="Projets">{formatNumber(s.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="panel" aria-labelledby="bap-stats-sub">
        <h2 id="bap-stats-sub">Projets par sous-mission</h2>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Sous-mission</th>
              <th scope="col">Projets</th>
            </tr>
          </thead>
          <tbody>
            {stats.bySubMission.map((s) => (
              <tr key={s.subMission}>
                <td data-label="Sous-mission">{s.name}</td>
                <td data-label="Projets">{formatNumber(s.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
