import { useAtom, useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import {
  computeEcorenover,
  ECO_LOAN_CEILING,
  suggestedEcoLoanAmount,
  type EcorenoverResult,
} from '../../../../engine/simulators';
import { api } from '../../../api/http';
import { notify } from '../../../shell/notifications';
import { whiteLabelAtom } from '../../../state/session';
import { useCurrentRoute } from '../../../runtime/entity-routes';
import { NumberField } from '../shared/NumberField';
import { SimulatorDataGate, useSimulatorData } from '../shared/simulator-data';
import { Tabs } from '../shared/Tabs';
import { LineChart } from '../shared/charts/LineChart';
import { postForFile, reportDomain, saveFile } from '../shared/download';
import { euros, eurosCents, eurosPerYear } from '../shared/format';
import '../shared/simulators.css';
import { ecorenoverAtom, ecorenoverInput, type EcorenoverState } from './state';

const TABS = [
  { slug: 'situation-actuelle', label: 'Situation actuelle' },
  { slug: 'situation-envisagee', label: 'Situation envisagée' },
  { slug: 'emprunts', label: 'Emprunts' },
  { slug: 'resultats', label: 'Résultats' },
];

function useEcorenover(): [EcorenoverState, (patch: Partial<EcorenoverState>) => void, EcorenoverResult] {
  const [state, setState] = useAtom(ecorenoverAtom);
  // The engine is pure and takes microseconds: every change is computed at once, in the browser.
  const result = useMemo(() => computeEcorenover(ecorenoverInput(state)), [state]);
  return [state, (patch) => setState((s) => ({ ...s, ...patch })), result];
}

function SystemSelect({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string | null | undefined;
  onChange: (v: string | null) => void;
}) {
  const { data } = useSimulatorData();
  const systems = data.productionSystems
    .filter((s) => s.isHeating)
    .sort((a, b) => a.label.trim().localeCompare(b.label.trim(), 'fr'));
  return (
    <div className="field sim-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)}>
        <option value="">— Non précisé —</option>
        {systems.map((s) => (
          <option key={s.identifier} value={s.identifier}>
            {s.label.trim()}
          </option>
        ))}
      </select>
    </div>
  );
}

/** What is wrong or surprising in the inputs (an eco loan above what is left to finance…). */
function Warnings({ result }: { result: EcorenoverResult }) {
  if (result.warnings.length === 0) return null;
  return (
    <div className="notice notice-warning sim-warnings" role="status" data-testid="eco-warnings">
      {result.warnings.map((w) => (
        <p key={w}>{w}</p>
      ))}
    </div>
  );
}

function Next({ base, to, label }: { base: string; to: string; label: string }) {
  return (
    <p className="sim-next">
      <Link className="button button-primary" to={`${base}/${to}`}>
        {label}
      </Link>
    </p>
  );
}

function CurrentTab({ base }: { base: string }) {
  const [s, set] = useEcorenover();
  return (
    <div>
      <div className="sim-grid">
        <NumberField
          label="Facture énergétique annuelle"
          unit="€/an"
          min={0}
          max={1_000_000}
          value={s.annualInvoice}
          onChange={(v) => set({ annualInvoice: v ?? 0 })}
          help="Chauffage et eau chaude, toutes énergies."
        />
        <SystemSelect
          id="eco-used"
          label="Système de chauffage actuel"
          value={s.productionSystemUsed}
          onChange={(v) => set({ productionSystemUsed: v })}
        />
        <NumberField
          label="Surface habitable"
          unit="m²"
          min={0}
          max={100_000}
          nullable
          value={s.livingSpace ?? null}
          onChange={(v) => set({ livingSpace: v })}
        />
        <NumberField
          label="Hausse annuelle du prix de l'énergie"
          unit="%/an"
          scale={100}
          min={-0.5}
          max={1}
          value={s.costOfEnergyIncrease}
          onChange={(v) => set({ costOfEnergyIncrease: v ?? 0 })}
        />
      </div>
      <Next base={base} to="situation-envisagee" label="Situation envisagée" />
    </div>
  );
}

function WantedTab({ base }: { base: string }) {
  const [s, set, r] = useEcorenover();
  return (
    <div>
      <div className="sim-grid">
        <SystemSelect
          id="eco-wanted"
          label="Système de chauffage envisagé"
          value={s.productionSystemWanted}
          onChange={(v) => set({ productionSystemWanted: v })}
        />
        <NumberField
          label="Consommation après travaux"
          unit="% de l'actuelle"
          min={0}
          max={100}
          value={s.futureEnergyConsumption}
          onChange={(v) => set({ futureEnergyConsumption: v ?? 0 })}
          help="50 % : la facture est divisée par deux."
        />
        <NumberField
          label="Coût estimé des travaux"
          unit="€"
          min={0}
          max={10_000_000}
          value={s.estimatedCostOfHouseWork}
          onChange={(v) => set({ estimatedCostOfHouseWork: v ?? 0 })}
        />
        <NumberField
          label="Montant estimé des aides"
          unit="€"
          min={0}
          max={10_000_000}
          value={s.estimatedAmountOfHelps}
          onChange={(v) => set({ estimatedAmountOfHelps: v ?? 0 })}
        />
      </div>
      <p className="sim-derived" aria-live="polite">
        Reste à financer par les emprunts (travaux − aides) :{' '}
        <strong data-testid="to-finance">
          {euros(Math.max(0, s.estimatedCostOfHouseWork - s.estimatedAmountOfHelps))}
        </strong>
      </p>
      <Warnings result={r} />
      <Next base={base} to="emprunts" label="Emprunts" />
    </div>
  );
}

function LoansTab({ base }: { base: string }) {
  const [s, set, r] = useEcorenover();
  const proposed = suggestedEcoLoanAmount(s.estimatedCostOfHouseWork, s.estimatedAmountOfHelps);
  const ecoPayment = eurosCents(r.inputs.ecoLoanAnnualPayment);
  return (
    <div>
      <Warnings result={r} />
      <fieldset className="sim-fieldset">
        <legend>Éco-prêt à taux zéro</legend>
        <div className="sim-grid">
          <NumberField
            label="Montant de l'éco-prêt"
            unit="€"
            min={0}
            max={10_000_000}
            nullable
            value={r.inputs.ecoLoanAmount}
            onChange={(v) => set({ ecoLoanAmount: v })}
            help={
              s.ecoLoanAmount === null ? (
                `Proposé : ce qu’il reste à financer (travaux − aides), ${euros(ECO_LOAN_CEILING)} au plus.`
              ) : (
                <>
                  Montant saisi.{' '}
                  <button type="button" className="link-button" onClick={() => set({ ecoLoanAmount: null })}>
                    Revenir au montant proposé ({euros(proposed)})
                  </button>
                </>
              )
            }
          />
          <NumberField
            label="Taux de l'éco-prêt"
            unit="%"
            scale={100}
            min={0}
            max={1}
            value={s.ecoLoanRate}
            onChange={(v) => set({ ecoLoanRate: v ?? 0 })}
          />
          <NumberField
            label="Durée de l'éco-prêt"
            unit="ans"
            integer
            min={0}
            max={50}
            value={s.ecoLoanLength}
            onChange={(v) => set({ ecoLoanLength: v ?? 0 })}
          />
        </div>
        <p className="sim-derived" aria-live="polite">
          Annuité de l'éco-prêt : <strong data-testid="eco-payment">{ecoPayment}</strong> par an
        </p>
        <p className="sim-loan-sentence" data-testid="eco-sentence">
          {r.loanSummaries.ecoLoan}
        </p>
      </fieldset>
      <fieldset className="sim-fieldset">
        <legend>Prêt classique</legend>
        <p className="sim-derived" aria-live="polite">
          Montant du prêt classique (travaux − aides − éco-prêt, jamais négatif) :{' '}
          <strong data-testid="regular-amount">{eurosCents(r.inputs.regularLoanAmount)}</strong>
        </p>
        <div className="sim-grid">
          <NumberField
            label="Taux du prêt classique"
            unit="%"
            scale={100}
            min={0}
            max={1}
            value={s.regularLoanRate}
            onChange={(v) => set({ regularLoanRate: v ?? 0 })}
          />
          <NumberField
            label="Durée du prêt classique"
            unit="ans"
            integer
            min={0}
            max={50}
            value={s.regularLoanLength}
            onChange={(v) => set({ regularLoanLength: v ?? 0 })}
          />
        </div>
        <p className="sim-derived" aria-live="polite">
          Annuité du prêt classique :{' '}
          <strong data-testid="regular-payment">{eurosCents(r.inputs.regularLoanAnnualPayment)}</strong> par an
        </p>
        <p className="sim-loan-sentence" data-testid="regular-sentence">
          {r.loanSummaries.regularLoan}
        </p>
      </fieldset>
      <details className="sim-formula">
        <summary>Comment l’annuité est-elle calculée ?</summary>
        <p>
          Chaque année, vous remboursez la même somme (annuité constante), intérêts compris. Elle vaut montant × taux ÷
          (1 − (1 + taux)^−durée) ; sans intérêts (taux nul), c’est le montant divisé par la durée ; un prêt sans durée
          ne compte aucune annuité.
        </p>
      </details>
      <Next base={base} to="resultats" label="Voir les résultats" />
    </div>
  );
}

export function EcorenoverResults({ result }: { result: EcorenoverResult; printable?: boolean }) {
  const t = result.totals;
  const years = result.projection;
  const averages = result.firstFiveYearsAverages;
  const paidSummary =
    "Sans travaux, la facture d'énergie ; avec travaux, la facture réduite plus les remboursements (et, l'année 1, " +
    'ce que les aides et les emprunts laissent à votre charge, ou vous rendent quand ils dépassent le coût des ' +
    `travaux). Moyenne des années 2 à 6 : ${eurosPerYear(averages.invoiceWithoutWorks)} sans travaux contre ` +
    `${eurosPerYear(averages.invoiceAfterWorks + averages.loanPayments)} avec.`;
  const balanceSummary =
    "Économies cumulées moins l'effort de financement, année après année : " + `${euros(t.balance)} au bout de 20 ans.`;
  return (
    <div className="sim-results">
      <p className={`card sim-summary${result.outcome === 'cost' ? ' is-cost' : ''}`} data-testid="eco-summary">
        <strong>{result.summary}</strong>
        <br />
        {result.firstFiveYearsSummary}
      </p>
      <Warnings result={result} />
      <p className="card sim-first-year" data-testid="eco-first-year">
        {result.firstYearSummary}
      </p>
      <dl className="sim-figures card">
        <div className="sim-figure is-headline">
          <dt>Bilan sur 20 ans</dt>
          <dd>
            <span className="sim-figure-value">{euros(t.balance)}</span>
          </dd>
        </div>
        <div className="sim-figure">
          <dt>Factures sans travaux</dt>
          <dd>
            <span className="sim-figure-value">{euros(t.invoiceWithoutWorks)}</span>
          </dd>
        </div>
        <div className="sim-figure">
          <dt>Factures après travaux</dt>
          <dd>
            <span className="sim-figure-value">{euros(t.invoiceAfterWorks)}</span>
          </dd>
        </div>
        <div className="sim-figure">
          <dt>Remboursements d'emprunts</dt>
          <dd>
            <span className="sim-figure-value">{euros(t.loanPayments)}</span>
          </dd>
        </div>
        <div className="sim-figure">
          <dt>dont intérêts</dt>
          <dd>
            <span className="sim-figure-value">{euros(t.interest)}</span>
          </dd>
        </div>
        <div className="sim-figure">
          <dt>Aides</dt>
          <dd>
            <span className="sim-figure-value">{euros(t.helps)}</span>
          </dd>
        </div>
        {t.paymentsAfterProjection > 0 && (
          <div className="sim-figure">
            <dt>Remboursements après 20 ans (hors bilan)</dt>
            <dd>
              <span className="sim-figure-value">{euros(t.paymentsAfterProjection)}</span>
            </dd>
          </div>
        )}
        <div className="sim-figure">
          <dt>Solde mensuel moyen, années 2 à 6</dt>
          <dd>
            <span className="sim-figure-value">{euros(result.firstFiveYearsAverages.monthlyBalance)}</span>
          </dd>
        </div>
      </dl>
      <div className="sim-charts" style={{ marginTop: '1.25rem' }}>
        <LineChart
          title="Ce que vous payez chaque année"
          summary={paidSummary}
          unit="€"
          format={(v) => euros(v)}
          series={[
            { label: 'Sans travaux', points: years.map((y) => ({ x: y.year, y: y.invoiceWithoutWorks })) },
            { label: 'Avec travaux et emprunts', points: years.map((y) => ({ x: y.year, y: y.costWithWorks })) },
          ]}
          xLabel="Année"
        />
        <LineChart
          title="Bilan cumulé"
          summary={balanceSummary}
          unit="€"
          format={(v) => euros(v)}
          series={[{ label: 'Bilan cumulé', points: years.map((y) => ({ x: y.year, y: y.cumulatedBalance })) }]}
          xLabel="Année"
        />
      </div>
    </div>
  );
}

function ResultsTab() {
  const [s, , r] = useEcorenover();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { blob, fileName } = await postForFile(
        '/ecorenover/report/pdf',
        { domain: reportDomain(), data: { request: ecorenoverInput(s) } },
        'ecorenover.pdf',
      );
      saveFile(blob, fileName);
      notify('Le rapport PDF a été téléchargé.', 'success');
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), 'error');
    } finally {
      setBusy(false);
    }
  };
  const printable = async () => {
    const win = window.open('', '_blank');
    try {
      const { uuid } = await api<{ uuid: string }>('/pdf_generator/pdf_temp_store/', {
        method: 'POST',
        body: { data: { request: ecorenoverInput(s) } },
      });
      if (win) win.location.href = `/ecorenover/rapport/${uuid}/pdf`;
      else window.location.assign(`/ecorenover/rapport/${uuid}/pdf`);
    } catch (e) {
      win?.close();
      notify(e instanceof Error ? e.message : String(e), 'error');
    }
  };
  return (
    <div>
      <div className="sim-actions">
        <button type="button" className="button button-primary" disabled={busy} onClick={() => void download()}>
          {busy ? 'Préparation du PDF…' : 'Télécharger le rapport PDF'}
        </button>
        <button type="button" className="button" onClick={() => void printable()}>
          Version imprimable
        </button>
      </div>
      <EcorenoverResults result={r} />
    </div>
  );
}

function Ecorenover({ base }: { base: string }) {
  const { tab } = useParams();
  const current = tab ?? 'situation-actuelle';
  if (!TABS.some((t) => t.slug === current)) return <Navigate to={`${base}/situation-actuelle`} replace />;
  return (
    <Tabs base={base} tabs={TABS} current={current} label="Étapes de la simulation">
      {current === 'situation-actuelle' && <CurrentTab base={base} />}
      {current === 'situation-envisagee' && <WantedTab base={base} />}
      {current === 'emprunts' && <LoansTab base={base} />}
      {current === 'resultats' && <ResultsTab />}
    </Tabs>
  );
}

/**
 * The renovation-loan simulator (spec 02 §2): doing nothing against renovating over 20 years, with
 * an eco loan and a regular loan. Also the embeddable variant (/ecorenover-iframe, route param base).
 */
export default function EcorenoverScreen() {
  const route = useCurrentRoute();
  const base = route.params?.base ?? '/ecorenover';
  const wl = useAtomValue(whiteLabelAtom);
  const iframe = base !== '/ecorenover';
  const name = String((iframe ? wl?.ecorenoverIframeName : wl?.ecorenoverName) || 'Écorénover');
  const baseline = String(
    (iframe ? wl?.ecorenoverIframeBaseline : wl?.ecorenoverBaseline) ||
      "Construction d'un plan de financement pour mes rénovations",
  );
  // The page title stays the route's (« Simulateur de prêt rénovation »), shown before this lazy
  // screen loads: setting the white label's name here changed the title under the user's eyes.
  // The name heads the menu and the breadcrumb, and the lead below.
  return (
    <div className={`sim${iframe ? ' sim-embedded' : ''}`}>
      {iframe && <h1>{name}</h1>}
      <p className="lead">{iframe ? baseline : `${name} : ${baseline}`}</p>
      <SimulatorDataGate>
        <Ecorenover base={base} />
      </SimulatorDataGate>
    </div>
  );
}
