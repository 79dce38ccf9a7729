import { usePageTitle } from '../../shell/page-title';
import { at } from './account-api';
import { ProfilePage } from './ProfileScreen';

export default function ProfileAdminScreen() {
  usePageTitle(at('accounts.ui.admin_profile'));
  return <ProfilePage variant="admin" />;
}
