import { useState } from 'react';
import { api, type ApiError } from '../../api/http';
import GroupAccountScreen from '../configuration/GroupAccountScreen';
import './booking-admin.css';

interface TestAnswer {
  status: 'sent' | 'failed';
  to: string;
  message: string;
}

/**
 * The structure's e-mail account (generic form, one per structure) and « Tester »: a test mail to
 * the signed-in superadvisor through the saved account, with the outcome in French.
 */
export default function MailAccountScreen() {
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const test = async () => {
    if (busy) return;
    setBusy(true);
    setAnswer(null);
    try {
      const res = await api<TestAnswer>('/dialogwatt/smtp-account-test/', { method: 'POST', body: {} });
      setAnswer({ ok: res.status === 'sent', text: res.message });
    } catch (e) {
      setAnswer({ ok: false, text: (e as ApiError).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <GroupAccountScreen />
      <section className="panel account-test" aria-labelledby="account-test-title">
        <h2 id="account-test-title">Tester l'envoi</h2>
        <p className="muted">
          Un courriel de test part vers votre adresse avec le compte enregistré : enregistrez d'abord vos modifications.
        </p>
        <button type="button" className="button" onClick={() => void test()} disabled={busy} aria-busy={busy}>
          {busy ? 'Envoi en cours…' : 'Tester'}
        </button>
        <div aria-live="polite">
          {answer && (
            <p
              className={`notice ${answer.ok ? 'notice-success' : 'notice-error'}`}
              role={answer.ok ? 'status' : 'alert'}
            >
              {answer.text}
            </p>
          )}
        </div>
      </section>
    </>
  );
}
