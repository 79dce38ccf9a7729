import { useEffect, useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { api, ApiError } from '../../api/http';
import { usePageTitle } from '../../shell/page-title';
import GenericList from '../../runtime/GenericList';
import { useEntityMeta } from '../../runtime/use-entity-meta';
import { formatDateTime } from '../../lib/format';
import { hasQuestions, ReasonQuestionnaire } from '../booking/ReasonQuestionnaire';
import type { ReasonForm } from '../booking/booking-api';
import { useCall } from '../booking/use-call';
import '../booking/booking.css';
import './events.css';

interface StaffEvent {
  pk: number;
  title: string;
  startDate: string;
  isPublic: boolean;
  form: ReasonForm | null;
}

type Fields = { firstName: string; lastName: string; email: string; phone: string };
const EMPTY: Fields = { firstName: '', lastName: '', email: '', phone: '' };
const LABELS: Record<keyof Fields, [string, string, boolean]> = {
  firstName: ['Prénom', 'text', true],
  lastName: ['Nom', 'text', true],
  email: ['Courriel', 'email', true],
  phone: ['Téléphone', 'tel', false],
};

/**
 * The registrations of one event (/evenements/inscriptions/:id): the generic registrations list
 * narrowed to the event (filters, attendance, export), with above it the link to the event's
 * public page and a form to add an attendee by hand (a registration taken by phone). The server
 * places that attendee with the public form's capacity and waiting-list engine, in one transaction.
 */
export default function EventRegistrationsScreen() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const { meta, error: metaError } = useEntityMeta('event-registration');
  const [event, setEvent] = useState<StaffEvent | null>(null);
  const [reloads, setReloads] = useState(0);
  usePageTitle(event ? `Inscriptions : ${event.title}` : 'Inscriptions aux événements');
  useEffect(() => {
    // The list reads its filters from the address: this event's, unless the user chose another view.
    if (!params.get('event')) setParams({ event: id }, { replace: true });
  }, [id, params, setParams]);
  useEffect(() => {
    api<StaffEvent>(`/events/event/${encodeURIComponent(id)}/`).then(setEvent, () => setEvent(null));
  }, [id]);
  return (
    <div className="event-registrations">
      {event && (
        <section className="panel event-staff-header" aria-labelledby="event-staff-title">
          <h2 id="event-staff-title">{event.title}</h2>
          <p>{formatDateTime(event.startDate)}</p>
          <p className="event-staff-links">
            <Link to={`/evenements/edition/${event.pk}`}>Modifier l’événement</Link>
            {event.isPublic ? (
              <Link to={`/evenements/inscription/${event.pk}`}>Page d’inscription publique</Link>
            ) : (
              <span className="muted">Pas de page d’inscription publique (inscription publique non cochée).</span>
            )}
          </p>
          <AddAttendee event={event} onAdded={() => setReloads((n) => n + 1)} />
        </section>
      )}
      {metaError && (
        <div className="notice notice-error" role="alert">
          {metaError.message}
        </div>
      )}
      {meta && params.get('event') && <GenericList key={reloads} meta={meta} />}
    </div>
  );
}

function AddAttendee({ event, onAdded }: { event: StaffEvent; onAdded: () => void }) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [consent, setConsent] = useState(false);
  const [answers, setAnswers] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const send = useCall();
  const form = hasQuestions(event.form) ? event.form : null;

  async function submit(ev: FormEvent) {
    ev.preventDefault();
    setDone(null);
    const result = await send.run(
      () =>
        api<{ status: 'confirmed' | 'waiting'; position: number }>(`/events/staff/${event.pk}/attendees/`, {
          method: 'POST',
          body: { ...fields, consent, ...(form ? { formAnswers: answers } : {}) },
        }),
      { quiet: true },
    );
    if (!result) return;
    const who = `${fields.firstName.trim()} ${fields.lastName.trim()}`;
    setDone(
      result.status === 'confirmed'
        ? `${who} est inscrit·e (inscription confirmée, n° ${result.position}).`
        : `L’événement est complet : ${who} est en liste d’attente (n° ${result.position}).`,
    );
    setFields(EMPTY);
    setConsent(false);
    setAnswers({});
    setErrors({});
    onAdded();
  }

  useEffect(() => {
    const err = send.error;
    if (!(err instanceof ApiError)) return;
    const out: Record<string, string> = {};
    for (const fe of err.errors ?? []) {
      const path = (fe.path ?? '').replace(/^\//, '').replace(/\//g, '.');
      out[path || 'form'] ??= fe.message;
    }
    if (!Object.keys(out).length) out.form = err.message;
    setErrors(out);
  }, [send.error]);

  const answerErrors = Object.fromEntries(
    Object.entries(errors)
      .filter(([k]) => k.startsWith('formAnswers.'))
      .map(([k, v]) => [k.slice('formAnswers.'.length), v]),
  );
  const fieldError = (k: string) =>
    errors[k] && (
      <p className="field-error" id={`attendee-${k}-error`}>
        {errors[k]}
      </p>
    );

  return (
    <details className="event-add-attendee">
      <summary>Ajouter un inscrit</summary>
      <form onSubmit={(e) => void submit(e)} noValidate aria-describedby="attendee-help">
        <p id="attendee-help" className="small">
          Une inscription prise par téléphone ou à l’accueil : elle suit les places et la liste d’attente comme
          l’inscription en ligne, et la personne reçoit les mêmes courriels.
        </p>
        {errors.form && (
          <p className="notice notice-error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="event-attendee-fields">
          {(Object.keys(LABELS) as (keyof Fields)[]).map((k) => (
            <div key={k} className={`field${errors[k] ? ' has-error' : ''}`}>
              <label htmlFor={`attendee-${k}`}>
                {LABELS[k][0]}
                {LABELS[k][2] && <span aria-hidden="true"> *</span>}
              </label>
              <input
                id={`attendee-${k}`}
                type={LABELS[k][1]}
                value={fields[k]}
                required={LABELS[k][2]}
                aria-invalid={Boolean(errors[k])}
                aria-describedby={errors[k] ? `attendee-${k}-error` : undefined}
                onChange={(e) => setFields((f) => ({ ...f, [k]: e.target.value }))}
              />
              {fieldError(k)}
            </div>
          ))}
        </div>
        {form && (
          <ReasonQuestionnaire form={form} answers={answers} errors={answerErrors} onChange={(a) => setAnswers(a)} />
        )}
        <div className={`field field-checkbox${errors.consent ? ' has-error' : ''}`}>
          <input
            id="attendee-consent"
            type="checkbox"
            checked={consent}
            aria-invalid={Boolean(errors.consent)}
            aria-describedby={errors.consent ? 'attendee-consent-error' : undefined}
            onChange={(e) => setConsent(e.target.checked)}
          />
          <label htmlFor="attendee-consent">
            La personne accepte que la structure conserve ses coordonnées pour gérer son inscription.
            <span aria-hidden="true"> *</span>
          </label>
          {fieldError('consent')}
        </div>
        <button type="submit" className="button button-primary" disabled={send.busy} aria-busy={send.busy}>
          {send.busy ? 'Inscription…' : 'Inscrire cette personne'}
        </button>
      </form>
      <div role="status" aria-live="polite">
        {done && (
          <p className="notice notice-info" data-testid="attendee-added">
            {done}
          </p>
        )}
      </div>
    </details>
  );
}
