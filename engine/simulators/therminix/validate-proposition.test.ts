import { describe, expect, it } from 'vitest';
import { referenceData } from '../test-support/reference-data';
import type { TherminixInput } from './types';
import { validateTherminixProposition } from './validate-proposition';

const complete: TherminixInput = {
  housingType: 'individual',
  renovationType: 'systems_renovation',
  floorSurface: 110,
  heatingSystem: 'oil_boiler_standard',
  hotWaterSystem: 'oil_boiler_standard',
  heatingNeeds: 15_000,
  hotWaterNeeds: 3_000,
};

const paths = (input: TherminixInput) =>
  validateTherminixProposition(input).map((error) => `${error.path}:${error.code}`);

describe('validateTherminixProposition', () => {
  it('accepts a complete individual project', () => {
    expect(validateTherminixProposition(complete, referenceData)).toEqual([]);
  });

  it('always needs the housing type and the renovation type', () => {
    expect(validateTherminixProposition({})).toEqual([
      { path: '/housingType', code: 'required', params: {}, message: 'Ce champ est obligatoire.' },
      { path: '/renovationType', code: 'required', params: {}, message: 'Ce champ est obligatoire.' },
    ]);
    expect(paths({ housingType: 'castle', renovationType: 'demolition' })).toEqual([
      '/housingType:enum',
      '/renovationType:enum',
    ]);
  });

  it('needs surface, heating system and needs, hot-water system and needs for individual housing', () => {
    expect(paths({ housingType: 'individual', renovationType: 'global_renovation' })).toEqual([
      '/floorSurface:required',
      '/heatingSystem:required',
      '/heatingNeeds:required',
      '/hotWaterSystem:required',
      '/hotWaterNeeds:required',
    ]);
  });

  it('does not ask for hot water in a heating-system renovation', () => {
    expect(
      paths({
        housingType: 'individual',
        renovationType: 'heating_system_renovation',
        floorSurface: 90,
        heatingSystem: 'log_stove',
        heatingNeeds: 9_000,
      }),
    ).toEqual([]);
  });

  it('asks nothing more for multi-unit housing', () => {
    expect(paths({ housingType: 'multi_unit', renovationType: 'new_building' })).toEqual([]);
  });

  it('refuses zero or negative surfaces and needs', () => {
    const errors = validateTherminixProposition({ ...complete, floorSurface: 0, heatingNeeds: -5 });
    expect(errors).toEqual([
      {
        path: '/floorSurface',
        code: 'exclusiveMinimum',
        params: { limit: 0, value: 0 },
        message: 'La valeur doit être supérieure à 0.',
      },
      {
        path: '/heatingNeeds',
        code: 'exclusiveMinimum',
        params: { limit: 0, value: -5 },
        message: 'La valeur doit être supérieure à 0.',
      },
    ]);
  });

  it('checks declared systems against the reference data', () => {
    const errors = validateTherminixProposition(
      { ...complete, heatingSystem: 'electric_water_heater', hotWaterSystem: 'heat_pump_using_waste_heat' },
      referenceData,
    );
    expect(errors).toEqual([
      {
        path: '/heatingSystem',
        code: 'productionSystemNotAllowed',
        params: { productionSystem: 'electric_water_heater' },
        message: "« Chauffe-eau électrique » ne convient pas au chauffage d'un logement individuel.",
      },
      {
        path: '/hotWaterSystem',
        code: 'productionSystemNotAllowed',
        params: { productionSystem: 'heat_pump_using_waste_heat' },
        message:
          '« PAC valorisant une chaleur perdue (eaux grises etc.) » ' +
          "ne convient pas à l'eau chaude sanitaire d'un logement individuel.",
      },
    ]);
    expect(validateTherminixProposition({ ...complete, heatingSystem: 'fusion' }, referenceData)[0]).toMatchObject({
      code: 'unknownProductionSystem',
      message: 'Système de production inconnu : fusion.',
    });
  });
});
