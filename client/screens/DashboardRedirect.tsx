import { useAtomValue } from 'jotai';
import { Navigate } from 'react-router-dom';
import { profileAtom } from '../state/session';
import { pathOfRoute } from '../state/white-label';

const BY_TYPE: Record<string, string> = {
  administrator: 'DashboardAdministrator',
  manager: 'DashboardManager',
  advisor: 'DashboardAdvisor',
  superadvisor: 'DashboardAdvisor',
  listeproadmin: 'DashboardAdvisor',
};

/** `/tableau-de-bord/` by role; anyone else goes to the public appointment home (spec 01 §2). */
export default function DashboardRedirect() {
  const profile = useAtomValue(profileAtom);
  const target = (profile && pathOfRoute(BY_TYPE[profile.userType])) || pathOfRoute('BookingHome') || '/accueil';
  return <Navigate to={target} replace />;
}
