import { describe, expect, it } from 'vitest';
import { ecorenoverDefaults } from './ecorenover/defaults';
import { systemId } from './test-support/reference-data';
import { propertyTitles, schemaErrors, schemaId } from './test-support/request-schemas';
import type { ThermixRequest } from './thermix/request-types';

const thermix: ThermixRequest = {
  year: 2024,
  thermalSolarProdByM2: 450,
  needs: {
    heating: 15_000,
    hotWater: 3_000,
    housingCategory: 'individual',
    dwellingsNumber: null,
    renovationType: 'systems_renovation',
  },
  solutions: [
    {
      index: 1,
      heatingSystems: [
        {
          index: 1,
          productionSystem: systemId('solar_system_combined'),
          productionShare: 1,
          solarPanelsSurface: 10,
          estimatedInvestment: 1_000,
        },
        {
          index: 2,
          productionSystem: systemId('gaz_boiler_condensing'),
          productionShare: 1,
          efficiency: 0.95,
          energyPrice: 7.04,
          energyPriceVariation: 0.0271,
          ghgRatio: 0.205,
          useGreenEnergy: false,
        },
      ],
      hotWaterSystems: [{ identifier: 'solar_system_combined' }, { productionSystem: 0 }],
      renewableElectricity: true,
      renewableElectricityProduction: 1_200,
      financialSupport: true,
      financialSupportAmount: 3_000,
      isMetroGrenoble: false,
    },
  ],
  metroGrenoble: {
    enabled: true,
    area: 'B',
    inseeCode: '38185',
    renovationType: 'new_building',
    energiesOverridedData: { oil: { priceVariation: 0.0112 } },
  },
  customCarbonTax: { year: 2030, amount: 100 },
  user: null,
  advisor: 12,
};

describe('request schemas', () => {
  it('have the agreed ids', () => {
    expect(schemaId('thermix')).toBe('urn:app:simulator:thermix-compute-request');
    expect(schemaId('therminix')).toBe('urn:app:simulator:therminix-compute-request');
    expect(schemaId('ecorenover')).toBe('urn:app:simulator:ecorenover-compute-request');
  });

  it('accept what the screens send', () => {
    expect(schemaErrors('thermix', thermix)).toEqual([]);
    expect(
      schemaErrors('therminix', {
        housingType: 'individual',
        renovationType: 'global_renovation',
        floorSurface: 110,
        heatingSystem: 'oil_boiler_standard',
        hotWaterSystem: null,
        heatingNeeds: 15_000,
        hotWaterNeeds: 3_000,
      }),
    ).toEqual([]);
    // an incomplete informations step is the engine's to refuse, with the spec's messages
    expect(schemaErrors('therminix', {})).toEqual([]);
    expect(schemaErrors('ecorenover', ecorenoverDefaults())).toEqual([]);
  });

  it('refuse thermix payloads out of bounds, every error at once', () => {
    const bad = structuredClone(thermix) as unknown as Record<string, any>;
    bad.year = 2024.5;
    bad.needs.heating = -1;
    bad.solutions[0].heatingSystems[0].productionShare = 1.5;
    bad.solutions[0].heatingSystems.push({ productionSystem: 1 });
    bad.solutions[0].hotWaterSystems[0].surprise = true;
    bad.solutions.push({}, {}, {}, {});
    expect(schemaErrors('thermix', bad)).toEqual([
      '/needs/heating',
      '/solutions',
      '/solutions/0/heatingSystems',
      '/solutions/0/heatingSystems/0/productionShare',
      '/solutions/0/hotWaterSystems/0',
      '/year',
    ]);
    expect(schemaErrors('thermix', { year: 2024, thermalSolarProdByM2: 450, solutions: [] })).toEqual(['']);
  });

  it('refuse ecorenover rates, lengths and percentages out of bounds', () => {
    const bad = {
      ...ecorenoverDefaults(),
      regularLoanRate: 1.5,
      ecoLoanLength: 51,
      regularLoanLength: 10.5,
      futureEnergyConsumption: 120,
      annualInvoice: -1,
    };
    expect(schemaErrors('ecorenover', bad)).toEqual([
      '/annualInvoice',
      '/ecoLoanLength',
      '/futureEnergyConsumption',
      '/regularLoanLength',
      '/regularLoanRate',
    ]);
    const { ecoLoanAmount: _omitted, ...missing } = ecorenoverDefaults();
    expect(schemaErrors('ecorenover', missing)).toEqual(['']);
  });

  it('refuse therminix values of the wrong kind', () => {
    expect(
      schemaErrors('therminix', {
        housingType: 'castle',
        floorSurface: -3,
        heatingSystem: 'DROP TABLE',
        dwellingsNumber: 0,
      }),
    ).toEqual(['/dwellingsNumber', '/floorSurface', '/heatingSystem', '/housingType']);
  });

  it('describe every property in French', () => {
    for (const name of ['thermix', 'therminix', 'ecorenover'] as const) {
      const titles = propertyTitles(name);
      expect(titles.length, name).toBeGreaterThan(5);
      for (const title of titles) expect(title, name).toMatch(/^[A-ZÀ-Ý]/);
    }
  });
});
