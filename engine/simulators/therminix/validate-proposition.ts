import type { ReferenceData } from '../reference/types';
import type { FieldError } from '../shared/field-error';
import { checkDeclaredSystem } from './declared-system-check';
import { hotWaterApplies } from './hot-water-applies';
import { HOUSING_TYPES, RENOVATION_TYPES, type TherminixInput } from './types';

const REQUIRED = 'Ce champ est obligatoire.';

function required(path: string): FieldError {
  return { path, code: 'required', params: {}, message: REQUIRED };
}

function positive(path: string, value: number): FieldError {
  return {
    path,
    code: 'exclusiveMinimum',
    params: { limit: 0, value },
    message: 'La valeur doit être supérieure à 0.',
  };
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/**
 * Spec 02 §5: housing type and renovation type always; for individual housing also floor surface,
 * heating system and heating needs, plus hot-water system and needs when hot water applies (every
 * renovation type but heating_system_renovation). With reference data, declared systems must also
 * exist and suit their use and the housing type. Returns [] when the proposition can be made.
 */
export function validateTherminixProposition(input: TherminixInput, data?: ReferenceData): FieldError[] {
  const errors: FieldError[] = [];
  if (isBlank(input.housingType)) errors.push(required('/housingType'));
  else if (!(HOUSING_TYPES as readonly string[]).includes(input.housingType as string)) {
    errors.push({
      path: '/housingType',
      code: 'enum',
      params: { allowedValues: HOUSING_TYPES },
      message: 'Type de logement inconnu.',
    });
  }
  if (isBlank(input.renovationType)) errors.push(required('/renovationType'));
  else if (!(RENOVATION_TYPES as readonly string[]).includes(input.renovationType as string)) {
    errors.push({
      path: '/renovationType',
      code: 'enum',
      params: { allowedValues: RENOVATION_TYPES },
      message: 'Type de projet inconnu.',
    });
  }
  if (input.housingType === 'individual') {
    requirePositive(errors, '/floorSurface', input.floorSurface);
    if (isBlank(input.heatingSystem)) errors.push(required('/heatingSystem'));
    requirePositive(errors, '/heatingNeeds', input.heatingNeeds);
    if (hotWaterApplies(input)) {
      if (isBlank(input.hotWaterSystem)) errors.push(required('/hotWaterSystem'));
      requirePositive(errors, '/hotWaterNeeds', input.hotWaterNeeds);
    }
  }
  if (data)
    errors.push(...checkDeclaredSystem(data, input, 'heating'), ...checkDeclaredSystem(data, input, 'hotWater'));
  return errors;
}

function requirePositive(errors: FieldError[], path: string, value: number | null | undefined): void {
  if (value === undefined || value === null) errors.push(required(path));
  else if (!(value > 0)) errors.push(positive(path, value));
}
