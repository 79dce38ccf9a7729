import { useAtom } from 'jotai';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { currentPrice, currentPriceMultiUnit } from '../../../../../engine/simulators';
import { NumberField } from '../../shared/NumberField';
import { kwhPerYear } from '../../shared/format';
import { keyAtom, type Writable } from '../../shared/state-atoms';
import { useSimulatorData } from '../../shared/simulator-data';
import type { EstimationInputs, HousingCategory } from '../state/types';
import {
  consumptionFromEuros,
  consumptionFromQuantity,
  estimateByEra,
  estimateFromConsumption,
  estimateFromThermalStudy,
  estimateGlobalRenovation,
  estimateNewBuilding,
  type Estimate,
} from './formulas';
import type { EstimationPageSpec } from './pages';

export interface EstimationPageProps {
  page: EstimationPageSpec;
  inputs: Writable<EstimationInputs>;
  housingCategory: HousingCategory;
  metropole: boolean;
  /** Altitude known elsewhere (metropole commune), proposed when the page has none. */
  altitudeHint: number | null;
  backTo: string;
  onApply: (estimate: Estimate) => void;
}

function Field<K extends keyof EstimationInputs>(props: {
  inputs: Writable<EstimationInputs>;
  name: K;
  label: string;
  unit?: string;
  integer?: boolean;
  max?: number;
  help?: string;
  fallback?: number | null;
}) {
  const [value, setValue] = useAtom(keyAtom(props.inputs, props.name));
  return (
    <NumberField
      label={props.label}
      unit={props.unit}
      integer={props.integer}
      min={0}
      max={props.max ?? 1e9}
      nullable
      help={props.help}
      value={(value as number | null) ?? props.fallback ?? null}
      onChange={(v) => setValue(v as EstimationInputs[K])}
    />
  );
}

const defined = (...values: (number | null | undefined)[]) => values.every((v) => typeof v === 'number');

/** One estimation page: its inputs, the estimate with its formula in French, and « Utiliser ces besoins ». */
export function EstimationPage(props: EstimationPageProps) {
  const id = useId();
  const { data, settings } = useSimulatorData();
  const [inputs, setInputs] = useAtom(props.inputs);
  const perPerson = settings.hotWaterNeedsByPerson;
  const ratio = settings.hotWaterAndHeatingConsumptionRatio;
  const rows = data.buildingHeatingConsumptions ?? [];
  const persons = inputs.persons;
  const multi = props.housingCategory === 'multi_unit';
  const priceOf = (energy: string) => (multi ? currentPriceMultiUnit(data, energy) : currentPrice(data, energy)) ?? 0;
  const altitude = inputs.altitude ?? props.altitudeHint ?? 0;
  const energies = data.energies.filter((e) => e.identifier !== 'thermal_solar');
  const vectors = (data.energyVectors ?? []).filter((v) => v.vector);

  // How much of a consumption counts as a need, as the descriptions write it.
  const asNeed = `dont ${Math.round(ratio * 100)} % comptés comme besoin`;
  const ratioText = String(ratio).replace('.', ',');

  let estimate: Estimate | null = null;
  let description = '';
  switch (props.page.slug) {
    case 'calcul-thermique':
      description =
        "Reportez le besoin de chauffage par m² donné par l'étude thermique (ou le diagnostic) de votre logement. " +
        'Chauffage = surface × besoin par m².';
      if (defined(inputs.surface, inputs.thermalNeedPerM2, persons))
        estimate = estimateFromThermalStudy({
          surface: inputs.surface!,
          needPerM2: inputs.thermalNeedPerM2!,
          persons: persons!,
          perPerson,
        });
      break;
    case 'construction-neuve':
      description =
        `Besoin de référence d'un bâtiment neuf : ${props.metropole ? '48 kWh/m² en mode métropole' : '50 kWh/m²'}, ` +
        "majoré de 10 % entre 400 et 800 m d'altitude et de 20 % au-delà. Chauffage = surface × besoin par m².";
      if (defined(inputs.surface, persons))
        estimate = estimateNewBuilding({
          surface: inputs.surface!,
          altitude,
          metropole: props.metropole,
          persons: persons!,
          perPerson,
        });
      break;
    case 'renovation-globale': {
      description =
        `Consommation de chauffage d'un bâtiment rénové au niveau visé (données de référence), ${asNeed}. ` +
        `Chauffage = surface × consommation × ${ratioText}.`;
      const target = rows.find((r) => r.criterion === inputs.globalTarget);
      if (target && defined(inputs.surface, persons))
        estimate = estimateGlobalRenovation({ surface: inputs.surface!, target, ratio, persons: persons!, perPerson });
      break;
    }
    case 'renovation-par-epoque': {
      description =
        `Consommation de chauffage type des bâtiments de l'époque (données de référence), ${asNeed}. ` +
        `Chauffage = surface × consommation × ${ratioText}.`;
      const era = rows.find((r) => r.criterion === inputs.era);
      if (era && defined(inputs.surface, persons))
        estimate = estimateByEra({ surface: inputs.surface!, era, ratio, persons: persons!, perPerson });
      break;
    }
    case 'renovation-par-factures': {
      description =
        'Énergie achetée en un an : en euros (montant ÷ prix du kWh) ou en quantité ' +
        "(quantité × pouvoir calorifique de l'unité achetée). " +
        `${Math.round(ratio * 100)} % de cette consommation sont comptés comme besoins ; ` +
        `l'eau chaude (${perPerson} kWh par personne) en est déduite si vos factures la comprennent.`;
      const parts =
        inputs.invoiceMode === 'euros'
          ? inputs.invoices
              .filter((l) => typeof l.amount === 'number')
              .map((l) =>
                consumptionFromEuros(
                  energies.find((e) => e.identifier === l.energy)?.label ?? l.energy,
                  l.amount!,
                  l.energyPrice ?? priceOf(l.energy),
                ),
              )
          : inputs.quantities.flatMap((l) => {
              const v = vectors.find((x) => x.vector === l.vector);
              return v && typeof l.quantity === 'number' ? [consumptionFromQuantity(l.quantity, v)] : [];
            });
      if (parts.length && defined(persons))
        estimate = estimateFromConsumption({
          parts,
          includesHotWater: inputs.invoiceIncludesHotWater,
          ratio,
          persons: persons!,
          perPerson,
        });
      break;
    }
  }

  return (
    <div className="sim-estimation">
      <p>
        <Link to={props.backTo}>← Retour aux besoins</Link>
      </p>
      <h2>Estimer mes besoins : {props.page.title.toLowerCase()}</h2>
      <p>{description}</p>
      <div className="sim-grid">
        <Field inputs={props.inputs} name="surface" label="Surface chauffée" unit="m²" />
        {props.page.slug === 'calcul-thermique' && (
          <Field
            inputs={props.inputs}
            name="thermalNeedPerM2"
            label="Besoin de chauffage de l'étude"
            unit="kWh/m²/an"
            max={2000}
          />
        )}
        {props.page.slug === 'construction-neuve' && (
          <Field
            inputs={props.inputs}
            name="altitude"
            label="Altitude"
            unit="m"
            max={5000}
            fallback={props.altitudeHint ?? 0}
            help={props.altitudeHint !== null ? 'Pré-remplie avec celle indiquée pour le mode métropole.' : undefined}
          />
        )}
        {props.page.slug === 'renovation-globale' && (
          <div className="field sim-field">
            <label htmlFor={`${id}-target`}>Niveau visé</label>
            <select
              id={`${id}-target`}
              value={inputs.globalTarget}
              onChange={(e) => setInputs({ ...inputs, globalTarget: e.target.value as 'bbc' | 'passive' })}
            >
              {rows
                .filter((r) => r.criterion === 'bbc' || r.criterion === 'passive')
                .map((r) => (
                  <option key={r.criterion} value={r.criterion}>
                    {r.label} ({r.heatingConsumption} kWh/m²)
                  </option>
                ))}
            </select>
          </div>
        )}
        {props.page.slug === 'renovation-par-epoque' && (
          <div className="field sim-field">
            <label htmlFor={`${id}-era`}>Époque de construction</label>
            <select
              id={`${id}-era`}
              value={inputs.era ?? ''}
              onChange={(e) => setInputs({ ...inputs, era: e.target.value || null })}
            >
              <option value="">— Choisir —</option>
              {rows
                .filter((r) => r.criterion !== 'bbc' && r.criterion !== 'passive')
                .map((r) => (
                  <option key={r.criterion} value={r.criterion}>
                    {r.label} ({r.heatingConsumption} kWh/m²)
                  </option>
                ))}
            </select>
          </div>
        )}
        <Field
          inputs={props.inputs}
          name="persons"
          label="Nombre d'occupants"
          integer
          max={100000}
          help={`Pour l'eau chaude : ${perPerson} kWh par personne et par an.`}
        />
      </div>
      {props.page.slug === 'renovation-par-factures' && (
        <fieldset className="sim-fieldset">
          <legend>Vos achats d'énergie sur un an</legend>
          <div className="sim-radios" role="radiogroup" aria-label="Forme des factures">
            <label className="checkbox">
              <input
                type="radio"
                name={`${id}-mode`}
                checked={inputs.invoiceMode === 'euros'}
                onChange={() => setInputs({ ...inputs, invoiceMode: 'euros' })}
              />
              Montants en euros
            </label>
            <label className="checkbox">
              <input
                type="radio"
                name={`${id}-mode`}
                checked={inputs.invoiceMode === 'quantity'}
                onChange={() => setInputs({ ...inputs, invoiceMode: 'quantity' })}
              />
              Quantités achetées ou kWh
            </label>
          </div>
          {inputs.invoiceMode === 'euros'
            ? inputs.invoices.map((line, i) => (
                <div key={i} className="sim-line">
                  <div className="field sim-field">
                    <label htmlFor={`${id}-energy-${i}`}>Énergie {i + 1}</label>
                    <select
                      id={`${id}-energy-${i}`}
                      value={line.energy}
                      onChange={(e) =>
                        setInputs({
                          ...inputs,
                          invoices: inputs.invoices.map((l, j) =>
                            j === i ? { ...l, energy: e.target.value, energyPrice: null } : l,
                          ),
                        })
                      }
                    >
                      {energies.map((e) => (
                        <option key={e.identifier} value={e.identifier}>
                          {e.label}
                        </option>
                      ))}
                    </select>
                  </div>
                  <NumberField
                    label={`Montant annuel ${i + 1}`}
                    unit="€"
                    min={0}
                    max={1e9}
                    nullable
                    value={line.amount}
                    onChange={(v) =>
                      setInputs({
                        ...inputs,
                        invoices: inputs.invoices.map((l, j) => (j === i ? { ...l, amount: v } : l)),
                      })
                    }
                  />
                  <NumberField
                    label={`Prix du kWh ${i + 1}`}
                    unit="c€/kWh"
                    min={0}
                    max={1000}
                    nullable
                    value={line.energyPrice ?? priceOf(line.energy)}
                    onChange={(v) =>
                      setInputs({
                        ...inputs,
                        invoices: inputs.invoices.map((l, j) => (j === i ? { ...l, energyPrice: v } : l)),
                      })
                    }
                  />
                  {inputs.invoices.length > 1 && (
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => setInputs({ ...inputs, invoices: inputs.invoices.filter((_l, j) => j !== i) })}
                    >
                      Retirer la ligne {i + 1}
                    </button>
                  )}
                </div>
              ))
            : inputs.quantities.map((line, i) => (
                <div key={i} className="sim-line">
                  <div className="field sim-field">
                    <label htmlFor={`${id}-vector-${i}`}>Énergie achetée {i + 1}</label>
                    <select
                      id={`${id}-vector-${i}`}
                      value={line.vector}
                      onChange={(e) =>
                        setInputs({
                          ...inputs,
                          quantities: inputs.quantities.map((l, j) => (j === i ? { ...l, vector: e.target.value } : l)),
                        })
                      }
                    >
                      {vectors.map((v) => (
                        <option key={v.vector} value={v.vector}>
                          {v.label} ({v.buyingUnit})
                        </option>
                      ))}
                    </select>
                  </div>
                  <NumberField
                    label={`Quantité ${i + 1}`}
                    unit={vectors.find((v) => v.vector === line.vector)?.buyingUnit}
                    min={0}
                    max={1e9}
                    nullable
                    value={line.quantity}
                    onChange={(v) =>
                      setInputs({
                        ...inputs,
                        quantities: inputs.quantities.map((l, j) => (j === i ? { ...l, quantity: v } : l)),
                      })
                    }
                  />
                  {inputs.quantities.length > 1 && (
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => setInputs({ ...inputs, quantities: inputs.quantities.filter((_l, j) => j !== i) })}
                    >
                      Retirer la ligne {i + 1}
                    </button>
                  )}
                </div>
              ))}
          <p>
            <button
              type="button"
              className="button"
              onClick={() =>
                inputs.invoiceMode === 'euros'
                  ? setInputs({
                      ...inputs,
                      invoices: [...inputs.invoices, { energy: 'electricity', energyPrice: null, amount: null }],
                    })
                  : setInputs({
                      ...inputs,
                      quantities: [...inputs.quantities, { vector: 'electricity_kwh', quantity: null }],
                    })
              }
            >
              Ajouter une énergie
            </button>
          </p>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={inputs.invoiceIncludesHotWater}
              onChange={(e) => setInputs({ ...inputs, invoiceIncludesHotWater: e.target.checked })}
            />
            Ces achats servent aussi à produire l'eau chaude
          </label>
        </fieldset>
      )}
      <section className="card sim-estimate" aria-labelledby={`${id}-result`} aria-live="polite">
        <h3 id={`${id}-result`}>Estimation</h3>
        {estimate ? (
          <>
            <p className="sim-estimate-figures">
              Chauffage : <strong>{kwhPerYear(estimate.heating)}</strong> · Eau chaude :{' '}
              <strong>{kwhPerYear(estimate.hotWater)}</strong>
            </p>
            <h4>Comment est-ce calculé ?</h4>
            <ol className="sim-steps">
              {estimate.lines.map((l) => (
                <li key={l}>{l}</li>
              ))}
            </ol>
            <button type="button" className="button button-primary" onClick={() => props.onApply(estimate!)}>
              Utiliser ces besoins
            </button>
          </>
        ) : (
          <p className="muted">Remplissez les champs ci-dessus pour obtenir l'estimation.</p>
        )}
      </section>
    </div>
  );
}
