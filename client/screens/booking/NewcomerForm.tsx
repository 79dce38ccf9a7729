import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/http';
import { notify } from '../../shell/notifications';
import { CONSENT_FIELDS, type ConsentField } from '../../../engine/accounts/consent-fields';
import accountMessages from '../../../schemas/messages/fr/accounts.json';
import { ApiErrorNotice } from './BookingParts';
import { bookingApi, type BookedAppointment } from './booking-api';
import { fieldErrorsOf, PersonFields, REQUIRED, type PersonValues } from './IdentityField';

const messages = accountMessages as Record<string, string>;

/**
 * « Je n'ai pas de compte » at step 3: name, e-mail, phone and the data-processing consent, then
 * the held time is confirmed at once (POST create-client-and-contact-with-rgpd): the server opens
 * the client account (the visitor chooses a password later, from the mail it sends) and the
 * structure's file-area contact. Only the consent to keep the data is required; the others stay
 * unticked unless the visitor ticks them.
 */
export function NewcomerForm(props: {
  appointment: BookedAppointment;
  description?: string;
  onBooked: (a: BookedAppointment, email: string) => void;
  onExpired: () => void;
}) {
  const [values, setValues] = useState<PersonValues>({
    civility: '',
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
  });
  const [consent, setConsent] = useState<Record<ConsentField, boolean>>(
    Object.fromEntries(CONSENT_FIELDS.map((f) => [f, false])) as Record<ConsentField, boolean>,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof PersonValues) => (v: string) => setValues((x) => ({ ...x, [k]: v }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const local: Record<string, string> = {};
    for (const k of ['firstName', 'lastName', 'email', 'phone'] as const) if (!values[k].trim()) local[k] = REQUIRED;
    if (!consent.allowToKeepData) local.allowToKeepData = messages['accounts.newcomer.keep_data_required'];
    setErrors(local);
    setError(null);
    if (Object.keys(local).length) {
      document.getElementById(`booking-newcomer-${Object.keys(local)[0]}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const done = await bookingApi.bookAsNewcomer({
        user: { ...values, email: values.email.trim() },
        rgpdConsent: consent,
        appointment: { pk: props.appointment.pk, uuid: props.appointment.uuid },
        description: props.description || undefined,
      });
      props.onBooked(done.appointment, values.email.trim());
    } catch (err) {
      if (err instanceof ApiError && (err.code === 'hold_expired' || err.status === 404)) {
        props.onExpired();
        return;
      }
      const byField = fieldErrorsOf(err);
      setErrors(byField);
      setError(err as ApiError);
      notify((err as ApiError).message, 'error');
      const first = Object.keys(byField)[0];
      if (first) document.getElementById(`booking-newcomer-${first}`)?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card booking-identity" onSubmit={submit} noValidate aria-labelledby="booking-newcomer-title">
      <h3 id="booking-newcomer-title">Je n'ai pas de compte</h3>
      <p className="small">
        Donnez vos coordonnées : votre rendez-vous est confirmé aussitôt, et un courriel vous permet ensuite de choisir
        un mot de passe pour retrouver vos rendez-vous.
      </p>
      <ApiErrorNotice error={error && Object.keys(fieldErrorsOf(error)).length === 0 ? error : null} />
      <PersonFields idPrefix="booking-newcomer" values={values} set={set} errors={errors} phoneRequired />
      <fieldset className="booking-consent">
        <legend>{messages['accounts.ui.consent_title'] ?? 'Utilisation de mes données'}</legend>
        {CONSENT_FIELDS.map((f) => (
          <div key={f} className={`field field-checkbox${errors[f] ? ' has-error' : ''}`}>
            <input
              id={`booking-newcomer-${f}`}
              type="checkbox"
              checked={consent[f]}
              aria-invalid={Boolean(errors[f])}
              aria-describedby={errors[f] ? `booking-newcomer-${f}-error` : undefined}
              onChange={(e) => setConsent((c) => ({ ...c, [f]: e.target.checked }))}
            />
            <label htmlFor={`booking-newcomer-${f}`}>
              {messages[`accounts.consent.${f}`] ?? f}
              {f === 'allowToKeepData' && (
                <span className="required" aria-hidden="true">
                  {' '}
                  *
                </span>
              )}
            </label>
            {errors[f] && (
              <p className="field-error" id={`booking-newcomer-${f}-error`}>
                {errors[f]}
              </p>
            )}
          </div>
        ))}
      </fieldset>
      <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
        {busy ? 'Confirmation du rendez-vous…' : 'Confirmer mon rendez-vous'}
      </button>
    </form>
  );
}
