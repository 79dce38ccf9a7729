import { atom, useAtomValue, useSetAtom } from 'jotai';
import { loadable } from 'jotai/utils';
import { createContext, useContext, useRef, type ReactNode } from 'react';
import { api } from '../../../api/http';
import { sessionEpochAtom } from '../../../state/session';
import type { ReferenceData } from '../../../../engine/simulators';
import type { EffectiveThermixSettings } from '../../../../server/modules/simulators/settings';

/**
 * GET /thermix/settings/: the caller's settings (their structure's energy prices for staff) — the
 * endpoint's own type (type-only import), less what the screens do not read.
 */
export type ThermixSettings = Omit<EffectiveThermixSettings, 'user' | 'advisor' | 'userEnergyPrices' | 'group'>;

/** Spec 02 §9, when the settings cannot be read (a white label without thermix: therminix alone). */
export const DEFAULT_SETTINGS: ThermixSettings = {
  pk: null,
  year: new Date().getFullYear(),
  thermalSolarProdByM2: 450,
  thermalSolarMaxProdRatioHeating: 0.6,
  thermalSolarMaxProdRatioHotWater: 0.7,
  hotWaterNeedsByPerson: 650,
  hotWaterAndHeatingConsumptionRatio: 0.9,
  customCarbonTax: { year: 2030, amount: 100 },
  energyPrices: {},
  defaultDwellingsNumber: 15,
};

const retryAtom = atom(0);
// Bumped after the caller saved their own settings: the settings alone are read again.
const settingsReloadAtom = atom(0);

/** Reads the caller's settings again (after PUT /thermix/settings/), keeping the screen on show meanwhile. */
export function useReloadSimulatorSettings(): () => void {
  const bump = useSetAtom(settingsReloadAtom);
  return () => bump((n) => n + 1);
}

// The reference data in the engine's shape, read once per visit (GET /energies/reference-data/).
const referenceDataAtom = atom(async (get) => {
  get(retryAtom);
  return api<ReferenceData>('/energies/reference-data/');
});

// Settings depend on who is signed in (structure prices): read again when the session changes.
const settingsAtom = atom(async (get) => {
  get(retryAtom);
  get(settingsReloadAtom);
  get(sessionEpochAtom);
  try {
    return await api<ThermixSettings>('/thermix/settings/');
  } catch {
    return DEFAULT_SETTINGS;
  }
});

const bothAtom = loadable(
  atom(async (get) => ({ data: await get(referenceDataAtom), settings: await get(settingsAtom) })),
);

export interface SimulatorData {
  data: ReferenceData;
  settings: ThermixSettings;
}

const DataContext = createContext<SimulatorData | null>(null);

export function useSimulatorData(): SimulatorData {
  const value = useContext(DataContext);
  if (!value) throw new Error('useSimulatorData outside SimulatorDataGate');
  return value;
}

/** Loads the reference data and settings, then renders the simulator; a French error with a retry otherwise. */
export function SimulatorDataGate({ children }: { children: ReactNode }) {
  const state = useAtomValue(bothAtom);
  const retry = useSetAtom(retryAtom);
  // While the settings are read again, the screen keeps what it had: no flash, no closed panel.
  const last = useRef<SimulatorData | null>(null);
  if (state.state === 'hasData') last.current = state.data;
  if (state.state === 'loading' && last.current)
    return <DataContext.Provider value={last.current}>{children}</DataContext.Provider>;
  if (state.state === 'loading')
    return (
      <p className="loading" role="status">
        Chargement des données du simulateur…
      </p>
    );
  if (state.state === 'hasError') {
    const message = state.error instanceof Error ? state.error.message : String(state.error);
    return (
      <div className="notice notice-error" role="alert">
        <p>Les données du simulateur n'ont pas pu être chargées : {message}</p>
        <p>
          <button type="button" className="button" onClick={() => retry((n) => n + 1)}>
            Réessayer
          </button>
        </p>
      </div>
    );
  }
  return <DataContext.Provider value={state.data}>{children}</DataContext.Provider>;
}
