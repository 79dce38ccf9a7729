import { useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { api, type ApiError } from '../../api/http';
import { Dialog } from '../../shell/Dialog';
import { notify } from '../../shell/notifications';
import { clearOptionsCache } from '../../runtime/use-options';
import type { RecordActionProps } from '../../runtime/types';
import { frenchDay } from './french-figures';
import './booking-admin.css';

const TIME = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' });
const DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' });

/** The day a week after `day` (YYYY-MM-DD): weekly slots are the usual case. */
function weekAfter(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 7);
  return d.toISOString().slice(0, 10);
}

/**
 * « Dupliquer »: copies the slot onto the chosen dates, at the same Paris hours, with the same
 * advisors and reasons (POST slot-duplicate-to-dates, all or nothing).
 */
export default function SlotDuplicateAction({ meta, record, label }: RecordActionProps) {
  const [open, setOpen] = useState(false);
  const [dates, setDates] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  if (!meta.can.create || record.status === 'cancelled') return null;
  const start = String(record.startDate ?? '');
  const end = String(record.endDate ?? '');
  const hours = start && end ? `${TIME.format(new Date(start))}–${TIME.format(new Date(end))}` : '';
  const slotDay = start ? DAY.format(new Date(start)) : '';

  const show = () => {
    setDates([slotDay ? weekAfter(slotDay) : '']);
    setError(null);
    setOpen(true);
  };
  const filled = dates.filter(Boolean);
  // A server error on `dates.N` names the N-th filled date: the input that holds it.
  const errorOf = (i: number): string | undefined => {
    const n = dates.slice(0, i + 1).filter(Boolean).length - 1;
    return dates[i] ? error?.errors.find((e) => e.path === `dates.${n}`)?.message : undefined;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const { created } = await api<{ created: number[] }>('/dialogwatt/slot-duplicate-to-dates/', {
        method: 'POST',
        body: { slot: record.pk, dates: filled },
      });
      clearOptionsCache();
      notify(
        created.length === 1
          ? `Le créneau a été copié le ${frenchDay(filled[0]!)}.`
          : `Le créneau a été copié sur ${created.length} dates : ${filled.map(frenchDay).join(', ')}.`,
        'success',
      );
      setOpen(false);
    } catch (err) {
      setError(err as ApiError);
    } finally {
      setBusy(false);
    }
  };

  const general = error && !error.errors.some((x) => /^dates\.\d+$/.test(x.path)) ? error.message : null;
  return (
    <>
      <button type="button" className="button" onClick={show}>
        {label}
      </button>
      {createPortal(
        <Dialog open={open} title="Dupliquer le créneau" onClose={() => setOpen(false)}>
          <form onSubmit={(e) => void submit(e)} noValidate>
            <p>
              {`Le créneau « ${String(record.text ?? '')} »${hours ? ` (${hours})` : ''} sera copié sur chaque date ` +
                'choisie, aux mêmes heures de Paris, avec les mêmes conseillers et motifs.'}
            </p>
            {general && (
              <div className="notice notice-error" role="alert">
                {error?.errors.length ? error.errors.map((x) => x.message).join(' ') : general}
              </div>
            )}
            <ul className="duplicate-dates">
              {dates.map((d, i) => {
                const message = errorOf(i);
                return (
                  <li key={i}>
                    <label htmlFor={`duplicate-date-${i}`}>{`Date ${i + 1}`}</label>
                    <input
                      id={`duplicate-date-${i}`}
                      type="date"
                      value={d}
                      aria-invalid={message ? true : undefined}
                      aria-describedby={message ? `duplicate-date-${i}-error` : undefined}
                      onChange={(e) => setDates(dates.map((x, j) => (j === i ? e.target.value : x)))}
                    />
                    {dates.length > 1 && (
                      <button
                        type="button"
                        className="link-button"
                        aria-label={`Retirer la date ${i + 1}`}
                        onClick={() => setDates(dates.filter((_, j) => j !== i))}
                      >
                        Retirer
                      </button>
                    )}
                    {message && (
                      <p id={`duplicate-date-${i}-error`} className="field-error" role="alert">
                        {message}
                      </p>
                    )}
                  </li>
                );
              })}
            </ul>
            <div className="dialog-actions">
              <button
                type="button"
                className="button"
                disabled={dates.length >= 60}
                onClick={() => {
                  const last = [...dates].reverse().find(Boolean);
                  setDates([...dates, last ? weekAfter(last) : '']);
                }}
              >
                Ajouter une date
              </button>
              <button
                type="submit"
                className="button button-primary"
                disabled={busy || !filled.length}
                aria-busy={busy}
              >
                {busy ? 'Copie en cours…' : filled.length > 1 ? `Créer ${filled.length} créneaux` : 'Créer le créneau'}
              </button>
            </div>
          </form>
        </Dialog>,
        document.body,
      )}
    </>
  );
}
