import { useAtomValue } from 'jotai';
import { profileAtom } from '../state/session';
import { roles } from '../generated/manifest';

export default function ProfileScreen() {
  const profile = useAtomValue(profileAtom);
  if (!profile) return null;
  return (
    <div className="card">
      <dl className="details">
        <dt>Nom</dt><dd>{profile.fullName}</dd>
        <dt>Adresse électronique</dt><dd>{profile.email}</dd>
        <dt>Type de compte</dt><dd>{roles.userTypes[profile.userType]?.label ?? profile.userType}</dd>
        <dt>Structure</dt><dd>{profile.group?.name ?? '—'}</dd>
      </dl>
    </div>
  );
}
