import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { t } from '../../lib/messages';
import { usePageTitle } from '../../shell/page-title';
import type { ApiError } from '../../api/http';
import { at, confirmEmail } from './account-api';
import './account.css';

/** The new address as the link carries it (URL-safe base64 of its UTF-8), or '' when it is not one. */
function addressOf(raw: string): string {
  try {
    const bytes = Uint8Array.from(atob(raw.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return '';
  }
}

type State = { kind: 'asking' } | { kind: 'done'; email: string } | { kind: 'failed'; message: string };

/**
 * The page of the link mailed to a new sign-in address: the person confirms (a button, so that a
 * mail scanner opening the link changes nothing); the server checks the link and changes the
 * address. No session is needed: whoever reads that mailbox holds the link.
 */
export default function EmailConfirmScreen() {
  usePageTitle(at('accounts.ui.email_confirm_title'));
  const { uidb64 = '', email = '', token = '' } = useParams();
  const address = addressOf(email);
  const [state, setState] = useState<State>({ kind: 'asking' });
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      const done = await confirmEmail(uidb64, email, token);
      setState({ kind: 'done', email: done.email });
    } catch (e) {
      setState({ kind: 'failed', message: (e as ApiError).message || at('accounts.email.invalid_link') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="login">
      <div className="card login-card">
        {state.kind === 'done' ? (
          <>
            <div className="notice notice-success" role="status">
              <p>{at('accounts.email.done', { email: state.email })}</p>
            </div>
            <p>
              <Link className="button button-primary" to={`/mon-compte/connexion/${encodeURIComponent(state.email)}`}>
                {at('accounts.ui.email_confirm_sign_in')}
              </Link>
            </p>
          </>
        ) : (
          <>
            {state.kind === 'failed' && (
              <div className="notice notice-error" role="alert">
                <p>{state.message}</p>
              </div>
            )}
            <p id="email-confirm-intro">{at('accounts.ui.email_confirm_intro', { email: address })}</p>
            <button
              type="button"
              className="button button-primary"
              onClick={() => void confirm()}
              disabled={busy || !address}
              aria-busy={busy}
              aria-describedby="email-confirm-intro"
            >
              {busy ? t('ui.saving') : at('accounts.ui.email_confirm_submit')}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
