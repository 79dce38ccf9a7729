import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';

describe.each(DIALECTS)('thermix settings and structure energy prices on %s', (dialect) => {
  let t: TestApp;
  appOn(dialect, (app) => {
    t = app;
  });

  it('gives anonymous visitors the defaults of spec 02 §9 and the reference current prices', async () => {
    const res = await t.call('/thermix/settings/');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      pk: null,
      user: null,
      year: new Date().getFullYear(),
      thermalSolarProdByM2: 450,
      thermalSolarMaxProdRatioHeating: 0.6,
      thermalSolarMaxProdRatioHotWater: 0.7,
      hotWaterNeedsByPerson: 650,
      hotWaterAndHeatingConsumptionRatio: 0.9,
      customCarbonTax: { year: 2030, amount: 100 },
      userEnergyPrices: {},
      defaultDwellingsNumber: 15,
    });
    expect(res.body.energyPrices.gaz_b1).toEqual({
      price: 7.04,
      priceMultiUnit: 5.98,
      priceVariation: 0.0271,
      source: 'reference',
    });
    expect(res.body.energyPrices.thermal_solar).toEqual({
      price: null,
      priceMultiUnit: null,
      priceVariation: 0,
      source: 'reference',
    });
    expect(Object.keys(res.body.energyPrices)).toHaveLength(11);
  });

  it("saves a user's own settings on PUT (owner forced to the caller) and reads them back", async () => {
    const client = await t.login('client@demo.fr');
    const anonymous = await t.call('/thermix/settings/', { method: 'PUT', body: { thermalSolarProdByM2: 500 } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe('Connectez-vous pour enregistrer vos paramètres du simulateur.');
    const saved = await t.call('/thermix/settings/', {
      method: 'PUT',
      token: client,
      body: { thermalSolarProdByM2: 500, year: 2027, user: 1, customCarbonTax: { year: 2035, amount: 150 } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.pk).toEqual(expect.any(Number));
    expect(saved.body).toMatchObject({
      thermalSolarProdByM2: 500,
      year: 2027,
      hotWaterNeedsByPerson: 650,
      customCarbonTax: { year: 2035, amount: 150 },
    });
    const me = await t.call('/accounts/profile/', { token: client });
    expect(saved.body.user).toBe(me.body.user.pk);
    const again = await t.call('/thermix/settings/', {
      method: 'PUT',
      token: client,
      body: { hotWaterNeedsByPerson: 700 },
    });
    expect(again.body).toMatchObject({ pk: saved.body.pk, thermalSolarProdByM2: 500, hotWaterNeedsByPerson: 700 });
    expect((await t.call('/thermix/settings/', { token: client })).body).toMatchObject({
      pk: saved.body.pk,
      hotWaterNeedsByPerson: 700,
    });
    // nobody else sees them
    expect((await t.call('/thermix/settings/', { token: await t.login('conseiller@demo.fr') })).body.pk).toBeNull();
    const others = await t.call('/thermix/user-settings/', { token: await t.login('conseiller@demo.fr') });
    expect(others.body).toEqual([]);
    expect(
      (await t.call(`/thermix/user-settings/${saved.body.pk}/`, { token: await t.login('pro@demo.fr') })).status,
    ).toBe(403);
    expect((await t.call('/thermix/user-settings/', { token: await t.login('admin@demo.fr') })).body).toHaveLength(1);
  });

  it('refuses settings out of bounds with French field messages', async () => {
    const client = await t.login('client@demo.fr');
    const res = await t.call('/thermix/settings/', {
      method: 'PUT',
      token: client,
      body: { thermalSolarMaxProdRatioHeating: 1.5, customCarbonTax: { year: 2030 } },
    });
    expect(res.status).toBe(400);
    const byPath = Object.fromEntries(
      (res.body.errors as { path: string; message: string }[]).map((e) => [e.path, e.message]),
    );
    expect(byPath.thermalSolarMaxProdRatioHeating).toBe('Ce champ doit être inférieur ou égal à 1.');
    // The generic validation reports nested errors on the top-level field.
    expect(byPath.customCarbonTax).toBe('Ce champ est obligatoire.');
  });

  it("lets a super-advisor set the structure's prices, which its staff then get", async () => {
    const superadvisor = await t.login('superconseiller@demo.fr');
    const advisor = await t.login('conseiller@demo.fr');
    const neighbour = await t.login('conseiller.voisin@demo.fr');
    const created = await t.call('/thermix/group-energy-price/', {
      method: 'POST',
      token: superadvisor,
      body: { group: 2, energy: 3, price: 9.5 },
    });
    expect(created.status).toBe(201);
    const variation = await t.call('/thermix/group-energy-price/', {
      method: 'POST',
      token: superadvisor,
      body: { group: 2, energy: 5, priceVariation: 0.05 },
    });
    expect(variation.status).toBe(201);

    const settings = await t.call('/thermix/settings/', { token: advisor });
    expect(settings.body.group).toBe(2);
    expect(settings.body.userEnergyPrices).toEqual({
      2: { gaz_b1: { price: 9.5, priceVariation: null }, electricity: { price: null, priceVariation: 0.05 } },
    });
    expect(settings.body.energyPrices.gaz_b1).toEqual({
      price: 9.5,
      priceMultiUnit: 8.08,
      priceVariation: 0.0271,
      source: 'group',
    });
    expect(settings.body.energyPrices.electricity).toEqual({
      price: 15.98,
      priceMultiUnit: 13.58,
      priceVariation: 0.05,
      source: 'group',
    });
    expect(settings.body.energyPrices.oil.source).toBe('reference');

    // another structure's advisor keeps the reference prices and does not see group 2's
    const theirs = await t.call('/thermix/settings/', { token: neighbour });
    expect(theirs.body.userEnergyPrices).toEqual({});
    expect(theirs.body.energyPrices.gaz_b1.price).toBe(7.04);
    expect((await t.call('/thermix/group-energy-price/', { token: neighbour })).body).toEqual([]);
    // a client gets the reference prices
    expect(
      (await t.call('/thermix/settings/', { token: await t.login('client@demo.fr') })).body.energyPrices.gaz_b1.source,
    ).toBe('reference');
  });

  it('only super-advisors of the structure and administrators write its prices; one price per energy', async () => {
    const advisor = await t.login('conseiller@demo.fr');
    const superadvisor = await t.login('superconseiller@demo.fr');
    expect(
      (
        await t.call('/thermix/group-energy-price/', {
          method: 'POST',
          token: advisor,
          body: { group: 2, energy: 1, price: 9 },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.call('/thermix/group-energy-price/', {
          method: 'POST',
          token: superadvisor,
          body: { group: 3, energy: 1, price: 9 },
        })
      ).status,
    ).toBe(403);
    expect(
      (await t.call('/thermix/group-energy-price/', { method: 'POST', body: { group: 2, energy: 1, price: 9 } }))
        .status,
    ).toBe(401);
    const twice = await t.call('/thermix/group-energy-price/', {
      method: 'POST',
      token: superadvisor,
      body: { group: 2, energy: 3, price: 10 },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.errors[0]).toMatchObject({
      path: 'energy',
      code: 'unique',
      message: "Cette structure a déjà un prix pour cette énergie : modifiez-le plutôt que d'en ajouter un second.",
    });
    const admin = await t.login('admin@demo.fr');
    const forThree = await t.call('/thermix/group-energy-price/', {
      method: 'POST',
      token: admin,
      body: { group: 3, energy: 3, price: 8 },
    });
    expect(forThree.status).toBe(201);
    expect(
      (await t.call('/thermix/settings/', { token: await t.login('conseiller.voisin@demo.fr') })).body.energyPrices
        .gaz_b1.price,
    ).toBe(8);
  });

  it('is not served on a domain without the simulator', async () => {
    const res = await t.call('/thermix/settings/', { domain: 'annuaire.localhost' });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('module_disabled');
  });
});
