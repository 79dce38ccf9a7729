import { describe, expect, it } from 'vitest';
import { emptySolution } from '../state/initial';
import type { Solution } from '../state/types';
import { compactSolutions, deleteSolution, isSolutionValid, validSlots } from './solutions';
import { defaultShare } from './shares';

const withHeating = (identifier: string): Solution => {
  const s = emptySolution();
  s.heatingSystems[0] = { ...s.heatingSystems[0], identifier };
  return s;
};
const withHotWater = (identifier: string): Solution => {
  const s = emptySolution();
  s.hotWaterSystems[0] = { ...s.hotWaterSystems[0], identifier };
  return s;
};
const both = { heating: true, hotWater: true };

describe('solution validity, deletion and shares (spec 02 §4)', () => {
  it(
    'is valid with a heating system when heating is managed, ' + 'a hot-water system when hot water is, or when forced',
    () => {
      expect(isSolutionValid(emptySolution(), both)).toBe(false);
      expect(isSolutionValid(withHeating('log_stove'), both)).toBe(true);
      expect(isSolutionValid(withHeating('log_stove'), { heating: false, hotWater: true })).toBe(false);
      expect(isSolutionValid(withHotWater('electric_water_heater'), { heating: true, hotWater: false })).toBe(false);
      expect(isSolutionValid(withHotWater('electric_water_heater'), { heating: false, hotWater: true })).toBe(true);
      expect(isSolutionValid({ ...emptySolution(), isMetroGrenoble: true }, { heating: false, hotWater: false })).toBe(
        true,
      );
    },
  );

  it('deleting resets the solution and compacts: valid solutions first, in their order', () => {
    const a = withHeating('log_stove');
    const b = emptySolution();
    const c = withHeating('fireplace');
    const d = withHotWater('electric_water_heater');
    const out = deleteSolution([a, b, c, d], 0, both);
    expect(out.refused).toBe(false);
    expect(out.solutions[0]).toBe(c);
    expect(out.solutions[1]).toBe(d);
    expect(out.solutions.slice(2).every((s) => !isSolutionValid(s, both))).toBe(true);
    expect(validSlots(out.solutions, both)).toEqual([0, 1]);
    // Compacting an already compact list gives the same object (no needless re-render).
    expect(compactSolutions(out.solutions, both)).toBe(out.solutions);
  });

  it('refuses to delete a metropole-mode solution', () => {
    const forced = { ...withHeating('granulated_wood_boiler'), isMetroGrenoble: true };
    const list = [forced, emptySolution(), emptySolution(), emptySolution()];
    const out = deleteSolution(list, 0, both);
    expect(out.refused).toBe(true);
    expect(out.solutions).toBe(list);
    if (out.refused) expect(out.reason).toMatch(/préconisée par la métropole/);
  });

  it('shares: first entry 1, second 0, a backup beside thermal solar 1', () => {
    expect(defaultShare(['gaz_boiler_condensing', 'log_stove'], 0)).toBe(1);
    expect(defaultShare(['gaz_boiler_condensing', 'log_stove'], 1)).toBe(0);
    expect(defaultShare(['solar_water_heater', 'gaz_boiler_condensing'], 1)).toBe(1);
    expect(defaultShare(['gaz_boiler_condensing', 'solar_water_heater'], 0)).toBe(1);
  });
});
