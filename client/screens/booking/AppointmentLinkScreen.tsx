import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useCurrentRoute } from '../../runtime/entity-routes';
import { confirmAction } from '../../shell/confirm';
import { notify } from '../../shell/notifications';
import { bookingApi, icsUrl, type BookableOffer, type ManagedAppointment } from './booking-api';
import { formatAppointmentDate } from './booking-dates';
import { ApiErrorNotice, AppointmentSummary, Busy, rebookPath } from './BookingParts';
import { WeekCalendar } from './WeekCalendar';
import { useCall } from './use-call';
import './booking.css';

type Mode = 'cancel' | 'confirm' | 'manage';

/**
 * The links of the booking mails, without sign-in (the uuid is the secret): /da/:uuid cancels,
 * /dc/:uuid confirms, /dg/:uuid shows the appointment and lets the visitor cancel it or move it to
 * another offered time. Nothing is done on opening the link (mail scanners open links): the
 * visitor presses the button.
 */
export default function AppointmentLinkScreen() {
  const { uuid = '' } = useParams();
  const route = useCurrentRoute();
  const mode = (route.params?.mode ?? 'manage') as Mode;
  const [appointment, setAppointment] = useState<ManagedAppointment | null>(null);
  const [moving, setMoving] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const load = useCall();
  const act = useCall();
  const resultRef = useRef<HTMLDivElement>(null);
  const moveTitleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    setAppointment(null);
    void load.run(() => bookingApi.byUuid(uuid)).then((a) => a && setAppointment(a));
  }, [uuid, load.run]);

  useEffect(() => {
    if (done) resultRef.current?.focus();
  }, [done]);

  // On a phone the calendar opens below the fold: bring it into view and start the keyboard there.
  useEffect(() => {
    if (!moving) return;
    const title = moveTitleRef.current;
    title?.focus({ preventScroll: true });
    title?.scrollIntoView({ block: 'start' });
  }, [moving]);

  const refresh = async (text: string) => {
    setDone(text);
    notify(text, 'success');
    const fresh = await bookingApi.byUuid(uuid).catch(() => null);
    if (fresh) setAppointment(fresh);
  };

  const cancel = async () => {
    if (!appointment) return;
    const ok = await confirmAction(
      `Vous allez annuler votre rendez-vous du ${formatAppointmentDate(appointment.startDate)}.`,
      {
        confirm: 'Annuler le rendez-vous',
        cancel: 'Garder le rendez-vous',
        destructive: true,
      },
    );
    if (!ok) return;
    const r = await act.run(() => bookingApi.cancelByUuid(uuid));
    if (r) {
      setMoving(false);
      await refresh('Votre rendez-vous est annulé.');
    }
  };

  const confirmIt = async () => {
    const r = await act.run(() => bookingApi.confirmByUuid(uuid));
    if (r) await refresh('Votre rendez-vous est confirmé.');
  };

  const move = async (offer: BookableOffer) => {
    const ok = await confirmAction(`Votre rendez-vous sera déplacé au ${formatAppointmentDate(offer.start)}.`, {
      confirm: 'Déplacer le rendez-vous',
      cancel: 'Ne pas le déplacer',
    });
    if (!ok) return;
    const r = await act.run(() => bookingApi.moveByUuid(uuid, { slot: offer.slot, start: offer.start }));
    if (r) {
      setMoving(false);
      await refresh(`Votre rendez-vous est déplacé au ${formatAppointmentDate(r.startDate)}.`);
    }
  };

  if (!appointment)
    return (
      <div className="booking">
        <Busy busy={load.busy} />
        <ApiErrorNotice error={load.error} />
        {load.error && (
          <p>
            <Link to="/dialogwatt/rendez-vous/">Prendre un nouveau rendez-vous</Link>
          </p>
        )}
      </div>
    );

  const a = appointment;
  const cancelled = a.status === 'cancelled';
  return (
    <div className="booking">
      {done && (
        <div className="notice notice-success" role="status" tabIndex={-1} ref={resultRef}>
          {done}
        </div>
      )}
      {cancelled && !done && <p className="notice notice-warning">Ce rendez-vous est annulé.</p>}
      {cancelled && (
        <p>
          <Link className="button button-primary" to={rebookPath(a)}>
            Reprendre rendez-vous
          </Link>
        </p>
      )}
      <section className="card" aria-labelledby="appointment-link-title">
        <h2 id="appointment-link-title">Votre rendez-vous</h2>
        <AppointmentSummary appointment={a} />
      </section>
      <Busy busy={act.busy} />
      <ApiErrorNotice error={act.error} />
      {!cancelled && (
        <div className="form-actions booking-link-actions">
          {mode === 'confirm' && a.canConfirm && a.status === 'waiting' && (
            <button
              type="button"
              className="button button-primary"
              disabled={act.busy}
              onClick={() => void confirmIt()}
            >
              Confirmer le rendez-vous
            </button>
          )}
          {mode === 'manage' && a.canMove && (
            <button
              type="button"
              className="button"
              aria-expanded={moving}
              aria-controls="appointment-move"
              onClick={() => setMoving((m) => !m)}
            >
              Déplacer le rendez-vous
            </button>
          )}
          {(mode === 'cancel' || mode === 'manage') && a.canCancel && (
            <button type="button" className="button button-danger" disabled={act.busy} onClick={() => void cancel()}>
              Annuler le rendez-vous
            </button>
          )}
          <a className="button" href={icsUrl(a.uuid)} download="rendez-vous.ics">
            Ajouter à mon agenda
          </a>
        </div>
      )}
      {mode === 'confirm' && a.status === 'validated' && !done && (
        <p className="notice notice-success">Ce rendez-vous est confirmé.</p>
      )}
      {!cancelled && ((mode !== 'confirm' && !a.canCancel) || (mode === 'manage' && !a.canMove)) && (
        <p className="muted">Ce rendez-vous ne peut plus être modifié en ligne : contactez la structure si besoin.</p>
      )}
      {moving && !cancelled && (
        <section id="appointment-move" className="panel" aria-labelledby="appointment-move-title">
          <h2 id="appointment-move-title" ref={moveTitleRef} tabIndex={-1}>
            Choisir un autre horaire
          </h2>
          <p>
            Votre horaire actuel, le {formatAppointmentDate(a.startDate)}, est marqué en couleur : choisissez-en un
            autre.
          </p>
          <WeekCalendar
            query={{ reason: a.reason.pk, place: a.place?.pk ?? null, advisor: null, moving: a.uuid }}
            chosen={a.startDate}
            current={a.startDate}
            disabled={act.busy}
            onChoose={(o) => void move(o)}
          />
        </section>
      )}
      <p>
        <Link to="/dialogwatt/rendez-vous/liste/">Voir mes rendez-vous</Link>
      </p>
    </div>
  );
}
