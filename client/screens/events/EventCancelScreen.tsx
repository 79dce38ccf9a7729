import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { usePageTitle } from '../../shell/page-title';
import { ApiErrorNotice, Busy } from '../booking/BookingParts';
import { useCall } from '../booking/use-call';
import { eventsApi } from './events-api';
import '../booking/booking.css';
import './events.css';

type Registration = Awaited<ReturnType<typeof eventsApi.registration>>;

/** The cancel link mailed to each attendee: the secret in the address is the only key. */
export default function EventCancelScreen() {
  const { uuid = '' } = useParams();
  const [registration, setRegistration] = useState<Registration | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const load = useCall();
  const cancel = useCall();
  usePageTitle('Annuler mon inscription');
  useEffect(() => {
    void load.run(() => eventsApi.registration(uuid), { quiet: true }).then((r) => r && setRegistration(r));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uuid]);
  const gone = cancelled || registration?.status === 'cancelled';
  return (
    <div className="booking event-page">
      <Busy busy={load.busy || cancel.busy} />
      {load.error && (
        <div className="notice notice-error" role="alert">
          {load.error.status === 404 ? 'Ce lien d’annulation n’est pas valable.' : load.error.message}
        </div>
      )}
      <ApiErrorNotice error={cancel.error} />
      {registration && (
        <section className="card" aria-labelledby="event-cancel-title">
          <h2 id="event-cancel-title">{registration.event.title}</h2>
          <p>
            {registration.event.when}
            {registration.event.location ? ` — ${registration.event.location}` : ''}
          </p>
          {gone ? (
            <p className="notice notice-success" role="status">
              L’inscription de {registration.firstName} {registration.lastName} est annulée.
            </p>
          ) : (
            <button
              type="button"
              className="button button-danger"
              onClick={() => void cancel.run(() => eventsApi.cancel(uuid)).then((r) => r && setCancelled(true))}
            >
              Annuler l’inscription de {registration.firstName} {registration.lastName}
            </button>
          )}
        </section>
      )}
    </div>
  );
}
