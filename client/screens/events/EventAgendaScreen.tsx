import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../shell/page-title';
import { ApiErrorNotice, Busy } from '../booking/BookingParts';
import { useCall } from '../booking/use-call';
import { eventsApi, seatsText, type PublicEvent } from './events-api';
import '../booking/booking.css';
import './events.css';

/** The public agenda (the module's public page, embeddable): the events open to registration. */
export default function EventAgendaScreen() {
  const [events, setEvents] = useState<PublicEvent[] | null>(null);
  const { busy, error, run } = useCall();
  usePageTitle('Agenda des événements');
  useEffect(() => {
    void run(() => eventsApi.agenda()).then((e) => e && setEvents(e));
  }, [run]);
  return (
    <div className="booking event-page">
      <Busy busy={busy} />
      <ApiErrorNotice error={error} />
      {events && events.length === 0 && <p className="notice">Aucun événement n’est ouvert aux inscriptions.</p>}
      {events && events.length > 0 && (
        <ul className="event-agenda">
          {events.map((e) => (
            <li key={e.pk} className="card">
              <h2>{e.title}</h2>
              <p>
                {e.when}
                {e.location ? ` — ${e.location}` : ''}
              </p>
              <p className="small">{seatsText(e)}</p>
              <Link className="button button-primary" to={`/evenements/inscription/${e.pk}`}>
                S’inscrire<span className="visually-hidden"> à « {e.title} »</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
