import { useAtomValue } from 'jotai';
import { Navigate } from 'react-router-dom';
import { profileAtom } from '../../state/session';
import { directoryHome } from './directory-home';

/** `/annuaire-des-pros`: each user to their part of the directory (spec 03 §2 default redirect). */
export default function ListeProRootRedirect() {
  const profile = useAtomValue(profileAtom);
  return <Navigate to={directoryHome(profile?.userType)} replace />;
}
