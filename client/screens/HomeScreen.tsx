import { useAtomValue } from 'jotai';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { profileAtom, whiteLabelAtom } from '../state/session';
import { homePath, moduleFlags } from '../state/white-label';
import { menuAtom, type MenuItem } from '../state/menu';
import { modules } from '../generated/manifest';
import { usePageTitle } from '../shell/page-title';
import { t } from '../lib/messages';

function flatten(items: MenuItem[]): MenuItem[] {
  return items.flatMap((i) => [i, ...flatten(i.children ?? [])]).filter((i) => i.path && i.path !== '/' && i.path !== '/accueil');
}

/** `/` sends each role to its white-label home; `/accueil` presents the site's services. */
export default function HomeScreen() {
  const wl = useAtomValue(whiteLabelAtom);
  const profile = useAtomValue(profileAtom);
  const menu = useAtomValue(menuAtom);
  const location = useLocation();
  usePageTitle(wl?.siteTitle ? String(wl.siteTitle) : t('ui.home'));
  if (location.pathname === '/') {
    const home = homePath(wl, profile?.userType ?? null);
    if (home !== '/' && home !== '/accueil') return <Navigate to={home} replace />;
  }
  const flags = moduleFlags(wl);
  const services = modules.filter((m) => !m.always && flags[m.id]);
  const links = flatten(menu);
  return (
    <div className="home">
      {wl?.siteBaseline && <p className="lead">{String(wl.siteBaseline)}</p>}
      {links.length > 0 && (
        <section aria-labelledby="home-links">
          <h2 id="home-links">Accès rapide</h2>
          <ul className="cards">
            {links.map((l) => (
              <li key={l.id} className="card card-link">
                <Link to={l.path!}>{l.label}</Link>
                {l.description && <p>{l.description}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="home-services">
        <h2 id="home-services">Les services de ce site</h2>
        {services.length === 0 ? <p>{t('ui.empty_list')}</p> : (
          <ul className="cards">
            {services.map((m) => (
              <li key={m.id} className="card">
                <h3>{String(wl?.[`${m.flag}Name`] ?? m.label)}</h3>
                <p>{String(wl?.[`${m.flag}Baseline`] ?? '')}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
      {!profile && <p><Link className="button button-primary" to="/mon-compte/connexion">{t('ui.sign_in')}</Link></p>}
    </div>
  );
}
