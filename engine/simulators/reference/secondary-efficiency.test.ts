import { describe, expect, it } from 'vitest';
import { copyOfReferenceData, referenceData } from '../test-support/reference-data';
import { secondaryEfficiency } from './secondary-efficiency';

describe('secondaryEfficiency', () => {
  it('reads the six cases of the table (reference §4)', () => {
    const cases: [boolean, boolean, boolean, number][] = [
      // isHeating, isMultiUnit, isHydro, expected
      [true, true, true, 0.85],
      [true, true, false, 0.85],
      [false, true, true, 0.5],
      [false, true, false, 0.5],
      [true, false, true, 0.85],
      [true, false, false, 1],
      [false, false, true, 0.87],
    ];
    for (const [isHeating, isMultiUnit, isHydro, expected] of cases) {
      expect(
        secondaryEfficiency(referenceData, { isHeating, isMultiUnit, isHydro }),
        `${isHeating}/${isMultiUnit}/${isHydro}`,
      ).toBe(expected);
    }
  });

  it('gives 1 for individual non-hydronic hot water, which has no row', () => {
    expect(referenceData.secondaryEfficiencies.some((row) => !row.isHeating && !row.isMultiUnit && !row.isHydro)).toBe(
      false,
    );
    expect(secondaryEfficiency(referenceData, { isHeating: false, isMultiUnit: false, isHydro: false })).toBe(1);
  });

  it('takes the lowest id among multi-unit rows, whatever their hydronic flag', () => {
    const data = copyOfReferenceData();
    data.secondaryEfficiencies = [
      { id: 9, isHeating: true, isMultiUnit: true, isHydro: true, ratio: 0.7 },
      { id: 3, isHeating: true, isMultiUnit: true, isHydro: false, ratio: 0.6 },
    ];
    expect(secondaryEfficiency(data, { isHeating: true, isMultiUnit: true, isHydro: true })).toBe(0.6);
  });

  it('gives 1 when the table is empty', () => {
    const data = copyOfReferenceData();
    data.secondaryEfficiencies = [];
    expect(secondaryEfficiency(data, { isHeating: true, isMultiUnit: true, isHydro: true })).toBe(1);
  });
});
