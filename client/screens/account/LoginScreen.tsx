import { useAtomValue } from 'jotai';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { profileAtom, whiteLabelAtom } from '../../state/session';
import { homePath } from '../../state/white-label';
import { t } from '../../lib/messages';
import { usePageTitle } from '../../shell/page-title';
import { SignInForm } from '../../shell/SignInForm';
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
  const notice = search.get('reinitialise') === '1' ? at('accounts.reset.done') : null;
  const expired = search.get('session') === 'expiree';

  // Already signed in on the redirecting route: straight to where the link leads.
  if (profile && params.nextUrl !== undefined) return <Navigate to={next ?? homePath(wl, profile.userType)} replace />;

  const forgotten = (email: string) => (
    <p className="account-aside">
      <Link
        to={
          email
            ? `/mon-compte/reinitialisation-mot-de-passe/${encodeURIComponent(email)}`
            : '/mon-compte/reinitialisation-mot-de-passe'
        }
      >
        {at('accounts.ui.forgot_link')}
      </Link>
    </p>
  );
  return (
    <div className="login">
      <SignInForm
        idPrefix="login"
        className="card login-card"
        initialEmail={params.startEmail}
        autoFocus
        describedBy="login-intro"
        header={<p id="login-intro">{t('ui.login_intro')}</p>}
        notices={
          <>
            {notice && (
              <div className="notice notice-success" role="status">
                {notice}
              </div>
            )}
            {expired && (
              <div className="notice notice-warning" role="status">
                {t('shell.session_expired')}
              </div>
            )}
          </>
        }
        forgotten={forgotten}
        onSignedIn={(signedIn) => navigate(next ?? homePath(wl, signedIn?.userType ?? null), { replace: true })}
      />
    </div>
  );
}
