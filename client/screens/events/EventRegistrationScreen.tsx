import { useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../../api/http';
import { usePageTitle } from '../../shell/page-title';
import { ApiErrorNotice, Busy } from '../booking/BookingParts';
import { hasQuestions, missingAnswers, ReasonQuestionnaire } from '../booking/ReasonQuestionnaire';
import { useCall } from '../booking/use-call';
import { eventsApi, seatsText, type PublicEvent } from './events-api';
import '../booking/booking.css';
import './events.css';

type Fields = { firstName: string; lastName: string; email: string; phone: string };
const EMPTY: Fields = { firstName: '', lastName: '', email: '', phone: '' };
const REQUIRED = 'Ce champ est obligatoire.';

function TextField(props: {
  id: keyof Fields;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  type?: string;
  autoComplete: string;
  required?: boolean;
}) {
  const id = `event-${props.id}`;
  return (
    <div className={`field${props.error ? ' has-error' : ''}`}>
      <label htmlFor={id}>
        {props.label}
        {props.required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        value={props.value}
        required={props.required}
        aria-invalid={Boolean(props.error)}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.error && (
        <p className="field-error" id={`${id}-error`}>
          {props.error}
        </p>
      )}
    </div>
  );
}

/**
 * An event's public registration page (embeddable): what, when, where, the seats left, then the
 * attendee's name, e-mail, the event's own questions (drawn by the generic form runtime) and
 * their consent. The answer is the same whether the address was registered or not (nobody learns
 * who is): the mail to the address carries the confirmation link, or says it is registered already.
 */
export default function EventRegistrationScreen() {
  const { pk = '' } = useParams();
  const [event, setEvent] = useState<PublicEvent | null>(null);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [consent, setConsent] = useState(false);
  const [answers, setAnswers] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const load = useCall();
  const send = useCall();
  usePageTitle(event?.title ?? 'Inscription à un événement');

  useEffect(() => {
    setEvent(null);
    void load.run(() => eventsApi.event(pk), { quiet: true }).then((e) => e && setEvent(e));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pk]);

  // A corrected field loses its error at once (the others keep theirs until the next sending).
  const clear = (k: string) =>
    setErrors((e) => (k in e ? Object.fromEntries(Object.entries(e).filter(([n]) => n !== k)) : e));
  const set = (k: keyof Fields) => (v: string) => {
    setFields((f) => ({ ...f, [k]: v }));
    clear(k);
  };

  async function submit(ev: FormEvent) {
    ev.preventDefault();
    if (!event) return;
    const local: Record<string, string> = {};
    if (!fields.firstName.trim()) local.firstName = REQUIRED;
    if (!fields.lastName.trim()) local.lastName = REQUIRED;
    if (!fields.email.trim()) local.email = REQUIRED;
    if (!consent) local.consent = 'Votre accord est nécessaire pour que nous enregistrions votre inscription.';
    const form = hasQuestions(event.form) ? event.form : null;
    for (const q of form ? missingAnswers(form, answers) : []) local[`formAnswers.${q}`] = REQUIRED;
    setErrors(local);
    if (Object.keys(local).length) return;
    const result = await send.run(() =>
      eventsApi.register(event.pk, { ...fields, consent, ...(form ? { formAnswers: answers } : {}) }),
    );
    if (result) setSentTo(fields.email.trim());
  }

  useEffect(() => {
    const err = send.error;
    if (!(err instanceof ApiError)) return;
    const out: Record<string, string> = {};
    for (const fe of err.errors ?? []) {
      const path = (fe.path ?? '').replace(/^\//, '').replace(/\//g, '.');
      if (path) out[path] ??= fe.message;
    }
    setErrors(out);
  }, [send.error]);

  const answerErrors = Object.fromEntries(
    Object.entries(errors)
      .filter(([k]) => k.startsWith('formAnswers.'))
      .map(([k, v]) => [k.slice('formAnswers.'.length), v]),
  );

  return (
    <div className="booking event-page">
      <Busy busy={load.busy} />
      {load.error && (
        <div className="notice notice-error" role="alert">
          {load.error.status === 404 ? 'Cet événement n’existe pas ou n’est pas ouvert au public.' : load.error.message}
        </div>
      )}
      {event && (
        <>
          <section className="card event-about" aria-label="Présentation de l’événement">
            <dl className="booking-summary">
              <div>
                <dt>Date</dt>
                <dd>{event.when}</dd>
              </div>
              {event.location && (
                <div>
                  <dt>Lieu</dt>
                  <dd>{event.location}</dd>
                </div>
              )}
              {event.group && (
                <div>
                  <dt>Organisé par</dt>
                  <dd>{event.group}</dd>
                </div>
              )}
              <div>
                <dt>Places</dt>
                <dd>{seatsText(event)}</dd>
              </div>
            </dl>
            {event.description && (
              <div className="event-description" dangerouslySetInnerHTML={{ __html: event.description }} />
            )}
          </section>

          {sentTo ? (
            <div className="notice notice-success" role="status" data-testid="event-registered">
              <p>
                Vérifiez votre boîte mail : nous venons d’écrire à <strong>{sentTo}</strong>.
              </p>
              <p>
                Pour une nouvelle inscription, suivez le lien du courriel pour la confirmer : elle ne compte qu’une fois
                confirmée. Rien reçu d’ici quelques minutes ? Regardez dans les courriels indésirables.
              </p>
            </div>
          ) : event.state !== 'open' ? (
            <p className="notice notice-warning">
              {event.state === 'not_yet_open'
                ? 'Les inscriptions ne sont pas encore ouvertes.'
                : 'Les inscriptions à cet événement sont closes.'}
            </p>
          ) : (
            <form className="card event-form" onSubmit={submit} noValidate aria-labelledby="event-form-title">
              <h2 id="event-form-title">Je m’inscris</h2>
              <p className="small">Les champs marqués d’un astérisque (*) sont obligatoires.</p>
              {send.error ? (
                <ApiErrorNotice error={send.error} idPrefix="event" />
              ) : (
                Object.keys(errors).length > 0 && (
                  <div className="notice notice-error" role="alert">
                    Le formulaire comporte des erreurs, merci de les corriger.
                  </div>
                )
              )}
              <div className="event-names">
                <TextField
                  id="firstName"
                  label="Prénom"
                  autoComplete="given-name"
                  required
                  value={fields.firstName}
                  onChange={set('firstName')}
                  error={errors.firstName}
                />
                <TextField
                  id="lastName"
                  label="Nom"
                  autoComplete="family-name"
                  required
                  value={fields.lastName}
                  onChange={set('lastName')}
                  error={errors.lastName}
                />
              </div>
              <TextField
                id="email"
                label="Courriel"
                type="email"
                autoComplete="email"
                required
                value={fields.email}
                onChange={set('email')}
                error={errors.email}
              />
              <TextField
                id="phone"
                label="Téléphone"
                type="tel"
                autoComplete="tel"
                value={fields.phone}
                onChange={set('phone')}
                error={errors.phone}
              />
              {hasQuestions(event.form) && (
                <ReasonQuestionnaire
                  form={event.form}
                  answers={answers}
                  errors={answerErrors}
                  onChange={(a) => {
                    setAnswers(a);
                    setErrors((e) =>
                      Object.fromEntries(Object.entries(e).filter(([n]) => !n.startsWith('formAnswers.'))),
                    );
                  }}
                />
              )}
              <fieldset className="booking-consent">
                <legend>Utilisation de mes données</legend>
                <div className={`field field-checkbox${errors.consent ? ' has-error' : ''}`}>
                  <input
                    id="event-consent"
                    type="checkbox"
                    checked={consent}
                    aria-invalid={Boolean(errors.consent)}
                    aria-describedby={errors.consent ? 'event-consent-error' : undefined}
                    onChange={(e) => {
                      setConsent(e.target.checked);
                      clear('consent');
                    }}
                  />
                  <label htmlFor="event-consent">
                    J’accepte que {event.group || 'l’organisateur'} conserve mes coordonnées pour gérer mon inscription
                    et me contacter au sujet de cet événement.<span aria-hidden="true"> *</span>
                  </label>
                  {errors.consent && (
                    <p className="field-error" id="event-consent-error">
                      {errors.consent}
                    </p>
                  )}
                </div>
              </fieldset>
              <button type="submit" className="button button-primary" disabled={send.busy} aria-busy={send.busy}>
                {send.busy ? 'Inscription…' : event.seatsLeft > 0 ? 'M’inscrire' : 'M’inscrire sur la liste d’attente'}
              </button>
            </form>
          )}
          <p>
            <Link to="/evenements/agenda/">Voir tous les événements</Link>
          </p>
        </>
      )}
    </div>
  );
}
