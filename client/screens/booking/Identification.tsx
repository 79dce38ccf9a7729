import { useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { api, ApiError } from '../../api/http';
import { profileAtom, signOut, whiteLabelAtom } from '../../state/session';
import { SignInForm } from '../../shell/SignInForm';
import { notify } from '../../shell/notifications';
import { CONSENT_FIELDS, type ConsentField } from '../../../engine/accounts/consent-fields';
import accountMessages from '../../../schemas/messages/fr/accounts.json';
import { ApiErrorNotice, Busy } from './BookingParts';
import type { BookedAppointment } from './booking-api';
import { fieldErrorsOf, PersonFields, REQUIRED } from './IdentityField';
import { NewcomerForm } from './NewcomerForm';

const messages = accountMessages as Record<string, string>;

/** « J'ai déjà un compte »: the platform's sign-in form (same call and session as the login screen). */
function BookingSignIn() {
  return (
    <SignInForm
      idPrefix="booking-signin"
      className="card booking-identity"
      labelledBy="booking-signin-title"
      header={<h3 id="booking-signin-title">J'ai déjà un compte</h3>}
      forgotten={() => (
        <p className="small">
          <a href="/mon-compte/reinitialisation-mot-de-passe" target="_blank" rel="noopener">
            Mot de passe oublié ? <span className="visually-hidden">(nouvel onglet)</span>
          </a>
        </p>
      )}
      // Signed in, the step shows who is identified: the profile atom re-renders it.
      onSignedIn={() => undefined}
      onError={(err) => notify(err.message, 'error')}
    />
  );
}

interface Registration {
  civility: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/**
 * « Je crée mon compte »: the platform's self-registration with the data-processing consent. The
 * account's password is chosen from the mail the platform sends, then the visitor signs in here.
 */
function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const [values, setValues] = useState<Registration>({
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
  const set = (k: keyof Registration) => (v: string) => setValues((x) => ({ ...x, [k]: v }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const local: Record<string, string> = {};
    for (const k of ['firstName', 'lastName', 'email'] as const) if (!values[k].trim()) local[k] = REQUIRED;
    if (!consent.allowToKeepData)
      local.allowToKeepData =
        'Pour prendre rendez-vous, vos données doivent être conservées pour le suivi de votre dossier.';
    setErrors(local);
    setError(null);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      await api('/accounts/profile/create/', {
        method: 'POST',
        anonymous: true,
        body: { user: { ...values, email: values.email.trim() }, rgpdConsent: consent },
      });
      onRegistered(values.email.trim());
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setError(err as ApiError);
      notify((err as ApiError).message, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card booking-identity" onSubmit={submit} noValidate aria-labelledby="booking-register-title">
      <h3 id="booking-register-title">Je crée mon compte</h3>
      <ApiErrorNotice error={error && Object.keys(fieldErrorsOf(error)).length === 0 ? error : null} />
      <PersonFields idPrefix="booking-register" values={values} set={set} errors={errors} />
      <fieldset className="booking-consent">
        <legend>{messages['accounts.ui.consent_title'] ?? 'Utilisation de mes données'}</legend>
        {CONSENT_FIELDS.map((f) => (
          <div key={f} className={`field field-checkbox${errors[f] ? ' has-error' : ''}`}>
            <input
              id={`booking-consent-${f}`}
              type="checkbox"
              checked={consent[f]}
              aria-invalid={Boolean(errors[f])}
              aria-describedby={errors[f] ? `booking-consent-${f}-error` : undefined}
              onChange={(e) => setConsent((c) => ({ ...c, [f]: e.target.checked }))}
            />
            <label htmlFor={`booking-consent-${f}`}>
              {messages[`accounts.consent.${f}`] ?? f}
              {f === 'allowToKeepData' && (
                <span className="required" aria-hidden="true">
                  {' '}
                  *
                </span>
              )}
            </label>
            {errors[f] && (
              <p className="field-error" id={`booking-consent-${f}-error`}>
                {errors[f]}
              </p>
            )}
          </div>
        ))}
      </fieldset>
      <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
        {busy ? 'Création du compte…' : 'Créer mon compte'}
      </button>
    </form>
  );
}

/**
 * The identification step: who books. A signed-in client is shown and goes on; anyone else gives
 * their details and confirms at once where the white label opens booking to newcomers, or signs
 * in (or creates a client account, where self-registration is open).
 */
export function Identification(props: {
  busy: boolean;
  appointment: BookedAppointment | null;
  description?: string;
  onBooked: (a: BookedAppointment, email: string) => void;
  onExpired: () => void;
}) {
  const { busy } = props;
  const profile = useAtomValue(profileAtom);
  const wl = useAtomValue(whiteLabelAtom);
  const [registered, setRegistered] = useState<string | null>(null);
  if (profile && profile.userType === 'client')
    return (
      <p className="notice notice-success" data-testid="booking-identified">
        Vous êtes connecté(e) en tant que <strong>{profile.fullName || profile.email}</strong> ({profile.email}).
      </p>
    );
  if (profile)
    return (
      <div className="notice notice-warning">
        <p>
          Vous êtes connecté(e) en tant que {profile.fullName || profile.email}, avec un compte de professionnel. Un
          rendez-vous en ligne se prend avec un compte d'usager.
        </p>
        <button type="button" className="button" onClick={() => void signOut()}>
          Me déconnecter
        </button>
      </div>
    );
  if (wl?.bookingNewcomersIsActive === true && props.appointment?.status === 'waiting')
    return (
      <>
        <Busy busy={busy} />
        <div className="booking-identities">
          <NewcomerForm
            appointment={props.appointment}
            description={props.description}
            onBooked={props.onBooked}
            onExpired={props.onExpired}
          />
          <BookingSignIn />
        </div>
      </>
    );
  return (
    <>
      <Busy busy={busy} />
      {registered && (
        <div className="notice notice-success" role="status">
          <p>
            Votre compte est créé. Un courriel vient d'être envoyé à <strong>{registered}</strong> pour choisir votre
            mot de passe.
          </p>
          <p>
            Choisissez-le, puis connectez-vous ci-dessous pour confirmer votre rendez-vous avant la fin de la
            réservation.
          </p>
        </div>
      )}
      <div className="booking-identities">
        <BookingSignIn />
        {wl?.clientselfcreationIsActive === true ? (
          <RegisterForm onRegistered={setRegistered} />
        ) : (
          <div className="card booking-identity">
            <h3>Pas encore de compte ?</h3>
            <p>
              La création de compte en ligne n'est pas ouverte sur ce site : contactez la structure qui vous accueille.
            </p>
          </div>
        )}
      </div>
    </>
  );
}
