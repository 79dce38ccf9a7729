import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { t } from '../../lib/messages';
import { usePageTitle } from '../../shell/page-title';
import type { ApiError } from '../../api/http';
import { at, checkResetLink, confirmReset } from './account-api';
import { PasswordPair, fieldErrorsOf, localPairErrors, type PairValue } from './PasswordPair';
import './account.css';

type LinkState = { kind: 'checking' } | { kind: 'valid'; email: string } | { kind: 'invalid'; message: string };

/** The page of the mailed link: the new password twice; a dead link says so and offers a new one. */
export default function PasswordResetChangeScreen() {
  usePageTitle(at('accounts.ui.reset_change_title'));
  const { uidb64 = '', token = '' } = useParams();
  const navigate = useNavigate();
  const [link, setLink] = useState<LinkState>({ kind: 'checking' });
  const [pair, setPair] = useState<PairValue>({ p1: '', p2: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    checkResetLink(uidb64, token).then(
      (r) => live && setLink({ kind: 'valid', email: r.email }),
      (e: ApiError) =>
        live && setLink({ kind: 'invalid', message: e.status === 400 ? e.message : at('accounts.reset.invalid_link') }),
    );
    return () => {
      live = false;
    };
  }, [uidb64, token]);

  if (link.kind === 'checking')
    return (
      <p className="loading" role="status">
        {t('ui.loading')}
      </p>
    );
  if (link.kind === 'invalid') {
    return (
      <div className="login">
        <div className="card login-card">
          <div className="notice notice-error" role="alert">
            <p>{link.message}</p>
          </div>
          <p>
            <Link className="button button-primary" to="/mon-compte/reinitialisation-mot-de-passe">
              {at('accounts.ui.ask_new_link')}
            </Link>
          </p>
        </div>
      </div>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const local = localPairErrors(pair, link.email);
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const done = await confirmReset(uidb64, token, pair.p1, pair.p2);
      navigate(`/mon-compte/connexion/${encodeURIComponent(done.email)}?reinitialise=1`, { replace: true });
    } catch (err) {
      const apiError = err as ApiError;
      if (apiError.code === 'invalid_link') setLink({ kind: 'invalid', message: apiError.message });
      else
        setErrors({
          ...fieldErrorsOf(err),
          ...(fieldErrorsOf(err).newPassword1 || fieldErrorsOf(err).newPassword2 ? {} : { form: apiError.message }),
        });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="login">
      <form className="card login-card" onSubmit={submit} noValidate aria-describedby="reset-change-intro">
        <p id="reset-change-intro">{at('accounts.ui.reset_change_intro', { email: link.email })}</p>
        {errors.form && (
          <div className="notice notice-error" role="alert">
            {errors.form}
          </div>
        )}
        {/* The account's address, for password managers (hidden from view and from screen readers). */}
        <input type="email" autoComplete="username" value={link.email} readOnly hidden />
        <PasswordPair value={pair} onChange={setPair} errors={errors} idPrefix="reset" autoFocus />
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
          {busy ? t('ui.saving') : at('accounts.ui.reset_change_submit')}
        </button>
      </form>
    </div>
  );
}
