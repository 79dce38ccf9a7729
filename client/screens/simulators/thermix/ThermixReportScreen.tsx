import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { ThermixRequest, ThermixResponse } from '../../../../engine/simulators';
import { api, ApiError } from '../../../api/http';
import { whiteLabelAtom } from '../../../state/session';
import { SimulatorDataGate, useSimulatorData } from '../shared/simulator-data';
import { kwhPerYear } from '../shared/format';
import '../shared/simulators.css';
import { ResultsView } from './components/ResultsView';
import { RENOVATION_LABELS } from './components/NeedsTab';

interface Stored {
  request: ThermixRequest;
}

function Report({ uuid }: { uuid: string }) {
  const { data } = useSimulatorData();
  const wl = useAtomValue(whiteLabelAtom);
  const [state, setState] = useState<{ request: ThermixRequest; response: ThermixResponse } | { error: string } | null>(
    null,
  );
  useEffect(() => {
    let live = true;
    (async () => {
      const stored = await api<{ data: Stored }>(`/pdf_generator/pdf_temp_store/${encodeURIComponent(uuid)}/`);
      const request = stored.data.request;
      const response = await api<ThermixResponse>('/thermix/compute_results', { method: 'POST', body: request });
      if (live) setState({ request, response });
    })().catch((e: unknown) => {
      if (live) setState({ error: e instanceof ApiError || e instanceof Error ? e.message : String(e) });
    });
    return () => {
      live = false;
    };
  }, [uuid]);
  if (!state)
    return (
      <p className="loading" role="status">
        Préparation du rapport…
      </p>
    );
  if ('error' in state)
    return (
      <div className="notice notice-error" role="alert">
        <p>{state.error}</p>
      </div>
    );
  const n = state.request.needs;
  const name = typeof wl?.thermixName === 'string' && wl.thermixName ? wl.thermixName : 'Thermix';
  return (
    <article className="sim-report">
      <header className="sim-report-header">
        <p className="muted">{String(wl?.siteTitle ?? '')}</p>
        <h1>{name} : comparaison de solutions de chauffage et d'eau chaude</h1>
        <p className="muted">Rapport du {new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long' }).format(new Date())}</p>
        <p className="sim-no-print">
          <button type="button" className="button button-primary" onClick={() => window.print()}>
            Imprimer ou enregistrer en PDF
          </button>
        </p>
      </header>
      <section>
        <h2>Vos besoins</h2>
        <dl className="details">
          <div className="detail-row">
            <dt>Type de logement</dt>
            <dd>
              {n.housingCategory === 'multi_unit'
                ? `Logement collectif (${n.dwellingsNumber ?? 15} logements)`
                : 'Maison individuelle'}
            </dd>
          </div>
          {n.renovationType && (
            <div className="detail-row">
              <dt>Type de projet</dt>
              <dd>{RENOVATION_LABELS[n.renovationType as keyof typeof RENOVATION_LABELS] ?? n.renovationType}</dd>
            </div>
          )}
          <div className="detail-row">
            <dt>Besoin de chauffage</dt>
            <dd>{n.heating > 0 ? kwhPerYear(n.heating) : 'non géré'}</dd>
          </div>
          <div className="detail-row">
            <dt>Besoin d'eau chaude sanitaire</dt>
            <dd>{n.hotWater > 0 ? kwhPerYear(n.hotWater) : 'non géré'}</dd>
          </div>
          <div className="detail-row">
            <dt>Période étudiée</dt>
            <dd>20 ans à partir de {state.request.year}</dd>
          </div>
        </dl>
      </section>
      <section>
        <h2>Résultats sur 20 ans</h2>
        <ResultsView request={state.request} response={state.response} data={data} printable />
      </section>
    </article>
  );
}

/** /thermix/rapport/:uuid/pdf: the printable report of a stored simulation (public, pdf layout). */
export default function ThermixReportScreen() {
  const { uuid } = useParams();
  return (
    <SimulatorDataGate>
      <Report uuid={uuid ?? ''} />
    </SimulatorDataGate>
  );
}
