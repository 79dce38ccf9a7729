import { useEffect, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useNavigate } from 'react-router-dom';
import { t } from '../../lib/messages';
import { usePageTitle } from '../../shell/page-title';
import { confirmAction } from '../../shell/confirm';
import { notify } from '../../shell/notifications';
import { profileAtom } from '../../state/session';
import type { ApiError } from '../../api/http';
import { at, deleteAccount, fetchDeletionPreview, type DeletionPreview } from './account-api';
import { fieldErrorsOf } from './PasswordPair';
import './account.css';

/**
 * Says exactly what goes and what stays (the counts come from the server, which erases by the
 * same rules), asks for the password, then deletes and signs out.
 */
export default function AccountDeleteScreen() {
  usePageTitle(at('accounts.ui.delete_title'));
  const profile = useAtomValue(profileAtom);
  const navigate = useNavigate();
  const [preview, setPreview] = useState<DeletionPreview | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    fetchDeletionPreview().then(setPreview, (e: ApiError) => setLoadError(e.message));
  }, []);

  if (loadError)
    return (
      <div className="notice notice-error" role="alert">
        {loadError}
      </div>
    );
  if (!preview || !profile)
    return (
      <p className="loading" role="status">
        {t('ui.loading')}
      </p>
    );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setFormError(null);
    if (!password) {
      setError(t('validation.required'));
      return;
    }
    setError(null);
    const confirmed = await confirmAction(at('accounts.ui.delete_confirm', { email: profile.email }), {
      confirm: at('accounts.ui.delete_submit'),
      destructive: true,
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      await deleteAccount(password);
      // A toast, not a query parameter: the shell may redirect a session that just ended.
      notify(at('accounts.delete.done'), 'success');
      navigate('/mon-compte/connexion', { replace: true });
    } catch (err) {
      setError(fieldErrorsOf(err).password ?? null);
      setFormError((err as ApiError).message);
      setBusy(false);
    }
  };

  return (
    <div className="account-delete">
      <section className="panel" aria-labelledby="delete-gone">
        <h2 id="delete-gone">{at('accounts.ui.delete_deleted_title')}</h2>
        <ul>
          <li>{at('accounts.ui.delete_account_line', { email: profile.email })}</li>
          <li>{at('accounts.ui.delete_sessions_line')}</li>
          {preview.deleted
            .filter((d) => d.count > 0)
            .map((d) => (
              <li key={d.label}>{at('accounts.ui.delete_count_line', { label: d.label, count: d.count })}</li>
            ))}
        </ul>
      </section>
      <section className="panel" aria-labelledby="delete-kept">
        <h2 id="delete-kept">{at('accounts.ui.delete_kept_title')}</h2>
        <ul>
          {preview.detached.map((d) => (
            <li key={d.label}>{at('accounts.ui.delete_detached_line', { label: d.label, count: d.count })}</li>
          ))}
          {profile.group && <li>{at('accounts.ui.delete_structure_line', { name: profile.group.name })}</li>}
          <li>{at('accounts.ui.delete_others_line')}</li>
          <li>{at('accounts.ui.delete_logs_line')}</li>
        </ul>
      </section>
      {preview.isLastAdministrator ? (
        <div className="notice notice-warning" role="alert">
          <p>{at('accounts.delete.last_administrator')}</p>
        </div>
      ) : (
        <form className="panel account-form" onSubmit={submit} noValidate>
          <h2>{at('accounts.ui.delete_confirm_title')}</h2>
          <p>{at('accounts.ui.delete_irreversible')}</p>
          {formError && (
            <div className="notice notice-error" role="alert">
              {formError}
            </div>
          )}
          <input type="email" autoComplete="username" value={profile.email} readOnly hidden />
          <div className={`field${error ? ' has-error' : ''}`}>
            <label htmlFor="delete-password">
              {at('accounts.ui.delete_password')}{' '}
              <span className="required" aria-hidden="true">
                *
              </span>
            </label>
            <input
              id="delete-password"
              type="password"
              autoComplete="current-password"
              value={password}
              required
              aria-invalid={Boolean(error)}
              aria-describedby={error ? 'delete-password-error' : undefined}
              onChange={(e) => setPassword(e.target.value)}
            />
            {error && (
              <p className="field-error" id="delete-password-error">
                {error}
              </p>
            )}
          </div>
          <div className="form-actions">
            <button type="submit" className="button button-danger" disabled={busy} aria-busy={busy}>
              {at('accounts.ui.delete_submit')}
            </button>
            <Link className="button" to="/mon-compte/profil">
              {t('ui.cancel')}
            </Link>
          </div>
        </form>
      )}
    </div>
  );
}
