import { describe, expect, it } from 'vitest';
import { emptySolution, initialMetropole } from '../state/initial';
import { LOCK_PRECONISED, SYNCED_WITH_HEATING, type MetropoleState, type Solution } from '../state/types';
import { applyMetropole, boilerPowerThreshold, forcedSolutions, metropoleOn } from './metropole';
import { deleteSolution } from './solutions';
import { ctxFor } from './test-support';

const metro = (patch: Partial<MetropoleState>): MetropoleState => ({ ...initialMetropole(), enabled: true, ...patch });
const ids = (s: Solution) => [s.heatingSystems.map((d) => d.identifier), s.hotWaterSystems.map((d) => d.identifier)];

describe('metropole mode (spec 02 §4)', () => {
  it('is on only when enabled with an area A to E', () => {
    expect(metropoleOn(metro({ area: 'B' }))).toBe(true);
    expect(metropoleOn(metro({ area: null }))).toBe(false);
    expect(metropoleOn({ ...metro({ area: 'C' }), enabled: false })).toBe(false);
    expect(metropoleOn(metro({ area: 'F' as never }))).toBe(false);
  });

  it(
    'area B, house under renovation: wood pellets, then an air/water heat pump with a solar water heater; ' +
      'every named entry locked « Système préconisé »',
    () => {
      const ctx = ctxFor({}, true);
      const forced = forcedSolutions(metro({ area: 'B' }), ctx);
      expect(forced.map(ids)).toEqual([
        [
          ['granulated_wood_boiler', null],
          [SYNCED_WITH_HEATING, null],
        ],
        [
          ['heat_pump_air_water', null],
          ['solar_water_heater', SYNCED_WITH_HEATING],
        ],
      ]);
      for (const s of forced) {
        expect(s.isMetroGrenoble).toBe(true);
        for (const d of [...s.heatingSystems, ...s.hotWaterSystems]) {
          if (d.identifier) expect([d.locked, d.lockReason]).toEqual([true, LOCK_PRECONISED]);
          else expect(d.locked).toBe(false);
        }
      }
      expect(
        deleteSolution([...forced, emptySolution(), emptySolution()], 0, { heating: true, hotWater: true }).refused,
      ).toBe(true);
    },
  );

  it('multi-unit housing: the network in area A, wood chips above the boiler power threshold', () => {
    const ctx = ctxFor(
      { housingCategory: 'multi_unit', dwellingsNumber: 60, heating: 185_000, hotWater: 35_000 },
      true,
    );
    const low = forcedSolutions(metro({ area: 'A' }), {
      ...ctx,
      needs: { ...ctx.needs, renovationType: 'new_building' },
    });
    expect(low.map(ids)).toEqual([
      [
        ['heating_network', null],
        [SYNCED_WITH_HEATING, null],
      ],
      [
        ['granulated_wood_boiler', null],
        [SYNCED_WITH_HEATING, null],
      ],
    ]);
    const high = forcedSolutions(metro({ area: 'D', boilerPower: 'high' }), ctx);
    expect(high[0].heatingSystems[0].identifier).toBe('shredded_wood_boiler');
    expect(boilerPowerThreshold(ctx.needs)).toBe(100);
    expect(boilerPowerThreshold({ ...ctx.needs, renovationType: 'new_building' })).toBe(30);
  });

  it(
    'puts forced solutions first, keeps the user’s valid ones after them, ' + 'and removes them when the mode goes off',
    () => {
      const ctx = ctxFor({}, true);
      const mine = emptySolution();
      mine.heatingSystems[0] = { ...mine.heatingSystems[0], identifier: 'log_stove' };
      const start = [emptySolution(), mine, emptySolution(), emptySolution()];
      const on = applyMetropole(start, metro({ area: 'B' }), ctx);
      expect(on.solutions.map((s) => s.isMetroGrenoble)).toEqual([true, true, false, false]);
      expect(on.solutions[2]).toBe(mine);
      expect(on.dropped).toBe(0);
      // The same context again changes nothing (figures adjusted on forced solutions survive).
      expect(applyMetropole(on.solutions, metro({ area: 'B' }), ctx).solutions).toBe(on.solutions);
      const off = applyMetropole(on.solutions, metro({ area: null }), { ...ctx, metropoleOn: false });
      expect(off.solutions[0]).toBe(mine);
      expect(off.solutions.filter((s) => s.isMetroGrenoble)).toEqual([]);
    },
  );

  it('tells how many of the user’s valid solutions no longer fit', () => {
    const ctx = ctxFor({}, true);
    const mine = ['log_stove', 'fireplace', 'electric_radiators', 'log_insert'].map((id) => {
      const s = emptySolution();
      s.heatingSystems[0] = { ...s.heatingSystems[0], identifier: id };
      return s;
    });
    const out = applyMetropole(mine, metro({ area: 'B' }), ctx);
    expect(out.dropped).toBe(2);
    expect(out.solutions.slice(2)).toEqual(mine.slice(0, 2));
  });
});
