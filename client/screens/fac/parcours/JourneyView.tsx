import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { api, type ApiError } from '../../../api/http';
import type { Journey } from './parcours-data';

const errorText = (e: ApiError) => (e.errors.length ? e.errors.map((x) => x.message).join(' ') : e.message);

/**
 * One folder model drawn as its journey: the statuses in order, left to right, each with the acts
 * that lead to it; the acts that change no status after them. Administrators add a status or an
 * act in place; everything opens in its generic form for the rest.
 */
export function JourneyView({
  journey,
  editable,
  changed,
}: {
  journey: Journey;
  editable: boolean;
  changed: () => void;
}) {
  const { model, statuses, categories, acts } = journey;
  const [statusName, setStatusName] = useState('');
  const [actName, setActName] = useState('');
  const [actStatus, setActStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = `journey-${model.pk}`;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      changed();
    } catch (e) {
      setError(errorText(e as ApiError));
    } finally {
      setBusy(false);
    }
  };
  const addStatus = (e: FormEvent) => {
    e.preventDefault();
    const order = Math.max(-1, ...statuses.map((s) => s.order ?? 0)) + 1;
    void run(async () => {
      await api('/fac/status/', { method: 'POST', body: { name: statusName.trim(), folderModel: model.pk, order } });
      setStatusName('');
    });
  };
  const addAct = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      // An act belongs to a category: a model without one gets « Actes », which the
      // administrator may rename in its form.
      const category =
        categories[0]?.pk ??
        (await api<{ pk: number }>('/fac/category-model/', {
          method: 'POST',
          body: { name: 'Actes', folderModel: model.pk, order: 0 },
        }).then((c) => c.pk));
      const order = Math.max(-1, ...acts.map((a) => a.order ?? 0)) + 1;
      await api('/fac/action-model/', {
        method: 'POST',
        body: {
          name: actName.trim(),
          categoryModel: category,
          triggerStatus: actStatus ? Number(actStatus) : null,
          optional: true,
          order,
        },
      });
      setActName('');
      setActStatus('');
    });
  };
  const untriggered = acts.filter((a) => a.triggerStatus === null || !statuses.some((s) => s.pk === a.triggerStatus));
  return (
    <section className="panel journey" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        {model.name}{' '}
        <Link to={`/fac/modeles-de-dossier/${model.pk}`} className="small">
          Modifier le modèle
        </Link>
      </h2>
      {statuses.length === 0 ? (
        <p className="empty-state">Aucun statut : un dossier de ce modèle n'a pas de statut.</p>
      ) : (
        <ol className="journey-steps" aria-label={`Statuts du parcours ${model.name}, dans l'ordre`}>
          {statuses.map((s, i) => {
            const leading = acts.filter((a) => a.triggerStatus === s.pk);
            return (
              <li key={s.pk} className="journey-step" style={{ borderTopColor: s.color || undefined }}>
                <h3>
                  <span className="visually-hidden">{`Étape ${i + 1} : `}</span>
                  <Link to={`/fac/statuts/${s.pk}`}>{s.name}</Link>
                </h3>
                {leading.length ? (
                  <>
                    <p className="small muted">{i === 0 ? 'Aussi atteint par :' : 'Atteint par :'}</p>
                    <ul className="journey-acts">
                      {leading.map((a) => (
                        <li key={a.pk}>
                          <Link to={`/fac/modeles-d-action/${a.pk}`}>{a.name}</Link>
                          {a.disabled ? ' (désactivé)' : ''}
                        </li>
                      ))}
                    </ul>
                  </>
                ) : (
                  <p className="small muted">{i === 0 ? 'Statut de départ' : 'Aucun acte ne mène à ce statut.'}</p>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {untriggered.length > 0 && (
        <div className="journey-others">
          <h3>Actes qui ne changent pas le statut</h3>
          <ul className="journey-acts">
            {untriggered.map((a) => (
              <li key={a.pk}>
                <Link to={`/fac/modeles-d-action/${a.pk}`}>{a.name}</Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      {editable && (
        <div className="journey-edit">
          <form onSubmit={addStatus} aria-label={`Ajouter un statut au parcours ${model.name}`}>
            <div className="field">
              <label htmlFor={`${id}-status`}>Nouveau statut (en fin de parcours)</label>
              <input
                id={`${id}-status`}
                required
                maxLength={255}
                value={statusName}
                onChange={(e) => setStatusName(e.target.value)}
              />
            </div>
            <button type="submit" className="button" disabled={busy}>
              Ajouter le statut
            </button>
          </form>
          <form onSubmit={addAct} aria-label={`Ajouter un acte au parcours ${model.name}`}>
            <div className="field">
              <label htmlFor={`${id}-act`}>Nouvel acte</label>
              <input
                id={`${id}-act`}
                required
                maxLength={255}
                value={actName}
                onChange={(e) => setActName(e.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-act-status`}>Mène au statut</label>
              <select id={`${id}-act-status`} value={actStatus} onChange={(e) => setActStatus(e.target.value)}>
                <option value="">— Ne change pas le statut —</option>
                {statuses.map((s) => (
                  <option key={s.pk} value={String(s.pk)}>
                    {s.name}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="button" disabled={busy}>
              Ajouter l'acte
            </button>
          </form>
          {error && (
            <div className="notice notice-error" role="alert">
              {error}
            </div>
          )}
        </div>
      )}
    </section>
  );
}
