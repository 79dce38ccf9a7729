import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { usePageTitle } from '../../shell/page-title';
import { ApiErrorNotice, Busy } from '../booking/BookingParts';
import { useCall } from '../booking/use-call';
import { eventsApi } from './events-api';
import '../booking/booking.css';
import './events.css';

type Registration = Awaited<ReturnType<typeof eventsApi.registration>>;

const CONFIRMED =
  'Votre inscription est confirmée. Vous allez recevoir un courriel avec l’invitation à ajouter à votre agenda.';
const WAITING =
  'L’événement est complet : vous êtes sur la liste d’attente. Nous vous écrirons dès qu’une place se libère.';

/**
 * The confirmation link mailed to the address of a public registration: the secret in the address
 * is the only key. The page asks for a click rather than confirming as it opens, because mail
 * filters open links to inspect them: only the person confirms.
 */
export default function EventConfirmScreen() {
  const { uuid = '' } = useParams();
  const [registration, setRegistration] = useState<Registration | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const load = useCall();
  const confirm = useCall();
  usePageTitle('Confirmer mon inscription');
  useEffect(() => {
    void load
      .run(() => eventsApi.registration(uuid), { quiet: true })
      .then((r) => {
        if (!r) return;
        setRegistration(r);
        setStatus(r.status);
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uuid]);
  return (
    <div className="booking event-page">
      <Busy busy={load.busy || confirm.busy} />
      {load.error && (
        <div className="notice notice-error" role="alert">
          {load.error.status === 404 ? 'Ce lien de confirmation n’est pas valable.' : load.error.message}
        </div>
      )}
      <ApiErrorNotice error={confirm.error} />
      {registration && (
        <section className="card" aria-labelledby="event-confirm-title">
          <h2 id="event-confirm-title">{registration.event.title}</h2>
          <p>
            {registration.event.when}
            {registration.event.location ? ` — ${registration.event.location}` : ''}
          </p>
          {status === 'pending' ? (
            <button
              type="button"
              className="button button-primary"
              disabled={confirm.busy}
              aria-busy={confirm.busy}
              onClick={() => void confirm.run(() => eventsApi.confirm(uuid)).then((r) => r && setStatus(r.status))}
            >
              Confirmer l’inscription de {registration.firstName} {registration.lastName}
            </button>
          ) : (
            <p
              className={`notice ${status === 'cancelled' ? 'notice-warning' : 'notice-success'}`}
              role="status"
              data-testid="event-confirmed"
            >
              {status === 'confirmed'
                ? CONFIRMED
                : status === 'waiting'
                  ? WAITING
                  : 'Cette inscription a été annulée : inscrivez-vous de nouveau depuis la page de l’événement.'}
            </p>
          )}
        </section>
      )}
      <p>
        <Link to="/evenements/agenda/">Voir tous les événements</Link>
      </p>
    </div>
  );
}
