import { Link } from 'react-router-dom';
import type { RecordActionProps } from '../../runtime/types';

/** From a contact's record to its data-processing consent (/rgpd/:pk, reference file area 8.7). */
export default function ContactConsentAction({ record, label }: RecordActionProps) {
  return (
    <Link className="button" to={`/rgpd/${encodeURIComponent(String(record.pk))}`}>
      {label}
    </Link>
  );
}
