import { useEffect, useState } from 'react';
import { api, type ApiError } from '../../api/http';
import { downloadFile } from '../../runtime/files/file-transfer';
import { notify } from '../../shell/notifications';
import type { RecordActionProps } from '../../runtime/types';

const COUNT = new Intl.NumberFormat('fr-FR');

/**
 * On a list's page: how many contacts and structures it reaches (its tags, organisations and
 * nested lists resolved by the server, each recipient once) and their CSV (reference §9.3).
 */
export default function ListRecipientsAction({ record, label }: RecordActionProps) {
  const [count, setCount] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const path = `/fac/list/${String(record.pk)}/recipients/`;
  useEffect(() => {
    let live = true;
    api<{ count: number }>(path).then(
      (r) => live && setCount(r.count),
      () => live && setCount(null),
    );
    return () => {
      live = false;
    };
  }, [path, record.updatedAt]);
  return (
    <span className="list-recipients-action">
      <span role="status">
        {count === null
          ? ''
          : count === 0
            ? 'Aucun destinataire'
            : `${COUNT.format(count)} destinataire${count > 1 ? 's' : ''}`}
      </span>{' '}
      <button
        type="button"
        className="button"
        disabled={busy || !count}
        aria-busy={busy}
        onClick={() => {
          setBusy(true);
          downloadFile(`${path}?format=csv`, `destinataires-liste-${String(record.pk)}.csv`)
            .catch((e: ApiError) => notify(e.message, 'error'))
            .finally(() => setBusy(false));
        }}
      >
        {busy ? 'Préparation du fichier…' : label}
      </button>
    </span>
  );
}
