import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { t } from '../../lib/messages';
import { usePageTitle } from '../../shell/page-title';
import type { ApiError } from '../../api/http';
import { at, requestReset } from './account-api';
import { fieldErrorsOf } from './PasswordPair';
import './account.css';

/** "Mot de passe oublié ?": asks for the address; the answer never says whether it has an account. */
export default function PasswordResetRequestScreen() {
  usePageTitle(at('accounts.ui.reset_title'));
  const params = useParams();
  const [email, setEmail] = useState(params.startEmail ?? '');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setFormError(null);
    if (!email.trim()) {
      setError(t('validation.required'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await requestReset(email.trim());
      setSent(true);
    } catch (err) {
      setError(fieldErrorsOf(err).email ?? null);
      setFormError((err as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="login">
      {sent ? (
        <div className="card login-card">
          <div className="notice notice-success" role="status">
            <p>{at('accounts.reset.requested')}</p>
          </div>
          <p className="account-aside">
            <Link to={`/mon-compte/connexion/${encodeURIComponent(email.trim())}`}>
              {at('accounts.ui.back_to_login')}
            </Link>
          </p>
        </div>
      ) : (
        <form className="card login-card" onSubmit={submit} noValidate aria-describedby="reset-intro">
          <p id="reset-intro">{at('accounts.ui.reset_intro')}</p>
          {formError && (
            <div className="notice notice-error" role="alert">
              {formError}
            </div>
          )}
          <div className={`field${error ? ' has-error' : ''}`}>
            <label htmlFor="reset-email">
              {t('ui.email')}{' '}
              <span className="required" aria-hidden="true">
                *
              </span>
            </label>
            <input
              id="reset-email"
              type="email"
              autoComplete="email"
              value={email}
              required
              aria-invalid={Boolean(error)}
              aria-describedby={error ? 'reset-email-error' : undefined}
              onChange={(e) => setEmail(e.target.value)}
              autoFocus
            />
            {error && (
              <p className="field-error" id="reset-email-error">
                {error}
              </p>
            )}
          </div>
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
            {busy ? t('ui.loading') : at('accounts.ui.reset_submit')}
          </button>
          <p className="account-aside">
            <Link to="/mon-compte/connexion">{at('accounts.ui.back_to_login')}</Link>
          </p>
        </form>
      )}
    </div>
  );
}
