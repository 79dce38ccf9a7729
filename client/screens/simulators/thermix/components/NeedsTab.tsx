import { useAtom, useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { NumberField } from '../../shared/NumberField';
import { useSimulatorData } from '../../shared/simulator-data';
import { DEMO_PRESETS } from '../tables/demo-presets';
import { needsAtom, settingsStateAtom } from '../state/atoms';
import { keyAtom } from '../../shared/state-atoms';
import { useThermixActions } from '../state/use-thermix';
import type { HousingCategory, RenovationType } from '../state/types';
import { ESTIMATION_PAGES } from '../estimations/pages';
import { MetropolePanel } from './MetropolePanel';
import { MySettingsPanel } from './MySettingsPanel';
import { profileAtom } from '../../../../state/session';

export const RENOVATION_LABELS: Record<RenovationType, string> = {
  new_building: 'Construction neuve',
  global_renovation: 'Rénovation globale',
  systems_renovation: 'Rénovation des systèmes (chauffage et eau chaude)',
  heating_system_renovation: 'Rénovation du système de chauffage seul (sans eau chaude)',
};

function Presets() {
  const id = useId();
  const [chosen, setChosen] = useState('1');
  const [applied, setApplied] = useState<string | null>(null);
  const actions = useThermixActions();
  const preset = DEMO_PRESETS.find((p) => String(p.id) === chosen)!;
  // Said next to the button, not in a toast: a toast stayed over the figures it had just filled.
  return (
    <div className="sim-presets">
      <div className="field sim-field">
        <label htmlFor={id}>Partir d'un exemple</label>
        <select
          id={id}
          value={chosen}
          onChange={(e) => {
            setChosen(e.target.value);
            setApplied(null);
          }}
        >
          {DEMO_PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
        <p className="field-help">{preset.description}</p>
      </div>
      <button
        type="button"
        className="button"
        onClick={() => {
          actions.changeNeeds(preset.needs);
          setApplied(`${preset.label.split(' :')[0]} appliqué : vos besoins ont été remplis.`);
        }}
      >
        Appliquer l'exemple
      </button>
      <p className="sim-applied" role="status">
        {applied}
      </p>
    </div>
  );
}

function Settings() {
  const { settings } = useSimulatorData();
  const [own, setOwn] = useAtom(settingsStateAtom);
  const signedIn = useAtomValue(profileAtom) !== null;
  const overridden = own.year !== null || own.thermalSolarProdByM2 !== null;
  return (
    <details className="sim-params">
      <summary>Paramètres de calcul</summary>
      <fieldset className="sim-fieldset">
        <legend>Pour cette simulation</legend>
        <div className="sim-grid">
          <NumberField
            label="Première année de la projection"
            integer
            min={1900}
            max={2200}
            nullable
            value={own.year ?? settings.year}
            onChange={(v) => setOwn({ ...own, year: v })}
          />
          <NumberField
            label="Production solaire thermique"
            unit="kWh/m²/an"
            min={0}
            max={2000}
            nullable
            value={own.thermalSolarProdByM2 ?? settings.thermalSolarProdByM2}
            onChange={(v) => setOwn({ ...own, thermalSolarProdByM2: v })}
          />
        </div>
        {overridden && (
          <p>
            <button type="button" className="button" onClick={() => setOwn({ year: null, thermalSolarProdByM2: null })}>
              {signedIn ? 'Revenir à mes paramètres' : 'Revenir aux valeurs par défaut'}
            </button>
          </p>
        )}
      </fieldset>
      {signedIn ? (
        // Saved values become this simulation's too: the per-simulation overrides are dropped.
        <MySettingsPanel onSaved={() => setOwn({ year: null, thermalSolarProdByM2: null })} />
      ) : (
        <p className="field-help">Connectez-vous pour enregistrer vos propres paramètres par défaut.</p>
      )}
    </details>
  );
}

const housingAtom = keyAtom(needsAtom, 'housingCategory');
const dwellingsAtom = keyAtom(needsAtom, 'dwellingsNumber');
const renovationAtom = keyAtom(needsAtom, 'renovationType');
const heatingAtom = keyAtom(needsAtom, 'heating');
const hotWaterAtom = keyAtom(needsAtom, 'hotWater');

// Each field subscribes to its own need: typing the heating need re-renders that field only.

function Housing() {
  const housing = useAtomValue(housingAtom);
  const dwellings = useAtomValue(dwellingsAtom);
  const renovation = useAtomValue(renovationAtom);
  const actions = useThermixActions();
  return (
    <fieldset className="sim-fieldset">
      <legend>Votre logement et votre projet</legend>
      <div className="sim-radios" role="radiogroup" aria-label="Type de logement">
        {(['individual', 'multi_unit'] as HousingCategory[]).map((c) => (
          <label key={c} className="checkbox">
            <input
              type="radio"
              name="housingCategory"
              value={c}
              checked={housing === c}
              onChange={() => actions.changeNeeds({ housingCategory: c })}
            />
            {c === 'individual' ? 'Maison individuelle' : 'Logement collectif'}
          </label>
        ))}
      </div>
      <div className="sim-grid">
        {housing === 'multi_unit' && (
          <NumberField
            label="Nombre de logements"
            integer
            min={1}
            max={100000}
            value={dwellings}
            onChange={(v) => actions.changeNeeds({ dwellingsNumber: v })}
            help="Moins de 50 : petit collectif ; de 50 à 149 : moyen ; 150 et plus : grand."
          />
        )}
      </div>
      {/* Radios rather than a select: a select cannot wrap, and its longest choice was cut off. */}
      <fieldset className="sim-choices">
        <legend>Type de projet</legend>
        {(Object.entries(RENOVATION_LABELS) as [RenovationType, string][]).map(([value, label]) => (
          <label key={value} className="checkbox">
            <input
              type="radio"
              name="renovationType"
              value={value}
              checked={renovation === value}
              onChange={() => actions.changeNeeds({ renovationType: value })}
            />
            {label}
          </label>
        ))}
      </fieldset>
    </fieldset>
  );
}

function HeatingNeed() {
  const heating = useAtomValue(heatingAtom);
  const actions = useThermixActions();
  return (
    <NumberField
      label="Besoin de chauffage"
      unit="kWh/an"
      min={0}
      max={1e9}
      value={heating}
      onChange={(v) => actions.changeNeeds({ heating: v ?? 0 })}
      help={
        heating > 0 ? 'Énergie utile à fournir au logement chaque année.' : 'Besoin nul : le chauffage n’est pas géré.'
      }
    />
  );
}

function HotWaterNeed() {
  const hotWater = useAtomValue(hotWaterAtom);
  const renovation = useAtomValue(renovationAtom);
  const actions = useThermixActions();
  const { settings } = useSimulatorData();
  if (renovation === 'heating_system_renovation')
    return <p className="field-help sim-field">Pas d'eau chaude pour une rénovation du système de chauffage seul.</p>;
  return (
    <NumberField
      label="Besoin d'eau chaude sanitaire"
      unit="kWh/an"
      min={0}
      max={1e9}
      value={hotWater}
      onChange={(v) => actions.changeNeeds({ hotWater: v ?? 0 })}
      help={
        hotWater > 0
          ? `Environ ${settings.hotWaterNeedsByPerson.toLocaleString('fr-FR')} kWh par personne et par an.`
          : 'Besoin nul : l’eau chaude n’est pas gérée.'
      }
    />
  );
}

/** Basic needs: housing, project, the yearly needs, links to the estimation pages, metropole mode. */
export function NeedsTab({ base }: { base: string }) {
  return (
    <div className="sim-needs">
      <Presets />
      <Housing />
      <fieldset className="sim-fieldset">
        <legend>Vos besoins annuels</legend>
        <div className="sim-grid">
          <HeatingNeed />
          <HotWaterNeed />
        </div>
        <h3 className="sim-subtitle">Vous ne connaissez pas vos besoins ? Estimez-les :</h3>
        <ul className="sim-estimation-links">
          {ESTIMATION_PAGES.map((p) => (
            <li key={p.slug}>
              <Link to={`${base}/${p.slug}`}>{p.title}</Link>
              <span className="muted small"> — {p.summary}</span>
            </li>
          ))}
        </ul>
      </fieldset>
      <MetropolePanel />
      <Settings />
      <p className="sim-next">
        <Link className="button button-primary" to="/thermix/solutions">
          Choisir les solutions
        </Link>
      </p>
    </div>
  );
}
