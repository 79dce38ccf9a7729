import { Navigate, useParams } from 'react-router-dom';

/**
 * Old sign-in links (spec 01 §2: /connection URLs lead to the new login URLs): /connection/<email>,
 * as still found in mails sent by the previous platform, keeps the e-mail address.
 */
export function LegacyLogin() {
  const { startEmail } = useParams();
  const email = startEmail?.trim();
  return (
    <Navigate to={email ? `/mon-compte/connexion/${encodeURIComponent(email)}` : '/mon-compte/connexion'} replace />
  );
}
