import { useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { t } from '../../lib/messages';
import { usePageTitle } from '../../shell/page-title';
import { notify } from '../../shell/notifications';
import { profileAtom } from '../../state/session';
import type { ApiError } from '../../api/http';
import { at, changePassword } from './account-api';
import { PasswordPair, fieldErrorsOf, localPairErrors, type PairValue } from './PasswordPair';
import './account.css';

/** The current password, then the new one twice; the other sessions of the account end. */
export default function PasswordChangeScreen() {
  usePageTitle(at('accounts.ui.change_title'));
  const profile = useAtomValue(profileAtom);
  const [old, setOld] = useState('');
  const [pair, setPair] = useState<PairValue>({ p1: '', p2: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const local = localPairErrors(pair, profile?.email);
    if (!old) local.oldPassword = t('validation.required');
    setErrors(local);
    setFormError(null);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      await changePassword({ oldPassword: old, newPassword1: pair.p1, newPassword2: pair.p2 });
      setDone(true);
      setOld('');
      setPair({ p1: '', p2: '' });
      notify(at('accounts.change.done'), 'success');
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setFormError((err as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card account-form" onSubmit={submit} noValidate>
      {done && (
        <div className="notice notice-success" role="status">
          <p>{at('accounts.change.done')}</p>
        </div>
      )}
      {formError && (
        <div className="notice notice-error" role="alert">
          {formError}
        </div>
      )}
      <input type="email" autoComplete="username" value={profile?.email ?? ''} readOnly hidden />
      <div className={`field${errors.oldPassword ? ' has-error' : ''}`}>
        <label htmlFor="change-old">
          {at('accounts.ui.old_password')}{' '}
          <span className="required" aria-hidden="true">
            *
          </span>
        </label>
        <input
          id="change-old"
          type="password"
          autoComplete="current-password"
          value={old}
          required
          aria-invalid={Boolean(errors.oldPassword)}
          aria-describedby={errors.oldPassword ? 'change-old-error' : undefined}
          onChange={(e) => setOld(e.target.value)}
          autoFocus
        />
        {errors.oldPassword && (
          <p className="field-error" id="change-old-error">
            {errors.oldPassword}
          </p>
        )}
      </div>
      <PasswordPair value={pair} onChange={setPair} errors={errors} idPrefix="change" />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
          {busy ? t('ui.saving') : at('accounts.ui.change_submit')}
        </button>
        <Link className="button" to="/mon-compte/profil">
          {at('accounts.ui.back_to_profile')}
        </Link>
      </div>
      <p className="account-aside">
        <Link to="/mon-compte/reinitialisation-mot-de-passe">{at('accounts.ui.forgot_current')}</Link>
      </p>
    </form>
  );
}
