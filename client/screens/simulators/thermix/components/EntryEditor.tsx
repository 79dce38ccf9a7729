import { useId } from 'react';
import { HEATING_NETWORK } from '../../../../../engine/simulators';
import { NumberField } from '../../shared/NumberField';
import { useSimulatorData } from '../../shared/simulator-data';
import { withUnit } from '../../shared/format';
import { useAtomView } from '../../shared/state-atoms';
import { allowedSystems, canShareWithHotWater, HYBRID_CHOICE, hybridAllowed, systemOf } from '../rules/allowed-systems';
import { resolveEntry, type NumericField } from '../rules/entry-values';
import { heatingChoiceOf, heatingFollowedBy } from '../rules/linked-systems';
import { metropoleOn } from '../rules/metropole';
import { metropoleAtom, needsAtom, solutionAtom } from '../state/atoms';
import { useThermixActions } from '../state/use-thermix';
import { SYNCED_WITH_HEATING, type SystemDefinition, type Use } from '../state/types';

const USE_TITLE: Record<Use, string> = { heating: 'Système de chauffage', hotWater: "Système d'eau chaude" };

/** What an entry editor shows, derived from the simulation: it re-renders only when this changes. */
function useEntryView(index: number, use: Use, rank: 0 | 1) {
  const { data, settings } = useSimulatorData();
  return useAtomView(
    (get) => {
      const solution = get(solutionAtom(index));
      const needs = get(needsAtom);
      const on = metropoleOn(get(metropoleAtom));
      const ctx = { data, needs, metropoleOn: on, energyPrices: settings.energyPrices };
      const def: SystemDefinition = (use === 'heating' ? solution.heatingSystems : solution.hotWaterSystems)[rank];
      const r = resolveEntry(solution, use, rank, ctx);
      const followed = use === 'hotWater' ? systemOf(ctx, heatingFollowedBy(solution, rank).identifier) : null;
      const options = allowedSystems(ctx, use, def).map((s) => ({ identifier: s.identifier, label: s.label.trim() }));
      return {
        def,
        system: r.system ? { identifier: r.system.identifier, label: r.system.label.trim() } : null,
        synced: r.synced,
        isSolar: r.isSolar,
        values: r.values,
        fixed: [...r.fixed],
        options,
        canSync:
          use === 'hotWater' &&
          canShareWithHotWater(ctx, followed) &&
          (!def.limitedTo || def.limitedTo.includes(SYNCED_WITH_HEATING)),
        followedLabel: followed?.label.trim() ?? null,
        hybridOk: use === 'heating' && rank === 0 && hybridAllowed(ctx) && !def.limitedTo,
        ownLabel:
          def.identifier && def.identifier !== SYNCED_WITH_HEATING
            ? (systemOf(ctx, def.identifier)?.label.trim() ?? def.identifier)
            : null,
        multi: needs.housingCategory === 'multi_unit',
        isNetwork: r.system?.identifier === HEATING_NETWORK && on,
      };
    },
    [index, use, rank, data, settings],
  );
}

/** One system of a solution: its choice, its share and its parameters (defaults shown, editable). */
export function EntryEditor({ index, use, rank }: { index: number; use: Use; rank: 0 | 1 }) {
  const id = useId();
  const view = useEntryView(index, use, rank);
  const actions = useThermixActions();
  const { def, options, canSync, followedLabel } = view;
  const resolved = { system: view.system, synced: view.synced, isSolar: view.isSolar, values: view.values };
  const value = use === 'heating' ? heatingChoiceOf(def) : (def.identifier ?? '');
  const title = `${USE_TITLE[use]} ${rank + 1}`;
  const multi = view.multi;
  const set = (field: NumericField) => (v: number | null) =>
    actions.updateDefinition(index, use, rank, { [field]: v } as Partial<SystemDefinition>);
  const fixed = (field: NumericField) => view.fixed.includes(field);
  const isNetwork = view.isNetwork;
  const solar = resolved.isSolar;
  const perM2 = solar ? '/m²' : '';
  const fixedHelp = resolved.synced ? 'Compté avec le chauffage : un seul appareil.' : undefined;
  return (
    <div className={`sim-entry${def.locked ? ' is-locked' : ''}`}>
      <div className="field sim-field">
        <label htmlFor={`${id}-system`}>{title}</label>
        <select
          id={`${id}-system`}
          value={value}
          disabled={def.locked}
          aria-describedby={def.locked ? `${id}-lock` : undefined}
          onChange={(e) => actions.chooseSystem(index, use, rank, e.target.value || null)}
        >
          <option value="">— Aucun —</option>
          {canSync && (
            <option value={SYNCED_WITH_HEATING}>
              Même appareil que le chauffage{followedLabel ? ` (${followedLabel})` : ''}
            </option>
          )}
          {use === 'hotWater' && def.identifier === SYNCED_WITH_HEATING && !canSync && (
            <option value={SYNCED_WITH_HEATING}>Lié au chauffage</option>
          )}
          {view.hybridOk && (
            <option value={HYBRID_CHOICE}>PAC hybride (PAC air/eau et chaudière gaz à condensation)</option>
          )}
          {options.map((s) => (
            <option key={s.identifier} value={s.identifier}>
              {s.label}
            </option>
          ))}
          {def.identifier &&
            view.ownLabel &&
            !options.some((s) => s.identifier === def.identifier) &&
            value !== HYBRID_CHOICE && <option value={def.identifier}>{view.ownLabel}</option>}
        </select>
        {def.locked && (
          <p className="sim-lock" id={`${id}-lock`}>
            <svg width="12" height="14" viewBox="0 0 12 14" aria-hidden="true" focusable="false">
              <rect x="1" y="6" width="10" height="8" rx="1.5" fill="currentColor" />
              <path d="M3.5 6V4a2.5 2.5 0 0 1 5 0v2" fill="none" stroke="currentColor" strokeWidth="1.6" />
            </svg>{' '}
            {def.lockReason}
          </p>
        )}
        {resolved.synced && resolved.system && <p className="field-help">Appareil : {resolved.system.label}</p>}
      </div>
      {resolved.system && (
        <>
          {solar ? (
            <p className="field-help">
              Le solaire couvre ce qu'il produit (au plus 15 % du chauffage, 70 % de l'eau chaude) ; l'autre système
              couvre le reste.
            </p>
          ) : (
            <NumberField
              label="Part du besoin couverte"
              unit="%"
              scale={100}
              min={0}
              max={1}
              nullable
              value={resolved.values.share}
              onChange={set('share')}
              disabled={def.locked}
            />
          )}
          <details className="sim-params">
            <summary>Paramètres de ce système{def.locked ? '' : ' (modifiables)'}</summary>
            <div className="sim-grid">
              {!isNetwork && (
                <NumberField
                  label="Rendement ou COP"
                  min={0}
                  max={20}
                  nullable
                  value={resolved.values.efficiency}
                  onChange={set('efficiency')}
                />
              )}
              {!isNetwork && (
                <NumberField
                  label={`Investissement${solar ? ' par m²' : ''}`}
                  unit={`€${perM2}`}
                  min={0}
                  max={1e9}
                  nullable
                  value={resolved.values.estimatedInvestment}
                  onChange={set('estimatedInvestment')}
                  disabled={fixed('estimatedInvestment')}
                  help={fixed('estimatedInvestment') ? fixedHelp : undefined}
                />
              )}
              {!isNetwork && (
                <NumberField
                  label={`Entretien annuel${solar ? ' par m²' : ''}`}
                  unit={`€${perM2}/an`}
                  min={0}
                  max={1e8}
                  nullable
                  value={resolved.values.maintenanceCost}
                  onChange={set('maintenanceCost')}
                  disabled={fixed('maintenanceCost')}
                  help={fixed('maintenanceCost') ? fixedHelp : undefined}
                />
              )}
              {multi && (
                <NumberField
                  label={`Provisions pour gros travaux${solar ? ' par m²' : ''}`}
                  unit={`€${perM2}/an`}
                  min={0}
                  max={1e8}
                  nullable
                  value={resolved.values.provisionsCost}
                  onChange={set('provisionsCost')}
                  disabled={fixed('provisionsCost')}
                />
              )}
              {solar && (
                <NumberField
                  label="Surface de capteurs"
                  unit="m²"
                  min={0}
                  max={1e6}
                  nullable
                  value={resolved.values.solarPanelsSurface}
                  onChange={set('solarPanelsSurface')}
                  disabled={fixed('solarPanelsSurface')}
                  help={fixed('solarPanelsSurface') ? 'Celle du système solaire combiné (chauffage).' : undefined}
                />
              )}
              {!solar && !isNetwork && (
                <NumberField
                  label="Prix de l'énergie"
                  unit="c€/kWh"
                  min={0}
                  max={1000}
                  nullable
                  value={resolved.values.energyPrice}
                  onChange={set('energyPrice')}
                />
              )}
              {!solar && !isNetwork && (
                <NumberField
                  label="Hausse annuelle du prix"
                  unit="%/an"
                  scale={100}
                  min={-0.5}
                  max={1}
                  nullable
                  value={resolved.values.energyPriceVariation}
                  onChange={set('energyPriceVariation')}
                />
              )}
              {!solar && !isNetwork && (
                <NumberField
                  label="Contenu carbone de l'énergie"
                  unit="kg CO₂/kWh"
                  min={0}
                  max={10}
                  nullable
                  value={resolved.values.ghgRatio}
                  onChange={set('ghgRatio')}
                />
              )}
            </div>
            {isNetwork && (
              <p className="field-help">
                Réseau de chaleur de la métropole : raccordement, tarif et entretien suivent la grille du réseau
                (calculés).
              </p>
            )}
            {!solar &&
              !isNetwork &&
              (resolved.synced ? (
                def.useGreenEnergy ? (
                  <p className="field-help">
                    Offre d'énergie verte : celle du chauffage ({withUnit((def.greenEnergyShare ?? 1) * 100, '%', 0)}).
                  </p>
                ) : null
              ) : (
                <fieldset className="sim-green">
                  <legend className="visually-hidden">Énergie verte</legend>
                  <label className="checkbox">
                    <input
                      type="checkbox"
                      checked={def.useGreenEnergy}
                      onChange={(e) => actions.updateDefinition(index, use, rank, { useGreenEnergy: e.target.checked })}
                    />
                    Offre d'énergie verte
                  </label>
                  {def.useGreenEnergy && (
                    <div className="sim-grid">
                      <NumberField
                        label="Part d'énergie verte"
                        unit="%"
                        scale={100}
                        min={0}
                        max={1}
                        nullable
                        value={resolved.values.greenEnergyShare}
                        onChange={set('greenEnergyShare')}
                      />
                      <NumberField
                        label="Prix de l'énergie verte"
                        unit="c€/kWh"
                        min={0}
                        max={1000}
                        nullable
                        value={resolved.values.greenEnergyPrice}
                        onChange={set('greenEnergyPrice')}
                      />
                      <NumberField
                        label="Contenu carbone de l'énergie verte"
                        unit="kg CO₂/kWh"
                        min={0}
                        max={10}
                        nullable
                        value={resolved.values.greenEnergyGhgRatio}
                        onChange={set('greenEnergyGhgRatio')}
                      />
                    </div>
                  )}
                </fieldset>
              ))}
            <p>
              <button
                type="button"
                className="link-button"
                onClick={() =>
                  actions.updateDefinition(index, use, rank, {
                    efficiency: null,
                    estimatedInvestment: null,
                    maintenanceCost: null,
                    provisionsCost: null,
                    energyPrice: null,
                    energyPriceVariation: null,
                    ghgRatio: null,
                    solarPanelsSurface: null,
                    greenEnergyShare: null,
                    greenEnergyPrice: null,
                    greenEnergyGhgRatio: null,
                  })
                }
              >
                Revenir aux valeurs par défaut
              </button>
            </p>
          </details>
        </>
      )}
    </div>
  );
}
