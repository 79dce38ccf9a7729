import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ThermixExplanations, ThermixResponse } from '../../../../../engine/simulators';
import { api, ApiError } from '../../../../api/http';
import { notify } from '../../../../shell/notifications';
import { postForFile, reportDomain, saveFile } from '../../shared/download';
import { useSimulatorData } from '../../shared/simulator-data';
import { buildThermixRequest } from '../rules/build-request';
import { thermixAtom } from '../state/atoms';
import { useThermixActions } from '../state/use-thermix';
import { ResultsView } from './ResultsView';
import { SaveToFile } from '../../shared/SaveToFile';

type Answer = ThermixResponse & { explanations?: ThermixExplanations };

/** Results of the valid solutions, computed by the server (with the explanations), and the report. */
export function ResultsTab() {
  const { data, settings } = useSimulatorData();
  const state = useAtomValue(thermixAtom);
  const actions = useThermixActions();
  // Arriving here puts valid solutions first, so that « Solution n » is the same everywhere.
  useEffect(() => actions.compact(), [actions]);
  const { request, slots } = useMemo(() => buildThermixRequest(state, { data }, settings), [state, data, settings]);
  const key = JSON.stringify(request);
  const [answer, setAnswer] = useState<{ key: string; result: Answer } | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState<'pdf' | 'print' | null>(null);

  useEffect(() => {
    if (slots.length === 0) return;
    let live = true;
    const timer = setTimeout(() => {
      api<Answer>('/thermix/compute_results', { method: 'POST', body: request, query: { explain: 1 } })
        .then((result) => {
          if (live) {
            setAnswer({ key, result });
            setError(null);
          }
        })
        .catch((e: unknown) => {
          if (live) setError(e instanceof ApiError ? e : new ApiError(0, 'error', String(e)));
        });
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // The request is compared by its JSON text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, slots.length]);

  if (slots.length === 0) {
    return (
      <div className="notice notice-warning">
        <p>Aucune solution complète à comparer : choisissez au moins un système dans l'onglet Solutions.</p>
        <p>
          <Link to="/thermix/solutions">Aller aux solutions</Link>
        </p>
      </div>
    );
  }

  const download = async () => {
    setBusy('pdf');
    try {
      const { blob, fileName } = await postForFile(
        '/thermix/report/pdf',
        { domain: reportDomain(), data: { request } },
        'thermix.pdf',
      );
      saveFile(blob, fileName);
      notify('Le rapport PDF a été téléchargé.', 'success');
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), 'error');
    } finally {
      setBusy(null);
    }
  };
  const printable = async () => {
    setBusy('print');
    // Opened at once (a pop-up blocker lets a click's own window through), filled when stored.
    const win = window.open('', '_blank');
    try {
      const { uuid } = await api<{ uuid: string }>('/pdf_generator/pdf_temp_store/', {
        method: 'POST',
        body: { data: { request, domain: reportDomain() } },
      });
      if (win) win.location.href = `/thermix/rapport/${uuid}/pdf`;
      else window.location.assign(`/thermix/rapport/${uuid}/pdf`);
    } catch (e) {
      win?.close();
      notify(e instanceof Error ? e.message : String(e), 'error');
    } finally {
      setBusy(null);
    }
  };

  const current = answer && answer.key === key ? answer.result : null;
  return (
    <div>
      <div className="sim-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={busy !== null || !current}
          onClick={() => void download()}
        >
          {busy === 'pdf' ? 'Préparation du PDF…' : 'Télécharger le rapport PDF'}
        </button>
        <button type="button" className="button" disabled={busy !== null || !current} onClick={() => void printable()}>
          Version imprimable
        </button>
      </div>
      {current && <SaveToFile simulator="thermix" inputs={request} />}
      {error && (
        <div className="notice notice-error" role="alert">
          <p>{error.message}</p>
          {error.errors.length > 0 && (
            <ul>
              {error.errors.map((e) => (
                <li key={e.path}>{e.message}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {!current && !error && (
        <p className="loading" role="status">
          Calcul en cours…
        </p>
      )}
      {current && (
        <ResultsView request={request} response={current} explanations={current.explanations ?? null} data={data} />
      )}
    </div>
  );
}
