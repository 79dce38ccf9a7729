import { productionSystemByIdentifier } from '../reference/production-system-lookup';
import type { SystemUse } from '../reference/system-defaults';
import type { ReferenceData } from '../reference/types';
import type { FieldError } from '../shared/field-error';
import { hotWaterApplies } from './hot-water-applies';
import type { TherminixInput } from './types';

/** A declared system must exist, serve its use, and be allowed for the housing type. */
export function checkDeclaredSystem(data: ReferenceData, input: TherminixInput, use: SystemUse): FieldError[] {
  const identifier = use === 'heating' ? input.heatingSystem : input.hotWaterSystem;
  const path = use === 'heating' ? '/heatingSystem' : '/hotWaterSystem';
  if (!identifier || (use === 'hotWater' && !hotWaterApplies(input))) return [];
  const system = productionSystemByIdentifier(data, identifier);
  if (!system) {
    return [
      {
        path,
        code: 'unknownProductionSystem',
        params: { productionSystem: identifier },
        message: `Système de production inconnu : ${identifier}.`,
      },
    ];
  }
  const servesUse = use === 'heating' ? system.isHeating : system.isHotWater;
  const isMultiUnit = input.housingType === 'multi_unit';
  const allowedForHousing = isMultiUnit ? system.isMultiUnit : system.isIndividual;
  if (servesUse && allowedForHousing) return [];
  const usage = use === 'heating' ? 'au chauffage' : "à l'eau chaude sanitaire";
  const housing = isMultiUnit ? "d'un logement collectif" : "d'un logement individuel";
  return [
    {
      path,
      code: 'productionSystemNotAllowed',
      params: { productionSystem: identifier },
      message: `« ${system.label.trim()} » ne convient pas ${usage} ${housing}.`,
    },
  ];
}
