import { usePageTitle } from '../../shell/page-title';
import { at } from './account-api';
import { ProfilePage } from './ProfileScreen';

export default function ProfileAdvisorScreen() {
  usePageTitle(at('accounts.ui.advisor_profile'));
  return <ProfilePage variant="advisor" />;
}
