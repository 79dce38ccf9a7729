import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { profileAtom } from '../../state/session';
import { bookingApi, icsUrl, type BookedAppointment } from './booking-api';
import { ApiErrorNotice, AppointmentSummary, Busy, rebookPath } from './BookingParts';
import { useCall } from './use-call';
import './booking.css';

function AppointmentItem({ appointment, upcoming }: { appointment: BookedAppointment; upcoming: boolean }) {
  return (
    <li className="card booking-appointment">
      <AppointmentSummary appointment={appointment} />
      {upcoming && appointment.status !== 'cancelled' && (
        <p className="booking-card-actions">
          <Link to={`/dg/${appointment.uuid}`}>Gérer ou déplacer</Link>
          <Link to={`/da/${appointment.uuid}`}>Annuler</Link>
          <a href={icsUrl(appointment.uuid)} download="rendez-vous.ics">
            Ajouter à mon agenda
          </a>
        </p>
      )}
      {appointment.status === 'cancelled' && (
        <p className="booking-card-actions">
          <Link to={rebookPath(appointment)}>Reprendre rendez-vous</Link>
        </p>
      )}
    </li>
  );
}

/** A signed-in client's appointments, upcoming then past; anyone else is invited to sign in. */
export default function MyAppointmentsScreen() {
  const profile = useAtomValue(profileAtom);
  const [list, setList] = useState<{ upcoming: BookedAppointment[]; past: BookedAppointment[] } | null>(null);
  const { busy, error, run } = useCall();

  useEffect(() => {
    setList(null);
    if (profile?.userType !== 'client') return;
    void run(() => bookingApi.myAppointments()).then((l) => l && setList(l));
  }, [profile, run]);

  if (!profile)
    return (
      <div className="booking">
        <div className="notice">
          <p>Connectez-vous pour voir vos rendez-vous.</p>
          <p>
            <Link
              className="button button-primary"
              to={`/connexion-et-redirection/${encodeURIComponent('/dialogwatt/rendez-vous/liste/')}`}
            >
              Me connecter
            </Link>
          </p>
        </div>
        <p>
          <Link to="/dialogwatt/rendez-vous/">Prendre rendez-vous</Link>
        </p>
      </div>
    );
  if (profile.userType !== 'client')
    return (
      <div className="booking">
        <p className="notice">
          Cette page liste les rendez-vous d'un compte d'usager. Les rendez-vous de votre structure sont dans votre
          agenda.
        </p>
      </div>
    );
  return (
    <div className="booking">
      <Busy busy={busy} />
      <ApiErrorNotice error={error} />
      {list && (
        <>
          <section className="panel" aria-labelledby="my-upcoming">
            <h2 id="my-upcoming">À venir</h2>
            {list.upcoming.length === 0 ? (
              <p className="empty-state">
                Aucun rendez-vous à venir. <Link to="/dialogwatt/rendez-vous/">Prendre rendez-vous</Link>
              </p>
            ) : (
              <ul className="booking-appointments">
                {list.upcoming.map((a) => (
                  <AppointmentItem key={a.pk} appointment={a} upcoming />
                ))}
              </ul>
            )}
          </section>
          <section className="panel" aria-labelledby="my-past">
            <h2 id="my-past">Passés ou annulés</h2>
            {list.past.length === 0 ? (
              <p className="empty-state">Aucun rendez-vous passé.</p>
            ) : (
              <ul className="booking-appointments">
                {list.past.map((a) => (
                  <AppointmentItem key={a.pk} appointment={a} upcoming={false} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
