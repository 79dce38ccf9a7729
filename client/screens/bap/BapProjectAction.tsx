import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../api/http';
import type { RecordActionProps } from '../../runtime/types';
import { STATE_LABELS, failureText, type BapInterest } from './bap-api';
import './bap.css';

interface Sheet {
  pk: number;
  name: string;
}

/**
 * On a project's staff page: its state with « Publier » / « Clore » (the workflow's transitions),
 * and the interested professionals with « Partager le contact » for each.
 */
export default function BapProjectAction({ record, label }: RecordActionProps) {
  const pk = Number(record.pk);
  const dialog = useRef<HTMLDialogElement>(null);
  const [state, setState] = useState(String(record.state ?? 'draft'));
  const [interests, setInterests] = useState<BapInterest[]>([]);
  const [sheets, setSheets] = useState<Map<number, string>>(new Map());
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const load = useCallback(() => {
    api<BapInterest[]>('/bap/interest/', { query: { project: pk } }).then(async (rows) => {
      setInterests(rows);
      const names = await Promise.all(
        rows.map((r) => api<Sheet>(`/listepro/professional/${r.professional}/`).catch(() => null)),
      );
      setSheets(new Map(names.filter((s): s is Sheet => s !== null).map((s) => [s.pk, s.name])));
    });
  }, [pk]);
  useEffect(load, [load]);
  async function run(transition: string) {
    setError('');
    try {
      const view = await api<{ state: string }>(`/workflow/bap-project/${pk}/transitions/${transition}/`, {
        method: 'POST',
        body: {},
      });
      setState(view.state);
      setStatus(transition === 'close' ? 'Projet clos.' : 'Projet publié aux professionnels concernés.');
    } catch (e) {
      setError(failureText(e));
    }
  }
  async function share(interest: number) {
    setError('');
    try {
      await api(`/bap/interest/${interest}/share/`, { method: 'POST', body: {} });
      setStatus('Contact du ménage partagé.');
      load();
    } catch (e) {
      setError(failureText(e));
    }
  }
  // The record's actions sit in the form's button bar: the panel opens in a modal dialog above it.
  return (
    <>
      <button type="button" className="button" onClick={() => dialog.current?.showModal()}>
        {label}
      </button>
      <dialog ref={dialog} className="bap-dialog" aria-labelledby="bap-action-title">
        <section className="bap">
          <h2 id="bap-action-title">Bourse aux projets : {STATE_LABELS[state] ?? state}</h2>
          <div className="bap-actions">
            {state === 'draft' && (
              <button type="button" className="button primary" onClick={() => run('publish')}>
                Publier aux professionnels
              </button>
            )}
            {state !== 'closed' && (
              <button type="button" className="button" onClick={() => run('close')}>
                Clore le projet
              </button>
            )}
            {state === 'closed' && (
              <button type="button" className="button" onClick={() => run('reopen')}>
                Rouvrir
              </button>
            )}
          </div>
          {status && <p role="status">{status}</p>}
          {error && (
            <p className="panel-error" role="alert">
              {error}
            </p>
          )}
          <h3>Professionnels intéressés</h3>
          {interests.length === 0 ? (
            <p>Aucun professionnel ne s’est encore déclaré intéressé.</p>
          ) : (
            <table className="bap-table">
              <thead>
                <tr>
                  <th scope="col">Professionnel</th>
                  <th scope="col">Message</th>
                  <th scope="col">Contact</th>
                </tr>
              </thead>
              <tbody>
                {interests.map((i) => (
                  <tr key={i.pk}>
                    <td>{sheets.get(i.professional) ?? `Fiche ${i.professional}`}</td>
                    <td>{i.message}</td>
                    <td>
                      {i.contactShared ? (
                        'Partagé'
                      ) : (
                        <button type="button" className="button" onClick={() => share(i.pk)}>
                          Partager le contact
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <button type="button" className="button" onClick={() => dialog.current?.close()}>
            Fermer
          </button>
        </section>
      </dialog>
    </>
  );
}
