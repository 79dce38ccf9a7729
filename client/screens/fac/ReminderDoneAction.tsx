import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, type ApiError } from '../../api/http';
import { notify } from '../../shell/notifications';
import { entityPaths } from '../../runtime/entity-routes';
import type { RecordActionProps, RecordData } from '../../runtime/types';

const frenchDay = (iso: string) => iso.split('-').reverse().join('/');

/**
 * « Marquer comme traité »: closes the reminder and goes back to « Mes rappels ». A recurring
 * reminder comes back open on its next day (the server rolls it forward, reference §8.5), which
 * the notice says.
 */
export default function ReminderDoneAction({ meta, record, label }: RecordActionProps) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (record.done === true || !meta.can.change) return null;

  const markDone = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const saved = await api<RecordData>(`/${meta.apiPath}/${record.pk}/`, { method: 'PATCH', body: { done: true } });
      notify(
        saved.done === false && typeof saved.date === 'string'
          ? `Rappel traité ; le prochain est prévu le ${frenchDay(saved.date)}.`
          : 'Rappel traité.',
        'success',
      );
      navigate(entityPaths(meta.name).list ?? '/');
    } catch (e) {
      notify((e as ApiError).message || 'Le rappel n’a pas pu être marqué comme traité.', 'error');
      setBusy(false);
    }
  };

  return (
    <button type="button" className="button" onClick={markDone} disabled={busy}>
      {label}
    </button>
  );
}
