import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import type { TherminixProposition, TherminixPropositionResult } from '../../../../engine/simulators';
import { api, ApiError } from '../../../api/http';
import { notify } from '../../../shell/notifications';
import { whiteLabelAtom } from '../../../state/session';
import { ruleWhiteLabelAtom } from '../../../state/white-label';
import { NumberField } from '../shared/NumberField';
import { SimulatorDataGate, useSimulatorData } from '../shared/simulator-data';
import { Tabs } from '../shared/Tabs';
import { BarChart } from '../shared/charts/BarChart';
import { euros, eurosPerYear, kgCo2PerYear, percent } from '../shared/format';
import '../shared/simulators.css';
import { EstimationPage } from '../thermix/estimations/EstimationPage';
import { ESTIMATION_PAGES, estimationPage } from '../thermix/estimations/pages';
import { RENOVATION_LABELS } from '../thermix/components/NeedsTab';
import { emptyDefinition, emptySolution } from '../thermix/state/initial';
import { SYNCED_WITH_HEATING, type RenovationType, type Solution } from '../thermix/state/types';
import { useThermixActions } from '../thermix/state/use-thermix';
import {
  therminixAnswerAtom,
  therminixAtom,
  therminixErrorsAtom,
  therminixEstimationsAtom,
  therminixRequest,
  type TherminixState,
} from './state';
import { SaveToFile } from '../shared/SaveToFile';

const TABS = [
  { slug: 'votre-projet', label: 'Votre projet' },
  { slug: 'nos-preconisations', label: 'Nos préconisations' },
];

function useCompute() {
  const state = useAtomValue(therminixAtom);
  const setAnswer = useSetAtom(therminixAnswerAtom);
  const setErrors = useSetAtom(therminixErrorsAtom);
  return async (): Promise<boolean> => {
    const body = therminixRequest(state);
    try {
      const result = await api<TherminixPropositionResult>('/therminix/compute', { method: 'POST', body });
      setAnswer({ key: JSON.stringify(body), result });
      setErrors(null);
      return true;
    } catch (e) {
      const err = e instanceof ApiError ? e : new ApiError(0, 'error', String(e));
      setErrors({ message: err.message, errors: err.errors });
      setAnswer(null);
      return false;
    }
  };
}

function SystemSelect({
  id,
  label,
  use,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  use: 'heating' | 'hotWater';
  value: string | null;
  onChange: (v: string | null) => void;
  error?: string;
}) {
  const { data } = useSimulatorData();
  const state = useAtomValue(therminixAtom);
  const multi = state.housingType === 'multi_unit';
  const systems = data.productionSystems
    .filter((s) => (use === 'heating' ? s.isHeating : s.isHotWater) && (multi ? s.isMultiUnit : s.isIndividual))
    .sort((a, b) => a.label.trim().localeCompare(b.label.trim(), 'fr'));
  return (
    <div className={`field sim-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value || null)}
      >
        <option value="">— Choisir —</option>
        {systems.map((s) => (
          <option key={s.identifier} value={s.identifier}>
            {s.label.trim()}
          </option>
        ))}
      </select>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

function ProjectTab() {
  const [state, setState] = useAtom(therminixAtom);
  const errors = useAtomValue(therminixErrorsAtom);
  const compute = useCompute();
  const navigate = useNavigate();
  const summary = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  const errorOf = (field: string) => errors?.errors.find((e) => e.path === `/${field}`)?.message;
  const set = (patch: Partial<TherminixState>) => setState((s) => ({ ...s, ...patch }));
  const hotWater = state.renovationType !== 'heating_system_renovation';
  const isNew = state.renovationType === 'new_building';
  const submit = async () => {
    setBusy(true);
    const ok = await compute();
    setBusy(false);
    if (ok) navigate('/therminix/nos-preconisations');
    else setTimeout(() => summary.current?.focus(), 0);
  };
  return (
    <form
      className="sim-needs"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {errors && (
        <div className="notice notice-error" role="alert" tabIndex={-1} ref={summary}>
          <p>{errors.message}</p>
          {errors.errors.length > 0 && (
            <ul>
              {errors.errors.map((e) => (
                <li key={e.path}>
                  {fieldLabel(e.path)} : {e.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <fieldset className="sim-fieldset">
        <legend>Votre logement</legend>
        <div className="sim-radios" role="radiogroup" aria-label="Type de logement">
          {(['individual', 'multi_unit'] as const).map((c) => (
            <label key={c} className="checkbox">
              <input
                type="radio"
                name="housingType"
                checked={state.housingType === c}
                onChange={() => set({ housingType: c, heatingSystem: null, hotWaterSystem: null })}
              />
              {c === 'individual' ? 'Maison individuelle' : 'Logement collectif'}
            </label>
          ))}
        </div>
        <div className="sim-grid">
          <div className={`field sim-field${errorOf('renovationType') ? ' has-error' : ''}`}>
            <label htmlFor="tx-renovation">Type de projet</label>
            <select
              id="tx-renovation"
              value={state.renovationType ?? ''}
              aria-invalid={errorOf('renovationType') ? true : undefined}
              aria-describedby={errorOf('renovationType') ? 'tx-renovation-error' : undefined}
              onChange={(e) => set({ renovationType: (e.target.value || null) as RenovationType | null })}
            >
              <option value="">— Choisir —</option>
              {Object.entries(RENOVATION_LABELS).map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </select>
            {errorOf('renovationType') && (
              <p className="field-error" id="tx-renovation-error">
                {errorOf('renovationType')}
              </p>
            )}
          </div>
          <NumberField
            id="tx-surface"
            label="Surface habitable"
            unit="m²"
            min={0}
            max={1e7}
            nullable
            value={state.floorSurface}
            onChange={(v) => set({ floorSurface: v })}
            error={errorOf('floorSurface')}
          />
          {state.housingType === 'multi_unit' && (
            <NumberField
              label="Nombre de logements"
              integer
              min={1}
              max={100000}
              nullable
              value={state.dwellingsNumber}
              onChange={(v) => set({ dwellingsNumber: v })}
              help="15 si vous ne le précisez pas."
              error={errorOf('dwellingsNumber')}
            />
          )}
        </div>
      </fieldset>
      <fieldset className="sim-fieldset">
        <legend>{isNew ? 'Les systèmes envisagés' : 'Vos systèmes actuels'}</legend>
        <div className="sim-grid">
          <SystemSelect
            id="tx-heating"
            use="heating"
            label={isNew ? 'Système de chauffage envisagé' : 'Système de chauffage actuel'}
            value={state.heatingSystem}
            onChange={(v) => set({ heatingSystem: v })}
            error={errorOf('heatingSystem')}
          />
          {hotWater && (
            <SystemSelect
              id="tx-hot-water"
              use="hotWater"
              label={isNew ? "Système d'eau chaude envisagé" : "Système d'eau chaude actuel"}
              value={state.hotWaterSystem}
              onChange={(v) => set({ hotWaterSystem: v })}
              error={errorOf('hotWaterSystem')}
            />
          )}
        </div>
      </fieldset>
      <fieldset className="sim-fieldset">
        <legend>Vos besoins annuels</legend>
        <div className="sim-grid">
          <NumberField
            id="tx-heating-needs"
            label="Besoin de chauffage"
            unit="kWh/an"
            min={0}
            max={1e9}
            nullable
            value={state.heatingNeeds}
            onChange={(v) => set({ heatingNeeds: v })}
            error={errorOf('heatingNeeds')}
          />
          {hotWater && (
            <NumberField
              id="tx-hot-water-needs"
              label="Besoin d'eau chaude sanitaire"
              unit="kWh/an"
              min={0}
              max={1e9}
              nullable
              value={state.hotWaterNeeds}
              onChange={(v) => set({ hotWaterNeeds: v })}
              error={errorOf('hotWaterNeeds')}
            />
          )}
        </div>
        <h3 className="sim-subtitle">Estimer vos besoins :</h3>
        <ul className="sim-estimation-links">
          {ESTIMATION_PAGES.map((p) => (
            <li key={p.slug}>
              <Link to={`/therminix/votre-projet/${p.slug}`}>{p.title}</Link>
              <span className="muted small"> — {p.summary}</span>
            </li>
          ))}
        </ul>
      </fieldset>
      <p className="sim-next">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Recherche en cours…' : 'Voir nos préconisations'}
        </button>
      </p>
    </form>
  );
}

const LABELS: Record<string, string> = {
  housingType: 'Type de logement',
  renovationType: 'Type de projet',
  floorSurface: 'Surface habitable',
  heatingSystem: 'Système de chauffage',
  hotWaterSystem: "Système d'eau chaude",
  heatingNeeds: 'Besoin de chauffage',
  hotWaterNeeds: "Besoin d'eau chaude sanitaire",
  dwellingsNumber: 'Nombre de logements',
};
function fieldLabel(path: string): string {
  return LABELS[path.replace(/^\//, '')] ?? path;
}

/** A proposition as a thermix solution: the same systems, the same defaults, the same figures. */
export function propositionAsSolution(p: TherminixProposition): Solution {
  const s = emptySolution();
  if (p.heatingSystem)
    s.heatingSystems = [{ ...emptyDefinition(), identifier: p.heatingSystem.identifier }, emptyDefinition()];
  if (p.hotWaterSystem)
    s.hotWaterSystems = [
      {
        ...emptyDefinition(),
        identifier: p.hotWaterSystem.sharedWithHeating ? SYNCED_WITH_HEATING : p.hotWaterSystem.identifier,
      },
      emptyDefinition(),
    ];
  return s;
}

function PropositionCard({ p, n, state }: { p: TherminixProposition; n: number; state: TherminixState }) {
  const flags = useAtomValue(ruleWhiteLabelAtom);
  const thermix = useThermixActions();
  const navigate = useNavigate();
  const open = () => {
    const hotWater = state.renovationType !== 'heating_system_renovation';
    thermix.placeSolution(propositionAsSolution(p), {
      heating: state.heatingNeeds ?? 0,
      hotWater: hotWater ? (state.hotWaterNeeds ?? 0) : 0,
      housingCategory: state.housingType,
      dwellingsNumber: state.housingType === 'multi_unit' ? (state.dwellingsNumber ?? 15) : null,
      renovationType: state.renovationType ?? 'systems_renovation',
    });
    notify('La proposition a été ajoutée aux solutions du simulateur détaillé.', 'success');
    navigate('/thermix/solutions');
  };
  return (
    <article className="card sim-proposition" aria-labelledby={`prop-${n}`}>
      <h3 id={`prop-${n}`}>Proposition {n}</h3>
      <div className="sim-badges">
        {p.highlights.includes('lowestCost') && <span className="badge badge-yes">La moins chère sur 20 ans</span>}
        {p.highlights.includes('lowestCarbon') && <span className="badge badge-yes">La moins émettrice de CO₂</span>}
      </div>
      <p>
        {p.heatingSystem && (
          <>
            Chauffage : <strong>{p.heatingSystem.label.trim()}</strong>
            <br />
          </>
        )}
        {p.hotWaterSystem && (
          <>
            Eau chaude :{' '}
            <strong>{p.hotWaterSystem.sharedWithHeating ? 'le même appareil' : p.hotWaterSystem.label.trim()}</strong>
          </>
        )}
      </p>
      <dl className="sim-figures">
        <div className="sim-figure is-headline">
          <dt>Coût global sur 20 ans</dt>
          <dd>
            <span className="sim-figure-value">{euros(p.periodTotalCost)}</span>
          </dd>
        </div>
        <div className="sim-figure">
          <dt>Par an</dt>
          <dd>
            <span className="sim-figure-value">{eurosPerYear(p.periodTotalCostByYear)}</span>
          </dd>
        </div>
        <div className="sim-figure">
          <dt>Investissement</dt>
          <dd>
            <span className="sim-figure-value">{euros(p.investment)}</span>
          </dd>
        </div>
        <div className="sim-figure">
          <dt>Émissions de CO₂</dt>
          <dd>
            <span className="sim-figure-value">{kgCo2PerYear(p.carbonReport)}</span>
          </dd>
        </div>
        <div className="sim-figure">
          <dt>Part d'énergie renouvelable</dt>
          <dd>
            <span className="sim-figure-value">{percent(p.renewableProductionRatio)}</span>
          </dd>
        </div>
      </dl>
      <h4>Pourquoi cette proposition ?</h4>
      <ul>
        {p.reasons.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
      {flags.modules.thermix && (
        <button type="button" className="button" onClick={open}>
          Ouvrir dans le simulateur détaillé
        </button>
      )}
    </article>
  );
}

function PropositionsTab() {
  const state = useAtomValue(therminixAtom);
  const answer = useAtomValue(therminixAnswerAtom);
  const errors = useAtomValue(therminixErrorsAtom);
  const compute = useCompute();
  const key = JSON.stringify(therminixRequest(state));
  const [loading, setLoading] = useState(false);
  const stale = !answer || answer.key !== key;
  useEffect(() => {
    if (!stale || loading) return;
    setLoading(true);
    void compute().finally(() => setLoading(false));
    // One call per change of the informations step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (errors && stale) {
    return (
      <div className="notice notice-error" role="alert">
        <p>{errors.message}</p>
        <ul>
          {errors.errors.map((e) => (
            <li key={e.path}>
              {fieldLabel(e.path)} : {e.message}
            </li>
          ))}
        </ul>
        <p>
          <Link to="/therminix/votre-projet">Compléter votre projet</Link>
        </p>
      </div>
    );
  }
  if (stale)
    return (
      <p className="loading" role="status">
        Recherche des meilleures solutions…
      </p>
    );
  const r = answer.result;
  const names = r.propositions.map((_p, i) => `Proposition ${i + 1}`);
  const costSummary =
    'Coût de chaque proposition sur 20 ans, investissement compris' +
    (r.baseline ? ', à côté de celui de votre installation' : '') +
    '.';
  return (
    <div>
      {r.notice && <p className="notice notice-warning">{r.notice}</p>}
      <p>
        Nous avons comparé {r.consideredCount} combinaisons de systèmes pour vos besoins (
        {[
          r.needs.heating > 0 ? `chauffage ${r.needs.heating.toLocaleString('fr-FR')} kWh/an` : '',
          r.needs.hotWater > 0 ? `eau chaude ${r.needs.hotWater.toLocaleString('fr-FR')} kWh/an` : '',
        ]
          .filter(Boolean)
          .join(', ')}
        ) : voici les plus économiques sur 20 ans, investissement compris.
      </p>
      {r.baseline && (
        <p className="card">
          Votre installation {state.renovationType === 'new_building' ? 'envisagée' : 'actuelle'} (
          {[r.baseline.heatingSystem?.label.trim(), r.baseline.hotWaterSystem?.label.trim()]
            .filter(Boolean)
            .join(' et ')}
          ) : <strong>{euros(r.baseline.periodTotalCost)}</strong> sur 20 ans, {kgCo2PerYear(r.baseline.carbonReport)}.
        </p>
      )}
      {r.propositions.length > 0 && <SaveToFile simulator="therminix" inputs={therminixRequest(state)} />}
      <div className="sim-propositions">
        {r.propositions.map((p, i) => (
          <PropositionCard key={p.rank} p={p} n={i + 1} state={state} />
        ))}
      </div>
      {r.propositions.length > 0 && (
        <div className="sim-charts" style={{ marginTop: '1.25rem' }}>
          <BarChart
            title="Coût global sur 20 ans"
            summary={costSummary}
            categories={[...names, ...(r.baseline ? ['Installation actuelle'] : [])]}
            unit="€"
            format={(v) => euros(v)}
            series={[
              {
                label: 'Coût global sur 20 ans',
                values: [
                  ...r.propositions.map((p) => p.periodTotalCost),
                  ...(r.baseline ? [r.baseline.periodTotalCost] : []),
                ],
              },
            ]}
          />
        </div>
      )}
      <p className="muted small">
        Ces propositions comparent des coûts et des émissions ; elles ne remplacent ni un dimensionnement ni une étude
        technique (un système peut ne pas convenir à votre logement). Un conseiller peut les examiner avec vous.
      </p>
    </div>
  );
}

function Estimation({ slug }: { slug: string }) {
  const page = estimationPage(slug);
  const [state, setState] = useAtom(therminixAtom);
  const navigate = useNavigate();
  if (!page) return <Navigate to="/therminix/votre-projet" replace />;
  return (
    <EstimationPage
      page={page}
      inputs={therminixEstimationsAtom}
      housingCategory={state.housingType}
      metropole={false}
      altitudeHint={null}
      backTo="/therminix/votre-projet"
      onApply={(e) => {
        setState((s) => ({
          ...s,
          heatingNeeds: Math.round(e.heating),
          hotWaterNeeds: Math.round(e.hotWater),
          floorSurface: s.estimations.surface ?? s.floorSurface,
          renovationType:
            page.renovationType && s.renovationType !== 'heating_system_renovation'
              ? page.renovationType
              : s.renovationType,
        }));
        notify('Vos besoins ont été remplis avec cette estimation.', 'success');
        navigate('/therminix/votre-projet');
      }}
    />
  );
}

function Therminix() {
  const { tab, estimation } = useParams();
  const current = estimation ? 'votre-projet' : (tab ?? 'votre-projet');
  if (!TABS.some((t) => t.slug === current)) return <Navigate to="/therminix/votre-projet" replace />;
  return (
    <Tabs base="/therminix" tabs={TABS} current={current} label="Étapes">
      {current === 'votre-projet' && (estimation ? <Estimation slug={estimation} /> : <ProjectTab />)}
      {current === 'nos-preconisations' && <PropositionsTab />}
    </Tabs>
  );
}

/** The proposition tool (spec 02 §2, §5): the project, then the preconised systems with their reasons. */
export default function TherminixScreen() {
  const wl = useAtomValue(whiteLabelAtom);
  const name = typeof wl?.therminixName === 'string' && wl.therminixName ? wl.therminixName : 'Therminix';
  const baseline =
    typeof wl?.therminixBaseline === 'string' && wl.therminixBaseline
      ? wl.therminixBaseline
      : 'Proposition de solutions de chauffages';
  // The page title stays the route's, shown before this lazy screen loads (it used to change to
  // the white label's name under the user's eyes); the name leads the baseline.
  return (
    <div className="sim">
      <p className="lead">{`${name} : ${baseline}`}</p>
      <SimulatorDataGate>
        <Therminix />
      </SimulatorDataGate>
    </div>
  );
}
