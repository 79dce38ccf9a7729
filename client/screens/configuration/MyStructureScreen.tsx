import { useAtomValue } from 'jotai';
import { profileAtom } from '../../state/session';
import GenericEdit from '../../runtime/GenericEdit';
import { t } from '../../lib/messages';

/** « Ma structure »: the generic form of the user's own structure (what they may change is declared). */
export default function MyStructureScreen() {
  const profile = useAtomValue(profileAtom);
  if (!profile?.group) return <div className="notice">{t('ui.no_structure')}</div>;
  return <GenericEdit entity="group" pk={profile.group.pk} stayAfterSave />;
}
