import { useEffect, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { profileAtom, signIn, whiteLabelAtom } from '../../state/session';
import { homePath } from '../../state/white-label';
import { loadMenu } from '../../state/menu';
import { ApiError } from '../../api/http';
import { t } from '../../lib/messages';
import { usePageTitle } from '../../shell/page-title';
import { PasswordInput } from '../../shell/PasswordInput';
import { safeNext } from '../../shell/safe-next';
import { at } from './account-api';
import './account.css';

export { safeNext };

/**
 * Sign-in: /mon-compte/connexion, pre-filled by /mon-compte/connexion/:startEmail, and
 * /connexion-et-redirection/:nextUrl which goes on to nextUrl (a path of this site only).
 */
export default function LoginScreen() {
  usePageTitle(t('ui.login_title'));
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const wl = useAtomValue(whiteLabelAtom);
  const profile = useAtomValue(profileAtom);
  const next = safeNext(params.nextUrl ?? search.get('next'));
  const [email, setEmail] = useState(params.startEmail ?? '');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const notice = search.get('reinitialise') === '1' ? at('accounts.reset.done') : null;
  const expired = search.get('session') === 'expiree';

  useEffect(() => {
    if (params.startEmail) setEmail(params.startEmail);
  }, [params.startEmail]);

  // Already signed in on the redirecting route: straight to where the link leads.
  if (profile && params.nextUrl !== undefined) return <Navigate to={next ?? homePath(wl, profile.userType)} replace />;

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
      const signedIn = await signIn(email, password);
      await loadMenu();
      navigate(next ?? homePath(wl, signedIn?.userType ?? null), { replace: true });
    } catch (err) {
      const apiError = err as ApiError;
      const fieldErrors: Record<string, string> = {};
      for (const fe of apiError.errors ?? []) if (fe.path) fieldErrors[fe.path] ??= fe.message;
      setErrors(fieldErrors);
      setFormError(apiError.message);
    } finally {
      setBusy(false);
    }
  };

  const forgotten = email.trim()
    ? `/mon-compte/reinitialisation-mot-de-passe/${encodeURIComponent(email.trim())}`
    : '/mon-compte/reinitialisation-mot-de-passe';
  return (
    <div className="login">
      <form className="card login-card" onSubmit={submit} noValidate aria-describedby="login-intro">
        <p id="login-intro">{t('ui.login_intro')}</p>
        {notice && (
          <div className="notice notice-success" role="status">
            {notice}
          </div>
        )}
        {expired && !formError && (
          <div className="notice notice-warning" role="status">
            {t('shell.session_expired')}
          </div>
        )}
        {formError && (
          <div className="notice notice-error" role="alert">
            {formError}
          </div>
        )}
        <div className={`field${errors.email ? ' has-error' : ''}`}>
          <label htmlFor="login-email">
            {t('ui.email')}{' '}
            <span className="required" aria-hidden="true">
              *
            </span>
          </label>
          <input
            id="login-email"
            type="email"
            autoComplete="username"
            value={email}
            required
            aria-invalid={Boolean(errors.email)}
            aria-describedby={errors.email ? 'login-email-error' : undefined}
            onChange={(e) => setEmail(e.target.value)}
            autoFocus={!params.startEmail}
          />
          {errors.email && (
            <p className="field-error" id="login-email-error">
              {errors.email}
            </p>
          )}
        </div>
        <div className={`field${errors.password ? ' has-error' : ''}`}>
          <label htmlFor="login-password">
            {t('ui.password')}{' '}
            <span className="required" aria-hidden="true">
              *
            </span>
          </label>
          <PasswordInput
            id="login-password"
            autoComplete="current-password"
            value={password}
            required
            aria-invalid={Boolean(errors.password)}
            aria-describedby={errors.password ? 'login-password-error' : undefined}
            onChange={(e) => setPassword(e.target.value)}
            autoFocus={Boolean(params.startEmail)}
          />
          {errors.password && (
            <p className="field-error" id="login-password-error">
              {errors.password}
            </p>
          )}
        </div>
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
          {busy ? t('ui.loading') : t('ui.login_submit')}
        </button>
        <p className="account-aside">
          <Link to={forgotten}>{at('accounts.ui.forgot_link')}</Link>
        </p>
      </form>
    </div>
  );
}
