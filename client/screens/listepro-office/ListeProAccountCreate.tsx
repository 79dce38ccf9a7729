import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { api, ApiError } from '../../api/http';
import { notify } from '../../shell/notifications';
import { tr } from './office-messages';

const SHEETS = '/annuaire-des-professionnels-admin/fiches/';

interface FieldSpec {
  name: 'name' | 'job' | 'email' | 'firstName' | 'lastName' | 'title' | 'phone';
  label: string;
  required?: boolean;
  type?: string;
  autoComplete?: string;
}

const FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Raison sociale', required: true },
  { name: 'job', label: 'Métier' },
  { name: 'email', label: 'Courriel', required: true, type: 'email', autoComplete: 'off' },
  { name: 'firstName', label: 'Prénom' },
  { name: 'lastName', label: 'Nom', required: true },
  { name: 'title', label: 'Fonction' },
  { name: 'phone', label: 'Téléphone', type: 'tel' },
];

/**
 * « Ajouter un professionnel » (spec 03 §2, comptes/creation): the professional's account and the
 * first values of their sheet, created together by POST /api/v1/listepro/accounts/ (the server
 * checks the directory team, validates both and mails the account its « choose your password »
 * link); then the new sheet's form.
 */
export default function ListeProAccountCreate() {
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<string, string>>({});
  const [jobs, setJobs] = useState<{ pk: number; name: string }[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api<{ pk: number; name: string }[]>('/listepro/job/', { query: { perPage: 200, sort: 'order' } })
      .then(setJobs)
      .catch(() => setJobs([]));
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors({});
    setFormError(null);
    const body: Record<string, unknown> = {};
    for (const f of FIELDS) {
      const v = (values[f.name] ?? '').trim();
      if (v !== '') body[f.name] = f.name === 'job' ? Number(v) : v;
    }
    try {
      const made = await api<{ professional: { pk: number }; message: string }>('/listepro/accounts/', {
        method: 'POST',
        body,
      });
      notify(made.message, 'success');
      navigate(`${SHEETS}edition/${made.professional.pk}`);
    } catch (err) {
      const apiError = err instanceof ApiError ? err : null;
      const byField: Record<string, string> = {};
      for (const fe of apiError?.errors ?? []) if (!byField[fe.path]) byField[fe.path] = fe.message;
      setErrors(byField);
      const unplaced = (apiError?.errors ?? []).filter((fe) => !FIELDS.some((f) => f.name === fe.path));
      setFormError([apiError?.message ?? String(err), ...unplaced.map((fe) => fe.message)].filter(Boolean).join(' '));
      setBusy(false);
    }
  };

  return (
    <section className="listepro-account-create">
      <p>{tr('account.heading')}</p>
      <form onSubmit={submit} noValidate aria-describedby="account-create-help">
        <p id="account-create-help" className="muted">
          {tr('account.create_help')}
        </p>
        {formError && (
          <div className="notice notice-error" role="alert">
            {formError}
          </div>
        )}
        {FIELDS.map((f) => {
          const id = `account-${f.name}`;
          const error = errors[f.name];
          return (
            <div key={f.name} className={`field${error ? ' has-error' : ''}`}>
              <label htmlFor={id}>
                {f.label}
                {f.required && (
                  <>
                    {' '}
                    <span className="required" aria-hidden="true">
                      *
                    </span>
                  </>
                )}
              </label>
              {f.name === 'job' ? (
                <select
                  id={id}
                  value={values.job ?? ''}
                  aria-invalid={Boolean(error)}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(e) => setValues({ ...values, job: e.target.value })}
                >
                  <option value="">—</option>
                  {jobs.map((j) => (
                    <option key={j.pk} value={j.pk}>
                      {j.name}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id={id}
                  type={f.type ?? 'text'}
                  autoComplete={f.autoComplete}
                  required={f.required}
                  value={values[f.name] ?? ''}
                  aria-invalid={Boolean(error)}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
                />
              )}
              {error && (
                <p className="field-error" id={`${id}-error`}>
                  {error}
                </p>
              )}
            </div>
          );
        })}
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
            {tr('account.create')}
          </button>
          <Link className="button" to={SHEETS}>
            {tr('help.cancel')}
          </Link>
        </div>
      </form>
    </section>
  );
}
