import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { profileAtom } from '../state/session';
import { menuAtom, type MenuItem } from '../state/menu';
import { t } from '../lib/messages';

/** The role's starting point: greeting and the sections of the menu as cards. */
export default function DashboardScreen() {
  const profile = useAtomValue(profileAtom);
  const menu = useAtomValue(menuAtom);
  const sections: MenuItem[] = menu.filter((m) => m.children?.length);
  return (
    <div className="dashboard">
      <p className="lead">{t('ui.dashboard_welcome', { name: profile?.firstName || profile?.fullName || '' })}</p>
      <div className="cards">
        {sections.map((s) => (
          <section key={s.id} className="card" aria-labelledby={`dash-${s.id}`}>
            <h2 id={`dash-${s.id}`}>{s.label}</h2>
            <ul className="link-list">
              {s.children!.map((c) => (
                <li key={c.id}>{c.path ? <Link to={c.path}>{c.label}</Link> : c.label}{c.description && <span className="muted"> — {c.description}</span>}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
