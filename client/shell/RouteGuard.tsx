import { useAtomValue } from 'jotai';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { holds } from '../../engine/logic/logic';
import { profileAtom, ruleUserAtom, whiteLabelAtom } from '../state/session';
import { homePath, ruleWhiteLabelAtom } from '../state/white-label';
import type { ManifestRoute } from '../generated/manifest';
import { notify } from './notifications';
import { safeNext } from './safe-next';
import { t } from '../lib/messages';

function GoBack() {
  const navigate = useNavigate();
  const location = useLocation();
  const wl = useAtomValue(whiteLabelAtom);
  const profile = useAtomValue(profileAtom);
  useEffect(() => {
    notify(t('ui.access_denied'), 'error');
    // Back within the application; a page opened directly (first entry, key "default") has no
    // previous screen of ours, so the user goes to their home, and the message stays visible.
    if (location.key !== 'default') navigate(-1);
    else navigate(homePath(wl, profile?.userType ?? null), { replace: true });
  }, [navigate, wl, profile, location.key]);
  return null;
}

/**
 * Route rights in the browser (spec 01 §2): not signed in → login carrying the wanted URL as
 * `next`; signed in without the right → back. The server checks every call anyway.
 */
export function RouteGuard({ route, children }: { route: ManifestRoute; children: ReactNode }) {
  const user = useAtomValue(ruleUserAtom);
  const whiteLabel = useAtomValue(ruleWhiteLabelAtom);
  const wl = useAtomValue(whiteLabelAtom);
  const location = useLocation();
  if (route.module && !whiteLabel.modules[route.module]) {
    return (
      <div className="notice notice-warning">
        <p>{t('ui.module_disabled')}</p>
      </div>
    );
  }
  // Signed in on a guest page (the login, just now): where `next` asked, else the role's home.
  if (route.guestOnly && !user.anonymous) {
    const next = safeNext(new URLSearchParams(location.search).get('next'));
    return <Navigate to={next ?? homePath(wl, user.userType)} replace />;
  }
  if (!holds(route.access, { user, whiteLabel })) {
    if (user.anonymous) {
      const next = `${location.pathname}${location.search}${location.hash}`;
      return <Navigate to={`/mon-compte/connexion?next=${encodeURIComponent(next)}`} replace />;
    }
    return <GoBack />;
  }
  return <>{children}</>;
}
