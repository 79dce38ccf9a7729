import { useAtomValue } from 'jotai';
import towns from '../tables/metropole-towns.json';
import { AREA_LABELS } from '../tables/metropole-solutions';
import { NumberField } from '../../shared/NumberField';
import { boilerPowerThreshold, METROPOLE_AREAS, metropoleOn } from '../rules/metropole';
import { metropoleAtom, needsAtom } from '../state/atoms';
import { useThermixActions } from '../state/use-thermix';
import type { BoilerPower, MetropoleArea, Needs } from '../state/types';
import { keyAtom } from '../../shared/state-atoms';

const renovationTypeAtom = keyAtom(needsAtom, 'renovationType');

/**
 * Metropole mode (Grenoble-Alpes Métropole): the commune (altitude pre-filled), the area A–E of
 * the energy master plan, which switches the mode on and forces the preconised solutions.
 */
export function MetropolePanel() {
  const metro = useAtomValue(metropoleAtom);
  const renovationType = useAtomValue(renovationTypeAtom);
  const actions = useThermixActions();
  const on = metropoleOn(metro);
  const threshold = boilerPowerThreshold({ renovationType } as Needs);
  return (
    <fieldset className="sim-fieldset">
      <legend>Mode métropole</legend>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={metro.enabled}
          onChange={(e) => actions.changeMetropole({ enabled: e.target.checked })}
        />
        Mon projet est situé dans Grenoble-Alpes Métropole
      </label>
      {metro.enabled && (
        <>
          <div className="sim-grid">
            <div className="field sim-field">
              <label htmlFor="metro-town">Commune</label>
              <select
                id="metro-town"
                value={metro.inseeCode ?? ''}
                onChange={(e) => {
                  const town = towns.find((t) => t.inseeCode === e.target.value);
                  actions.changeMetropole({
                    inseeCode: town?.inseeCode ?? null,
                    altitude: town?.altitude ?? metro.altitude,
                  });
                }}
              >
                <option value="">— Choisir —</option>
                {towns.map((t) => (
                  <option key={t.inseeCode} value={t.inseeCode}>
                    {t.name}
                  </option>
                ))}
              </select>
            </div>
            <NumberField
              label="Altitude du bâtiment"
              unit="m"
              min={0}
              max={5000}
              nullable
              value={metro.altitude}
              onChange={(v) => actions.changeMetropole({ altitude: v })}
              help="Pré-remplie avec l'altitude du centre de la commune (GeoNames) : corrigez-la pour votre bâtiment."
            />
            <div className="field sim-field">
              <label htmlFor="metro-area">Zone du schéma directeur de l'énergie</label>
              <select
                id="metro-area"
                value={metro.area ?? ''}
                onChange={(e) => actions.changeMetropole({ area: (e.target.value || null) as MetropoleArea | null })}
              >
                <option value="">— Hors zone —</option>
                {METROPOLE_AREAS.map((a) => (
                  <option key={a} value={a}>
                    {AREA_LABELS[a]}
                  </option>
                ))}
              </select>
            </div>
            <div className="field sim-field">
              <label htmlFor="metro-power">Puissance de chaufferie</label>
              <select
                id="metro-power"
                value={metro.boilerPower}
                onChange={(e) => actions.changeMetropole({ boilerPower: e.target.value as BoilerPower })}
              >
                <option value="low">Inférieure à {threshold} kW</option>
                <option value="high">{threshold} kW ou plus</option>
              </select>
            </div>
          </div>
          {renovationType === 'new_building' && (
            <div className="sim-grid">
              <NumberField
                label="Surface de plancher"
                unit="m²"
                min={0}
                max={1e7}
                nullable
                value={metro.floorSurface}
                onChange={(v) => actions.changeMetropole({ floorSurface: v })}
              />
              <NumberField
                label="Emprise au sol"
                unit="m²"
                min={0}
                max={1e7}
                nullable
                value={metro.groundSurface}
                onChange={(v) => actions.changeMetropole({ groundSurface: v })}
              />
              <NumberField
                label="Production d'énergie renouvelable exigée"
                unit="kWh/m²"
                min={0}
                max={10000}
                nullable
                value={metro.requiredEnergyProductionByM2 ?? 20}
                onChange={(v) => actions.changeMetropole({ requiredEnergyProductionByM2: v })}
                help="Au-delà de 1 000 m² de plancher, par m² d'emprise au sol (20 par défaut)."
              />
            </div>
          )}
          <p className={`notice ${on ? 'notice-warning' : ''}`} role="status">
            {on
              ? `Mode métropole actif (zone ${metro.area}) : les solutions préconisées pour votre zone ` +
                "sont placées en tête de l'onglet Solutions, verrouillées ; le réseau de chaleur est proposé " +
                'et les hausses de prix des énergies sont celles de la métropole.'
              : 'Choisissez la zone de votre adresse pour activer le mode métropole.'}
          </p>
        </>
      )}
    </fieldset>
  );
}
