import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../api/http';
import { signIn, type Profile } from '../state/session';
import { loadMenu } from '../state/menu';
import { t } from '../lib/messages';
import { PasswordInput } from './PasswordInput';
import { dismissNotices } from './notifications';

/**
 * The platform's sign-in form: e-mail and password, checked here for emptiness, then the same
 * call and session for every screen that signs someone in (the login screen, the booking's
 * Identification step). What happens next (a redirection, the next booking step) is the screen's.
 */
export function SignInForm(props: {
  /** Prefix of the fields' ids (`<prefix>-email`, `<prefix>-password`): unique on the page. */
  idPrefix: string;
  className: string;
  initialEmail?: string;
  /** Focus the first empty field when the form appears (the login screen, which is only this form). */
  autoFocus?: boolean;
  /** What comes first inside the form: a heading or an introduction. */
  header?: ReactNode;
  /** Messages shown above the form's error (a reset password, an expired session). */
  notices?: ReactNode;
  labelledBy?: string;
  describedBy?: string;
  /** The « Mot de passe oublié ? » link for the e-mail typed so far. */
  forgotten: (email: string) => ReactNode;
  onSignedIn: (profile: Profile | null) => void;
  onError?: (error: ApiError) => void;
}) {
  const { idPrefix, initialEmail } = props;
  const [email, setEmail] = useState(initialEmail ?? '');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (initialEmail) setEmail(initialEmail);
  }, [initialEmail]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const local: Record<string, string> = {};
    if (!email.trim()) local.email = t('validation.required');
    if (!password) local.password = t('validation.required');
    setErrors(local);
    setFormError(null);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const profile = await signIn(email, password);
      // A « mot de passe incorrect » of an earlier attempt is stale now.
      dismissNotices('error');
      await loadMenu();
      props.onSignedIn(profile);
    } catch (err) {
      const apiError = err as ApiError;
      const fieldErrors: Record<string, string> = {};
      for (const fe of apiError.errors ?? []) if (fe.path) fieldErrors[fe.path.replace(/^user\./, '')] ??= fe.message;
      setErrors(fieldErrors);
      setFormError(apiError.message);
      props.onError?.(apiError);
    } finally {
      setBusy(false);
    }
  };

  const field = (name: 'email' | 'password', label: string, input: (describedBy?: string) => ReactNode) => (
    <div className={`field${errors[name] ? ' has-error' : ''}`}>
      <label htmlFor={`${idPrefix}-${name}`}>
        {label}{' '}
        <span className="required" aria-hidden="true">
          *
        </span>
      </label>
      {input(errors[name] ? `${idPrefix}-${name}-error` : undefined)}
      {errors[name] && (
        <p className="field-error" id={`${idPrefix}-${name}-error`}>
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <form
      className={props.className}
      onSubmit={submit}
      noValidate
      aria-labelledby={props.labelledBy}
      aria-describedby={props.describedBy}
    >
      {props.header}
      {!formError && props.notices}
      {formError && (
        <div className="notice notice-error" role="alert">
          {formError}
        </div>
      )}
      {field('email', t('ui.email'), (describedBy) => (
        <input
          id={`${idPrefix}-email`}
          type="email"
          autoComplete="username"
          value={email}
          required
          aria-invalid={Boolean(errors.email)}
          aria-describedby={describedBy}
          onChange={(e) => setEmail(e.target.value)}
          autoFocus={props.autoFocus && !initialEmail}
        />
      ))}
      {field('password', t('ui.password'), (describedBy) => (
        <PasswordInput
          id={`${idPrefix}-password`}
          autoComplete="current-password"
          value={password}
          required
          aria-invalid={Boolean(errors.password)}
          aria-describedby={describedBy}
          onChange={(e) => setPassword(e.target.value)}
          autoFocus={props.autoFocus && Boolean(initialEmail)}
        />
      ))}
      <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
        {busy ? t('ui.loading') : t('ui.login_submit')}
      </button>
      {props.forgotten(email.trim())}
    </form>
  );
}
