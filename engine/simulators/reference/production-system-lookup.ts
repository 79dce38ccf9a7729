import { ReferenceDataError } from '../shared/errors';
import { referenceIndex } from './reference-index';
import type { Energy, ProductionSystem, ReferenceData } from './types';

export function productionSystemById(data: ReferenceData, id: number): ProductionSystem | undefined {
  return referenceIndex(data).systemsById.get(id);
}

export function productionSystemByIdentifier(data: ReferenceData, identifier: string): ProductionSystem | undefined {
  return referenceIndex(data).systemsByIdentifier.get(identifier);
}

export function energyByIdentifier(data: ReferenceData, identifier: string): Energy | undefined {
  return referenceIndex(data).energiesByIdentifier.get(identifier);
}

/** The energy a system consumes; its absence is a data fault, never a user one. */
export function energyOfSystem(data: ReferenceData, system: ProductionSystem): Energy {
  const energy = referenceIndex(data).energiesByIdentifier.get(system.energy);
  if (!energy) {
    throw new ReferenceDataError(
      `Énergie « ${system.energy} » absente des données de référence (système ${system.identifier}).`,
    );
  }
  return energy;
}
