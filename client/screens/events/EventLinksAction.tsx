import { Link } from 'react-router-dom';
import type { RecordActionProps } from '../../runtime/types';

/**
 * On a saved event's screen: its registrations (with the hand-added attendee) and, when public,
 * its public registration page — the address to share or embed.
 */
export default function EventLinksAction({ record }: RecordActionProps) {
  return (
    <>
      <Link className="button" to={`/evenements/inscriptions/${String(record.pk)}`}>
        Inscriptions
      </Link>
      {record.isPublic === true && (
        <Link className="button" to={`/evenements/inscription/${String(record.pk)}`}>
          Page d’inscription publique
        </Link>
      )}
    </>
  );
}
