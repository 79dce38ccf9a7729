import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { computeEcorenover, type EcorenoverResult } from '../../../../engine/simulators';
import { api, ApiError } from '../../../api/http';
import { whiteLabelAtom } from '../../../state/session';
import { euros, eurosCents, percent, withUnit } from '../shared/format';
import '../shared/simulators.css';
import { EcorenoverResults } from './EcorenoverScreen';
import { ecorenoverInput, normalizeEcorenover } from './state';

/** /ecorenover/rapport/:uuid/pdf: the printable report of a stored simulation (public, pdf layout). */
export default function EcorenoverReportScreen() {
  const { uuid } = useParams();
  const wl = useAtomValue(whiteLabelAtom);
  const [state, setState] = useState<EcorenoverResult | { error: string } | null>(null);
  useEffect(() => {
    let live = true;
    api<{ data: { request: unknown } }>(`/pdf_generator/pdf_temp_store/${encodeURIComponent(uuid ?? '')}/`)
      .then((stored) => {
        if (live) setState(computeEcorenover(ecorenoverInput(normalizeEcorenover(stored.data.request))));
      })
      .catch((e: unknown) => {
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
  const i = state.inputs;
  const name = String(wl?.ecorenoverName || 'Écorénover');
  return (
    <article className="sim-report">
      <header>
        <p className="muted">{String(wl?.siteTitle ?? '')}</p>
        <h1>{name} : plan de financement de vos travaux</h1>
        <p className="muted">Rapport du {new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long' }).format(new Date())}</p>
        <p className="sim-no-print">
          <button type="button" className="button button-primary" onClick={() => window.print()}>
            Imprimer ou enregistrer en PDF
          </button>
        </p>
      </header>
      <section>
        <h2>Vos données</h2>
        <dl className="details">
          <div className="detail-row">
            <dt>Facture énergétique annuelle</dt>
            <dd>{euros(i.annualInvoice)}</dd>
          </div>
          <div className="detail-row">
            <dt>Hausse annuelle du prix de l'énergie</dt>
            <dd>{percent(i.costOfEnergyIncrease, 2)}</dd>
          </div>
          <div className="detail-row">
            <dt>Consommation après travaux</dt>
            <dd>{withUnit(i.futureEnergyConsumption, '%', 0)} de l'actuelle</dd>
          </div>
          <div className="detail-row">
            <dt>Coût des travaux / aides</dt>
            <dd>
              {euros(i.estimatedCostOfHouseWork)} / {euros(i.estimatedAmountOfHelps)}
            </dd>
          </div>
          <div className="detail-row">
            <dt>Éco-prêt</dt>
            <dd>
              {euros(i.ecoLoanAmount)} à {percent(i.ecoLoanRate, 2)} sur {i.ecoLoanLength} ans :{' '}
              {eurosCents(i.ecoLoanAnnualPayment)} par an
            </dd>
          </div>
          <div className="detail-row">
            <dt>Prêt classique</dt>
            <dd>
              {euros(i.regularLoanAmount)} à {percent(i.regularLoanRate, 2)} sur {i.regularLoanLength} ans :{' '}
              {eurosCents(i.regularLoanAnnualPayment)} par an
            </dd>
          </div>
        </dl>
      </section>
      <section>
        <h2>Résultats sur 20 ans</h2>
        <EcorenoverResults result={state} printable />
      </section>
    </article>
  );
}
