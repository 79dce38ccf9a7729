import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { api, type ApiError } from '../../api/http';
import { entityPaths } from '../../runtime/entity-routes';
import { usePageTitle } from '../../shell/page-title';
import { t } from '../../lib/messages';

interface CtiAnswer {
  phone: string;
  users: { pk: number; fullName: string; email: string; phone: string; userType: string }[];
  contacts: { pk: number; name: string }[];
  organizations: { pk: number; name: string }[];
}

/** Incoming call: who is this number? Accounts now; file-area contacts when that module exists. */
export default function CtiScreen() {
  const { phone } = useParams();
  const navigate = useNavigate();
  const [typed, setTyped] = useState(phone ?? '');
  const [answer, setAnswer] = useState<CtiAnswer | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  usePageTitle(phone ? t('ui.cti_title_phone', { phone }) : null);
  useEffect(() => {
    setAnswer(null);
    setError(null);
    if (!phone) return;
    api<CtiAnswer>(`/cti/${encodeURIComponent(phone)}/`).then(setAnswer, setError);
  }, [phone]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (typed.trim()) navigate(`/cti/${encodeURIComponent(typed.trim())}`);
  };
  const users = entityPaths('user');
  const total = answer ? answer.users.length + answer.contacts.length + answer.organizations.length : 0;
  return (
    <div className="cti">
      <form className="inline-input" onSubmit={submit} role="search">
        <label htmlFor="cti-phone" className="visually-hidden">
          {t('ui.cti_phone')}
        </label>
        <input
          id="cti-phone"
          type="tel"
          value={typed}
          placeholder={t('ui.cti_phone')}
          onChange={(e) => setTyped(e.target.value)}
        />
        <button type="submit" className="button button-primary">
          {t('ui.search')}
        </button>
      </form>
      {error && (
        <div className="notice notice-error" role="alert">
          {error.message}
        </div>
      )}
      {answer && (
        <section className="panel" aria-live="polite">
          <h2>{t('ui.cti_results', { count: total, phone: answer.phone })}</h2>
          {total === 0 && <p className="muted">{t('ui.cti_none')}</p>}
          {answer.users.length > 0 && (
            <ul className="link-list">
              {answer.users.map((u) => (
                <li key={u.pk}>
                  <Link to={users.edit(u.pk) ?? '#'}>{u.fullName || u.email}</Link>{' '}
                  <span className="muted">
                    — {u.email} · {u.phone}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
