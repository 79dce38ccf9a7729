import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { ApiError } from '../../api/http';
import { usePageTitle } from '../../shell/page-title';
import { NewslettersPublicFrame } from './NewslettersPublicFrame';
import { newslettersPublicApi, type Unsubscription } from './newsletters-public-api';

/** The unsubscribe link of each newsletter mail: the secret in the address is the only key. */
export default function NewsletterUnsubscribeScreen() {
  const { token = '' } = useParams();
  const [info, setInfo] = useState<Unsubscription | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  usePageTitle('Se désinscrire des newsletters');
  useEffect(() => {
    let live = true;
    newslettersPublicApi.unsubscription(token).then(
      (i) => live && setInfo(i),
      (e: ApiError) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [token]);
  const confirm = () => {
    setBusy(true);
    setError(null);
    newslettersPublicApi
      .unsubscribe(token)
      .then(
        () => setDone(true),
        (e: ApiError) => setError(e),
      )
      .finally(() => setBusy(false));
  };
  return (
    <NewslettersPublicFrame>
      <h1>Se désinscrire des newsletters</h1>
      {error && (
        <p className="notice notice-error" role="alert">
          {error.status === 404 ? 'Ce lien de désinscription n’est pas valable.' : error.message}
        </p>
      )}
      {!info && !error && (
        <p className="muted" role="status">
          Chargement…
        </p>
      )}
      {info &&
        (done || info.unsubscribed ? (
          <p className="notice notice-success" role="status">
            {done
              ? `C’est fait : l’adresse ${info.email} ne recevra plus nos newsletters.`
              : `L’adresse ${info.email} est déjà désinscrite : elle ne reçoit plus nos newsletters.`}
          </p>
        ) : (
          <>
            <p>
              Vous recevez nos newsletters{info.newsletter ? ` (dont « ${info.newsletter} »)` : ''} à l’adresse{' '}
              <strong>{info.email}</strong>. Vous ne les recevrez plus après votre désinscription.
            </p>
            <button type="button" className="button button-primary" disabled={busy} aria-busy={busy} onClick={confirm}>
              Me désinscrire
            </button>
          </>
        ))}
    </NewslettersPublicFrame>
  );
}
