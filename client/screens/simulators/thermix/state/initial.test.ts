import { describe, expect, it } from 'vitest';
import { initialThermixState, normalizeThermixState } from './initial';

describe('thermix state read back from sessionStorage', () => {
  it('keeps what it knows, of the right kind, and falls back on the rest', () => {
    const stored = JSON.parse(JSON.stringify(initialThermixState()));
    stored.needs.heating = 12_000;
    stored.needs.hotWater = 'lots';
    stored.solutions[1].heatingSystems[0].identifier = 'log_stove';
    stored.solutions[1].heatingSystems[0].estimatedInvestment = 2500;
    stored.solutions[2].hotWaterSystems[0].limitedTo = ['solar_water_heater', 3];
    stored.solutions.push({ extra: true });
    stored.metropole.area = 'B';
    stored.estimations.invoices = [
      { energy: 'oil', energyPrice: null, amount: 900 },
      { energy: 'electricity', amount: 300 },
    ];
    stored.unknown = 1;
    const s = normalizeThermixState(stored);
    expect(s.needs).toMatchObject({ heating: 12_000, hotWater: 3000 });
    expect(s.solutions).toHaveLength(4);
    expect(s.solutions[1].heatingSystems[0]).toMatchObject({
      identifier: 'log_stove',
      estimatedInvestment: 2500,
      share: null,
    });
    expect(s.solutions[2].hotWaterSystems[0].limitedTo).toEqual(['solar_water_heater']);
    expect(s.metropole.area).toBe('B');
    expect(s.estimations.invoices).toEqual([
      { energy: 'oil', energyPrice: null, amount: 900 },
      { energy: 'electricity', energyPrice: null, amount: 300 },
    ]);
    expect('unknown' in s).toBe(false);
  });

  it('starts afresh from anything that is not a state of this version', () => {
    expect(normalizeThermixState(null)).toEqual(initialThermixState());
    expect(normalizeThermixState({ version: 2, needs: { heating: 1 } })).toEqual(initialThermixState());
  });
});
