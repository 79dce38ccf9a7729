import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { api, ApiError } from '../../api/http';
import { ruleUserAtom } from '../../state/session';
import type { RecordActionProps } from '../../runtime/types';
import { tr } from './office-messages';

/**
 * The sheet's account, for the directory team (spec 03 « Compte utilisateur »): its e-mail and
 * « Renvoyer un mail de réinitialisation du mot de passe », which asks the server
 * (POST …/password-reset/, staff only there too) to send the platform's password-reset mail.
 */
export default function ListeProAccountAction({ record, label }: RecordActionProps) {
  const user = useAtomValue(ruleUserAtom);
  const team = user.roles.includes('advisor') || user.roles.includes('administrator');
  const [email, setEmail] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const account = typeof record.user === 'number' ? record.user : null;

  useEffect(() => {
    if (!team || account === null) return;
    api<{ email: string }>(`/accounts/user/${account}/`)
      .then((u) => setEmail(u.email))
      .catch(() => setEmail(null));
  }, [team, account]);

  if (!team || account === null) return null;

  const send = async () => {
    setBusy(true);
    setResult(null);
    try {
      const res = await api<{ message: string }>(`/listepro/professional/${record.pk}/password-reset/`, {
        method: 'POST',
        body: {},
      });
      setResult({ ok: true, text: res.message });
    } catch (e) {
      setResult({ ok: false, text: e instanceof ApiError ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="listepro-account-action">
      {email && <p className="muted">{tr('account.linked', { email })}</p>}
      <button type="button" className="button" onClick={() => void send()} disabled={busy} aria-busy={busy}>
        {label}
      </button>
      <div role="status" aria-live="polite">
        {result && <p className={result.ok ? 'notice notice-info' : 'notice notice-error'}>{result.text}</p>}
      </div>
    </div>
  );
}
