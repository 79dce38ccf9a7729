import { atom } from 'jotai';
import type { FieldError, TherminixPropositionResult } from '../../../../engine/simulators';
import { atomWithSession, keyAtom } from '../shared/state-atoms';
import { initialEstimations, normalizeThermixState } from '../thermix/state/initial';
import type { EstimationInputs, HousingCategory, RenovationType } from '../thermix/state/types';

/** The « Votre projet » informations step (spec 02 §3), with the estimation pages' inputs. */
export interface TherminixState {
  version: 1;
  housingType: HousingCategory;
  renovationType: RenovationType | null;
  floorSurface: number | null;
  dwellingsNumber: number | null;
  heatingSystem: string | null;
  hotWaterSystem: string | null;
  heatingNeeds: number | null;
  hotWaterNeeds: number | null;
  estimations: EstimationInputs;
}

export function initialTherminix(): TherminixState {
  return {
    version: 1,
    housingType: 'individual',
    renovationType: null,
    floorSurface: null,
    dwellingsNumber: null,
    heatingSystem: null,
    hotWaterSystem: null,
    heatingNeeds: null,
    hotWaterNeeds: null,
    estimations: initialEstimations(),
  };
}

const HOUSING = ['individual', 'multi_unit'];
const RENOVATION = ['new_building', 'global_renovation', 'systems_renovation', 'heating_system_renovation'];
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown) => (typeof v === 'string' && v ? v : null);

export function normalizeTherminix(stored: unknown): TherminixState {
  const base = initialTherminix();
  if (!stored || typeof stored !== 'object') return base;
  const s = stored as Record<string, unknown>;
  // The estimation inputs share the thermix shape and its checks.
  const estimations = normalizeThermixState({ version: 1, estimations: s.estimations }).estimations;
  return {
    version: 1,
    housingType: HOUSING.includes(s.housingType as string) ? (s.housingType as HousingCategory) : base.housingType,
    renovationType: RENOVATION.includes(s.renovationType as string) ? (s.renovationType as RenovationType) : null,
    floorSurface: num(s.floorSurface),
    dwellingsNumber: num(s.dwellingsNumber),
    heatingSystem: str(s.heatingSystem),
    hotWaterSystem: str(s.hotWaterSystem),
    heatingNeeds: num(s.heatingNeeds),
    hotWaterNeeds: num(s.hotWaterNeeds),
    estimations,
  };
}

export const therminixAtom = atomWithSession('renovation.simulators.therminix', initialTherminix, normalizeTherminix);
export const therminixEstimationsAtom = keyAtom(therminixAtom, 'estimations');

/** The last answer: propositions for the inputs they were computed from, or the field errors. */
export const therminixAnswerAtom = atom<{ key: string; result: TherminixPropositionResult } | null>(null);
export const therminixErrorsAtom = atom<{ message: string; errors: FieldError[] } | null>(null);

/** The body of POST /therminix/compute: hot water only when it applies. */
export function therminixRequest(s: TherminixState): Record<string, unknown> {
  const hotWater = s.renovationType !== 'heating_system_renovation';
  const body: Record<string, unknown> = {
    housingType: s.housingType,
    renovationType: s.renovationType,
    floorSurface: s.floorSurface,
    heatingSystem: s.heatingSystem,
    heatingNeeds: s.heatingNeeds,
  };
  if (hotWater) {
    body.hotWaterSystem = s.hotWaterSystem;
    body.hotWaterNeeds = s.hotWaterNeeds;
  }
  if (s.housingType === 'multi_unit' && s.dwellingsNumber !== null) body.dwellingsNumber = s.dwellingsNumber;
  // Leave absent what is not filled: the server then answers « Ce champ est obligatoire. ».
  for (const [k, v] of Object.entries(body)) if (v === null) delete body[k];
  return body;
}
