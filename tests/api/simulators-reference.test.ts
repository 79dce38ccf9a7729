import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { readReferenceFixture, seedReferenceData } from '../../server/seed/seed-reference';

const fixture = readReferenceFixture();

const LISTS = {
  '/energies/energy/': fixture.energies.length,
  '/energies/production-system/': fixture.productionSystems.length,
  '/energies/secondary-efficiency/': fixture.secondaryEfficiencies.length,
  '/energies/building-heating-consumption/': fixture.buildingHeatingConsumptions!.length,
  '/energies/energy-vector/': fixture.energyVectors!.length,
  '/energies/yearly-energy-price/': fixture.yearlyEnergyPrices.length,
  '/energies/carbon-tax/': fixture.carbonTaxes!.length,
};

/** A thermix request whose gas boiler takes its price from the reference data (no energyPrice sent). */
const gasBoilerRequest = {
  year: 2026,
  thermalSolarProdByM2: 450,
  needs: { heating: 10_000, hotWater: 0, housingCategory: 'individual' },
  solutions: [{ heatingSystems: [{ identifier: 'gaz_boiler_condensing' }] }],
};

describe.each(DIALECTS)('simulators reference data on %s', (dialect) => {
  let t: TestApp;
  appOn(
    dialect,
    (app) => {
      t = app;
    },
    { seed: false },
  );

  it('serves every reference list to anonymous visitors, complete, with the ids of the data file', async () => {
    for (const [path, count] of Object.entries(LISTS)) {
      const res = await t.call(path);
      expect(res.status, path).toBe(200);
      expect(res.body, path).toHaveLength(count);
    }
    const energies = (await t.call('/energies/energy/')).body as {
      pk: number;
      id: number;
      identifier: string;
      currentPrice: number | null;
    }[];
    expect(energies.map((e) => e.identifier)).toEqual([...fixture.energies].map((e) => e.identifier).sort());
    for (const e of fixture.energies) {
      const row = energies.find((r) => r.identifier === e.identifier)!;
      expect(row.pk).toBe(e.id);
      expect(row.id).toBe(e.id);
      expect(row.currentPrice).toBe(e.currentPrice ?? null);
    }
    const systems = (await t.call('/energies/production-system/')).body as {
      pk: number;
      identifier: string;
      energy: number;
      label: string;
    }[];
    for (const s of fixture.productionSystems) {
      const row = systems.find((r) => r.identifier === s.identifier)!;
      expect(row.pk, s.identifier).toBe(s.id);
      expect(row.energy, s.identifier).toBe(s.energyId);
      expect(row.label).toBe(s.label);
    }
    const consumptions = (await t.call('/energies/building-heating-consumption/')).body as {
      pk: number;
      criterion: string;
    }[];
    expect(consumptions.map((c) => c.pk)).toEqual(fixture.buildingHeatingConsumptions!.map((c) => c.id));
    const search = await t.call('/energies/production-system/?q=condensation');
    expect(search.body.map((s: { identifier: string }) => s.identifier).sort()).toEqual([
      'gaz_boiler_condensing',
      'oil_boiler_condensing',
      'propane_boiler_condensing',
    ]);
  });

  it('answers the incremental store list: every pk, then only what changed after the marker', async () => {
    const first = await t.call('/energies/production-system/', { headers: { 'limit-to-objects-after': '' } });
    expect(first.body.all).toHaveLength(fixture.productionSystems.length);
    expect(first.body.collection).toHaveLength(fixture.productionSystems.length);
    const marker = String(first.body.lastUpdatedAt);
    const second = await t.call('/energies/production-system/', { headers: { 'limit-to-objects-after': marker } });
    expect(second.body.all).toEqual(first.body.all);
    expect(second.body.collection).toEqual([]);
  });

  it('serves the whole reference data in the engine shape, energies named by identifier', async () => {
    const res = await t.call('/energies/reference-data/');
    expect(res.status).toBe(200);
    expect(res.body.productionSystems.map((s: { id: number }) => s.id)).toEqual(
      fixture.productionSystems.map((s) => s.id),
    );
    const heatPump = res.body.productionSystems.find(
      (s: { identifier: string }) => s.identifier === 'heat_pump_air_water',
    );
    const expected = fixture.productionSystems.find((s) => s.identifier === 'heat_pump_air_water')!;
    expect(heatPump).toEqual(expected);
    expect(res.body.energies).toEqual(fixture.energies);
    expect(res.body.yearlyEnergyPrices).toHaveLength(fixture.yearlyEnergyPrices.length);
    // Vectors come in display order (order, then id), as the list endpoint gives them.
    const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
    expect([...res.body.energyVectors].sort(byId)).toEqual([...fixture.energyVectors!].sort(byId));
    expect(res.body.energyVectors.map((v: { order: number }) => v.order)).toEqual(
      [...res.body.energyVectors.map((v: { order: number }) => v.order)].sort((a, b) => a - b),
    );
    expect(res.body.carbonTaxes).toEqual(fixture.carbonTaxes);
  });

  it('refuses writes to anonymous visitors and has no delete', async () => {
    const anonymous = await t.call('/energies/energy/5/', { method: 'PATCH', body: { priceVariation: 0.5 } });
    expect(anonymous.status).toBe(401);
    expect(
      (
        await t.call('/energies/production-system/', {
          method: 'POST',
          body: { identifier: 'x', label: 'X', energy: 1 },
        })
      ).status,
    ).toBe(401);
    expect((await t.call('/energies/energy/5/', { method: 'DELETE' })).status).toBe(404);
  });

  it('reseeds nothing when the data is there, and puts back a missing row with its own id', async () => {
    expect(await seedReferenceData(t.app)).toBe(0);
    await t.app.database.db
      .deleteFrom('energies_energy_vector' as never)
      .where('pk' as never, '=', 7 as never)
      .execute();
    expect(await seedReferenceData(t.app)).toBe(1);
    const vector = await t.call('/energies/energy-vector/7/');
    expect(vector.body).toMatchObject({ pk: 7, vector: 'propane_kwh', energy: 4 });
  });
});

describe.each(DIALECTS)('simulators reference data written by an administrator on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  appOn(dialect, (app) => {
    t = app;
  });
  beforeAll(async () => {
    admin = await t.login('admin@demo.fr');
  });

  it('a manager or an advisor may read but not write', async () => {
    for (const email of ['conseiller@demo.fr', 'manager@demo.fr', 'superconseiller@demo.fr']) {
      const token = await t.login(email);
      expect((await t.call('/energies/energy/', { token })).status).toBe(200);
      const res = await t.call('/energies/yearly-energy-price/1/', { method: 'PATCH', token, body: { price: 1 } });
      expect(res.status, email).toBe(403);
      expect(res.body.message).toBe("Vous n'avez pas la permission d'effectuer cette opération.");
    }
  });

  it('a corrected yearly price changes the current price and the next computation at once', async () => {
    const before = await t.call('/thermix/compute_results', { method: 'POST', body: gasBoilerRequest });
    expect(before.body.solutionsResults[0].systemsResults[0].energyPrice).toBe(7.04);
    const prices = (await t.call('/energies/yearly-energy-price/?energy=3&year=2019', { token: admin })).body as {
      pk: number;
      price: number;
    }[];
    expect(prices).toHaveLength(1);
    const patched = await t.call(`/energies/yearly-energy-price/${prices[0].pk}/`, {
      method: 'PATCH',
      token: admin,
      body: { price: prices[0].price + 3 },
    });
    expect(patched.status).toBe(200);
    // the mean of the last three prices rises by 1 c€
    const gas = (await t.call('/energies/energy/?identifier=gaz_b1')).body[0];
    expect(gas.currentPrice).toBe(8.04);
    expect(gas.currentPriceMultiUnit).toBe(6.83);
    const after = await t.call('/thermix/compute_results', { method: 'POST', body: gasBoilerRequest });
    expect(after.body.solutionsResults[0].systemsResults[0].energyPrice).toBe(8.04);
    expect(after.body.solutionsResults[0].periodTotalCost).toBeGreaterThan(
      before.body.solutionsResults[0].periodTotalCost,
    );
    const settings = await t.call('/thermix/settings/');
    expect(settings.body.energyPrices.gaz_b1).toMatchObject({ price: 8.04, priceMultiUnit: 6.83, source: 'reference' });
  });

  it(
    'new rows continue after the file ids (sequences reset), ' + 'and a second price for the same year is refused',
    async () => {
      const price = await t.call('/energies/yearly-energy-price/', {
        method: 'POST',
        token: admin,
        body: { energy: 5, year: 2020, price: 17.5 },
      });
      expect(price.status).toBe(201);
      expect(price.body.pk).toBe(fixture.yearlyEnergyPrices.length + 1);
      const twice = await t.call('/energies/yearly-energy-price/', {
        method: 'POST',
        token: admin,
        body: { energy: 5, year: 2020, price: 18 },
      });
      expect(twice.status).toBe(400);
      expect(twice.body.errors).toEqual([
        {
          path: 'year',
          code: 'unique',
          params: {},
          message:
            "Un prix existe déjà pour cette énergie et cette année : modifiez-le plutôt que d'en ajouter un second.",
        },
      ]);
      const moved = await t.call(`/energies/yearly-energy-price/${price.body.pk}/`, {
        method: 'PATCH',
        token: admin,
        body: { year: 2019 },
      });
      expect(moved.status).toBe(400);
      const system = await t.call('/energies/production-system/', {
        method: 'POST',
        token: admin,
        body: {
          identifier: 'test_boiler',
          label: 'Chaudière d’essai',
          energy: 3,
          isHeating: true,
          isIndividual: true,
          efficiencyHeating: 0.9,
        },
      });
      expect(system.status).toBe(201);
      expect(system.body.pk).toBe(fixture.productionSystems.length + 1);
      // the new system is usable by id at once
      const computed = await t.call('/thermix/compute_results', {
        method: 'POST',
        body: { ...gasBoilerRequest, solutions: [{ heatingSystems: [{ productionSystem: system.body.pk }] }] },
      });
      expect(computed.status).toBe(200);
      expect(computed.body.solutionsResults[0].systemsResults[0]).toMatchObject({
        identifier: 'test_boiler',
        label: 'Chaudière d’essai',
        efficiency: 0.9,
      });
      const invalid = await t.call('/energies/production-system/', {
        method: 'POST',
        token: admin,
        body: { identifier: 'Pas un code', label: 'X', energy: 99 },
      });
      expect(invalid.status).toBe(400);
      expect(invalid.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['energy', 'identifier']);
    },
  );
});
