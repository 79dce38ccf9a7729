import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { api, type ApiError } from '../api/http';
import { profileAtom } from '../state/session';
import { menuAtom, type MenuItem } from '../state/menu';
import { formatNumber } from '../lib/format';
import { t } from '../lib/messages';

interface Dashboard {
  figures: { label: string; value: number; path?: string }[];
  lists: { title: string; empty: string; items: { label: string; detail?: string; path?: string }[] }[];
}

/** The role's starting point: key figures, what needs attention, then the menu's sections. */
export default function DashboardScreen() {
  const profile = useAtomValue(profileAtom);
  const menu = useAtomValue(menuAtom);
  const [data, setData] = useState<Dashboard | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  useEffect(() => {
    api<Dashboard>('/dashboard/').then(setData, setError);
  }, [profile?.pk]);
  const sections: MenuItem[] = menu.filter((m) => m.children?.length);
  return (
    <div className="dashboard">
      <p className="lead">{t('ui.dashboard_welcome', { name: profile?.firstName || profile?.fullName || '' })}</p>
      {error && (
        <div className="notice notice-error" role="alert">
          {error.message}
        </div>
      )}
      {data && (
        <>
          <ul className="figures" aria-label={t('ui.dashboard_figures')}>
            {data.figures.map((f) => (
              <li key={f.label} className="figure">
                <span className="figure-value">{formatNumber(f.value)}</span>
                <span className="figure-label">{f.path ? <Link to={f.path}>{f.label}</Link> : f.label}</span>
              </li>
            ))}
          </ul>
          {data.lists.map((l) => (
            <section key={l.title} className="panel" aria-labelledby={`dash-list-${l.title}`}>
              <h2 id={`dash-list-${l.title}`}>{l.title}</h2>
              {l.items.length === 0 ? (
                <p className="muted">{l.empty}</p>
              ) : (
                <ul className="link-list">
                  {l.items.map((i, n) => (
                    <li key={n}>
                      {i.path ? <Link to={i.path}>{i.label}</Link> : i.label}
                      {i.detail && <span className="muted"> — {i.detail}</span>}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </>
      )}
      <div className="cards">
        {sections.map((s) => (
          <section key={s.id} className="card" aria-labelledby={`dash-${s.id}`}>
            <h2 id={`dash-${s.id}`}>{s.label}</h2>
            <ul className="link-list">
              {s.children!.map((c) => (
                <li key={c.id}>
                  {c.path ? <Link to={c.path}>{c.label}</Link> : c.label}
                  {c.subtitle && <span className="muted"> ({c.subtitle})</span>}
                  {c.description && <span className="muted"> — {c.description}</span>}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
