import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { api, type ApiError } from '../../api/http';
import { entityPaths } from '../../runtime/entity-routes';
import { usePageTitle } from '../../shell/page-title';
import { t } from '../../lib/messages';

interface CtiAnswer {
  phone: string;
  users: { pk: number; fullName: string; email: string; phone: string; userType: string }[];
  contacts: FileAreaMatch[];
  organizations: FileAreaMatch[];
}

interface FileAreaMatch {
  pk: number;
  name: string;
  email: string;
  phones: string[];
}

/** One group of answers (accounts, contacts, organisations) under its heading, if any. */
function Matches({
  title,
  items,
}: {
  title: string;
  items: { key: number; to: string; label: string; more: string }[];
}) {
  if (items.length === 0) return null;
  return (
    <>
      <h3>{title}</h3>
      <ul className="link-list">
        {items.map((i) => (
          <li key={i.key}>
            <Link to={i.to}>{i.label}</Link> <span className="muted">— {i.more}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Incoming call: who is this number? Accounts, and the file-area contacts and organisations. */
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
  const contacts = entityPaths('contact');
  const organizations = entityPaths('organization');
  const fileArea = (m: FileAreaMatch, to: string | undefined) => ({
    key: m.pk,
    to: to ?? '#',
    label: m.name,
    more: [m.email, ...m.phones].filter(Boolean).join(' · '),
  });
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
          <Matches
            title={t('ui.cti_users')}
            items={answer.users.map((u) => ({
              key: u.pk,
              to: users.edit(u.pk) ?? '#',
              label: u.fullName || u.email,
              more: `${u.email} · ${u.phone}`,
            }))}
          />
          <Matches title={t('ui.cti_contacts')} items={answer.contacts.map((c) => fileArea(c, contacts.edit(c.pk)))} />
          <Matches
            title={t('ui.cti_organizations')}
            items={answer.organizations.map((o) => fileArea(o, organizations.edit(o.pk)))}
          />
        </section>
      )}
    </div>
  );
}
