import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { profileAtom, whiteLabelAtom } from '../state/session';
import { homePath } from '../state/white-label';
import { loadServices, servicesAtom, servicesFailedAtom } from '../state/services';
import { usePageTitle } from '../shell/page-title';
import { t } from '../lib/messages';

/**
 * The landing page of a white label (`/`, and `/accueil`): what the network offers the public,
 * each service a link. A role whose white label names another home goes there from `/`.
 */
export default function HomeScreen() {
  const wl = useAtomValue(whiteLabelAtom);
  const profile = useAtomValue(profileAtom);
  const services = useAtomValue(servicesAtom);
  const failed = useAtomValue(servicesFailedAtom);
  const location = useLocation();
  const siteTitle = wl?.siteTitle ? String(wl.siteTitle) : t('ui.home');
  usePageTitle(siteTitle);
  useEffect(() => {
    void loadServices();
  }, []);
  const home = homePath(wl, profile?.userType ?? null);
  if (location.pathname === '/' && home !== '/' && home !== '/accueil') return <Navigate to={home} replace />;
  const workspace = profile && home !== '/' && home !== '/accueil' ? home : null;
  return (
    <div className="landing">
      {wl?.siteBaseline && <p className="lead landing-baseline">{String(wl.siteBaseline)}</p>}
      <section aria-labelledby="landing-services" className="landing-services">
        <h2 id="landing-services">{t('shell.landing_services')}</h2>
        {failed ? (
          <p className="notice notice-error" role="alert">
            {t('shell.services_failed')}
          </p>
        ) : services === null ? (
          <p className="muted" role="status">
            {t('shell.services_loading')}
          </p>
        ) : services.length === 0 ? (
          <p className="muted">{t('shell.landing_none')}</p>
        ) : (
          <>
            <p className="muted">{t('shell.landing_services_intro', { site: siteTitle })}</p>
            <ul className="service-cards">
              {services.map((s) => (
                <li key={s.module} className="service-card">
                  <h3>
                    <Link to={s.path}>{s.name}</Link>
                  </h3>
                  {s.kind !== s.name && <p className="service-kind">{s.kind}</p>}
                  <p className="service-description">{s.description}</p>
                  <span className="service-open" aria-hidden="true">
                    {t('shell.landing_open')} →
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      {workspace ? (
        <section className="card landing-staff" aria-labelledby="landing-workspace">
          <h2 id="landing-workspace">{t('shell.landing_my_space')}</h2>
          <p>{t('shell.landing_my_space_text')}</p>
          <p>
            <Link className="button button-primary" to={workspace}>
              {t('shell.landing_my_space')}
            </Link>
          </p>
        </section>
      ) : (
        !profile && (
          <section className="card landing-staff" aria-labelledby="landing-staff">
            <h2 id="landing-staff">{t('shell.landing_staff_title')}</h2>
            <p>{t('shell.landing_staff_text')}</p>
            <p>
              <Link className="button button-primary" to="/mon-compte/connexion">
                {t('ui.sign_in')}
              </Link>
            </p>
          </section>
        )
      )}
    </div>
  );
}
