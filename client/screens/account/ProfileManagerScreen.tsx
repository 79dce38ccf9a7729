import { usePageTitle } from '../../shell/page-title';
import { at } from './account-api';
import { ProfilePage } from './ProfileScreen';

export default function ProfileManagerScreen() {
  usePageTitle(at('accounts.ui.manager_profile'));
  return <ProfilePage variant="manager" />;
}
