import { useAtomValue } from 'jotai';
import { Link, useLocation } from 'react-router-dom';
import { currentEntry, menuAtom } from '../state/menu';
import { profileAtom, whiteLabelAtom } from '../state/session';
import { homePath } from '../state/white-label';
import { usePageTitleValue } from './page-title';
import type { ManifestRoute } from '../generated/manifest';
import { t } from '../lib/messages';

/** Breadcrumb and title block: the menu entry's label and description, and the page's own title. */
export function Breadcrumb({ route }: { route: ManifestRoute }) {
  const items = useAtomValue(menuAtom);
  const wl = useAtomValue(whiteLabelAtom);
  const pageTitle = usePageTitleValue();
  const location = useLocation();
  const found = currentEntry(items, location.pathname);
  const title = pageTitle ?? route.title ?? found?.entry.label ?? '';
  const description = found?.entry.description ?? route.description;
  // The root link is always first: a menu entry for `/` itself would read « Accueil › Accueil ».
  const trail = found ? [...found.parents, found.entry].filter((e) => e.path !== '/') : [];
  // The white label's home (the directory's search on a directory-only site) is not under « Accueil »:
  // that link would lead back to it.
  const profile = useAtomValue(profileAtom);
  const isHome = location.pathname === homePath(wl, profile?.userType ?? null);
  return (
    <div className="title-block">
      {wl?.hasBreadcrumb !== false && trail.length > 0 && !isHome && (
        <nav aria-label={t('ui.breadcrumb')} className="breadcrumb">
          <ol>
            <li>
              <Link to="/">{t('ui.home')}</Link>
            </li>
            {trail.map((e, i) => (
              <li key={e.id}>
                {e.path && (i < trail.length - 1 || pageTitle) ? (
                  <Link to={e.path}>{e.label}</Link>
                ) : (
                  <span aria-current={i === trail.length - 1 ? 'page' : undefined}>{e.label}</span>
                )}
              </li>
            ))}
          </ol>
        </nav>
      )}
      <div className="title-row">
        <h1>{title}</h1>
        {wl?.hasOnlineHelp === true && route.helpUrl && (
          <a className="help-link" href={route.helpUrl} target="_blank" rel="noreferrer">
            {t('ui.online_help')}
          </a>
        )}
      </div>
      {description && !pageTitle && <p className="page-description">{description}</p>}
    </div>
  );
}
