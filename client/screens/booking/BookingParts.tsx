import { Link } from 'react-router-dom';
import type { ApiError } from '../../api/http';
import { ErrorSummary } from '../../runtime/ErrorSummary';
import type { BookedAppointment, PublicPlace } from './booking-api';
import { formatAppointmentRange, formatDuration } from './booking-dates';

/** The busy indicator of a call in progress (announced, not only drawn). */
export function Busy({ busy, text = 'Chargement…' }: { busy: boolean; text?: string }) {
  return (
    <p className="booking-busy" role="status" aria-live="polite">
      {busy && (
        <>
          <span className="booking-spinner" aria-hidden="true" />
          {text}
        </>
      )}
    </p>
  );
}

const FIELD_LABELS: Record<string, string> = {
  reason: 'Motif',
  place: 'Lieu',
  advisor: 'Conseiller',
  slot: 'Créneau',
  start: 'Horaire',
  startDate: 'Date de début',
  endDate: 'Date de fin',
  description: 'Description',
  formAnswers: 'Questionnaire',
  email: 'Adresse électronique',
  firstName: 'Prénom',
  lastName: 'Nom',
  phone: 'Téléphone',
};

/** The server's French message; its field errors, if any, in the error summary. */
export function ApiErrorNotice({ error, idPrefix = 'booking' }: { error: ApiError | null; idPrefix?: string }) {
  if (!error) return null;
  const fieldErrors = error.errors ?? [];
  return (
    <>
      <div className="notice notice-error" role="alert">
        {error.message}
      </div>
      {fieldErrors.length > 0 && (
        <ErrorSummary errors={fieldErrors} labelOf={(f) => FIELD_LABELS[f] ?? f} idPrefix={idPrefix} />
      )}
    </>
  );
}

export function placeAddress(place: PublicPlace): string {
  return [place.address, [place.postcode, place.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

const STATUS: Record<BookedAppointment['status'], string> = {
  waiting: 'En attente de confirmation',
  validated: 'Confirmé',
  cancelled: 'Annulé',
};

/** What a visitor needs to know of an appointment: when, where, why, with whom. */
export function AppointmentSummary({ appointment }: { appointment: BookedAppointment }) {
  const a = appointment;
  return (
    <dl className="booking-summary">
      <div>
        <dt>Date</dt>
        <dd>{formatAppointmentRange(a.startDate, a.endDate)}</dd>
      </div>
      <div>
        <dt>Motif</dt>
        <dd>
          {a.reason.name}
          {a.reason.duration > 0 && <span className="muted"> ({formatDuration(a.reason.duration)})</span>}
        </dd>
      </div>
      {a.place && (
        <div>
          <dt>Lieu</dt>
          <dd>
            {a.place.name}
            {placeAddress(a.place) && (
              <>
                <br />
                {placeAddress(a.place)}
              </>
            )}
          </dd>
        </div>
      )}
      {a.advisor && (
        <div>
          <dt>Conseiller</dt>
          <dd>{a.advisor.fullName}</dd>
        </div>
      )}
      {a.group && (
        <div>
          <dt>Structure</dt>
          <dd>
            {a.group.name}
            {a.group.phone && (
              <>
                {' — '}
                <a href={`tel:${a.group.phone.replace(/\s/g, '')}`}>{a.group.phone}</a>
              </>
            )}
          </dd>
        </div>
      )}
      <div>
        <dt>État</dt>
        <dd>
          <span className={`badge booking-status-${a.status}`}>{STATUS[a.status]}</span>
        </dd>
      </div>
    </dl>
  );
}

/** A place as a card: name, address, phone; its information page and, when given, the booking link. */
export function PlaceCard({ place, bookHref }: { place: PublicPlace; bookHref?: string }) {
  return (
    <li className="card booking-card">
      <h3>{place.name}</h3>
      {placeAddress(place) && <p>{placeAddress(place)}</p>}
      {place.phone && (
        <p>
          Téléphone : <a href={`tel:${place.phone.replace(/\s/g, '')}`}>{place.phone}</a>
        </p>
      )}
      <p className="booking-card-actions">
        {bookHref && (
          <Link className="button button-primary" to={bookHref}>
            Prendre rendez-vous<span className="visually-hidden"> à {place.name}</span>
          </Link>
        )}
        <Link to={`/dialogwatt/lieux/infos/${place.pk}`}>
          Informations sur le lieu<span className="visually-hidden"> {place.name}</span>
        </Link>
      </p>
    </li>
  );
}

/** Where « Reprendre rendez-vous » leads: the same place and reason, else the booking's first step. */
export function rebookPath(a: BookedAppointment): string {
  if (!a.place?.slug) return '/dialogwatt/rendez-vous/';
  const reason = encodeURIComponent(String(a.reason.pk));
  return `/dialogwatt/rendez-vous/${encodeURIComponent(a.place.slug)}?reason=${reason}`;
}
