import { describe, expect, it } from 'vitest';
import raw from '../../../../../fixtures/reference/energies-reference-data.json';
import type { ReferenceData } from '../../../../../engine/simulators';
import {
  altitudeBonus,
  consumptionFromEuros,
  consumptionFromQuantity,
  estimateByEra,
  estimateFromConsumption,
  estimateFromThermalStudy,
  estimateGlobalRenovation,
  estimateNewBuilding,
  hotWaterNeed,
} from './formulas';

const data = raw as unknown as ReferenceData;
const row = (criterion: string) => data.buildingHeatingConsumptions!.find((r) => r.criterion === criterion)!;
const vector = (id: string) => data.energyVectors!.find((v) => v.vector === id)!;

describe('needs estimations', () => {
  it('hot water: 650 kWh per person', () => {
    expect(hotWaterNeed({ persons: 4 })).toEqual({
      value: 2600,
      line: 'Eau chaude : 4 personnes × 650 kWh = 2\u202f600 kWh/an',
    });
    expect(hotWaterNeed({ persons: 1, perPerson: 700 }).value).toBe(700);
  });

  it('thermal calculation: surface × need per m²', () => {
    const e = estimateFromThermalStudy({ surface: 120, needPerM2: 85.5, persons: 3 });
    expect([e.heating, e.hotWater]).toEqual([10_260, 1950]);
    expect(e.lines[0]).toBe('Chauffage : 120 m² × 85,5 kWh/m² = 10\u202f260 kWh/an');
  });

  it('new construction: base 50 (48 in metropole mode) raised by 0, 10 or 20 % with altitude', () => {
    expect([399, 400, 800, 801].map(altitudeBonus)).toEqual([0, 10, 10, 20]);
    expect(estimateNewBuilding({ surface: 100, altitude: 0, metropole: false, persons: 4 }).heating).toBe(5000);
    expect(estimateNewBuilding({ surface: 100, altitude: 500, metropole: false, persons: 4 }).heating).toBeCloseTo(
      5500,
      9,
    );
    expect(estimateNewBuilding({ surface: 100, altitude: 950, metropole: true, persons: 4 }).heating).toBeCloseTo(
      5760,
      9,
    );
  });

  it('global renovation and building era: the table consumption × 0.9', () => {
    expect(estimateGlobalRenovation({ surface: 100, target: row('bbc'), persons: 2 }).heating).toBeCloseTo(5400, 9);
    expect(estimateGlobalRenovation({ surface: 100, target: row('passive'), persons: 2 }).heating).toBeCloseTo(1350, 9);
    const era = estimateByEra({ surface: 110, era: row('between_1971_1990'), persons: 4 });
    expect(era.heating).toBeCloseTo(110 * 136 * 0.9, 9);
    expect(era.lines[0]).toContain('Entre 1971 et 1990');
  });

  it('invoices in euros: amount ÷ price; needs = 90 %, hot water taken out when the invoices include it', () => {
    const part = consumptionFromEuros('Gaz B1', 1000, 8);
    expect(part.kwh).toBe(12_500);
    const included = estimateFromConsumption({ parts: [part], includesHotWater: true, persons: 4 });
    expect([included.heating, included.hotWater]).toEqual([8650, 2600]);
    const apart = estimateFromConsumption({ parts: [part], includesHotWater: false, persons: 4 });
    expect([apart.heating, apart.hotWater]).toEqual([11_250, 2600]);
    // Hot water never exceeds what was bought.
    const small = estimateFromConsumption({
      parts: [consumptionFromEuros('Électricité', 100, 20)],
      includesHotWater: true,
      persons: 5,
    });
    expect([small.heating, small.hotWater]).toEqual([0, 450]);
    expect(consumptionFromEuros('x', 100, 0).kwh).toBe(0);
  });

  it('quantities: quantity × PCI of the unit bought', () => {
    expect(consumptionFromQuantity(2000, vector('oil_l')).kwh).toBeCloseTo(20_768, 9);
    expect(consumptionFromQuantity(5, vector('wood_logs_stere')).kwh).toBe(8500);
    expect(consumptionFromQuantity(1200, vector('natural_gaz_kwh')).line).toBe(
      'gaz naturel au kWh : 1\u202f200 kWh × 1 kWh = 1\u202f200 kWh/an',
    );
  });
});
