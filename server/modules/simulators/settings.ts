import { Router } from 'express';
import { getEntity } from '../../../engine/schema/registry';
import { roundDecimalHalfEven, toReferenceDecimal } from '../../../engine/simulators/shared/decimal';
import { HttpError } from '../../http/http-error';
import { asyncHandler } from '../../http/async-handler';
import { message, type RequestContext } from '../../context';
import type { ApiRecord } from '../../db/row-mapper';
import { find } from '../../operations/find';
import { create, update } from '../../operations/write';
import { getReferenceData } from './reference-store';
import { assertSimulatorEnabled } from './module-gate';

/** The settings a user may keep (thermix-settings), in the order of spec 02 §3. */
const SETTING_FIELDS = [
  'year',
  'thermalSolarProdByM2',
  'thermalSolarMaxProdRatioHeating',
  'thermalSolarMaxProdRatioHotWater',
  'hotWaterNeedsByPerson',
  'hotWaterAndHeatingConsumptionRatio',
  'customCarbonTax',
] as const;

/** Spec 02 §9: multi-unit projects start with 15 dwellings. */
const DEFAULT_DWELLINGS_NUMBER = 15;

export interface EnergyPrice {
  /** c€/kWh; null when neither the structure nor the reference has a price. */
  price: number | null;
  priceMultiUnit: number | null;
  priceVariation: number;
  source: 'group' | 'reference';
}

export interface EffectiveThermixSettings {
  /** pk of the caller's own settings record; null while they use the defaults. */
  pk: number | null;
  user: number | null;
  advisor: number | null;
  year: number;
  thermalSolarProdByM2: number;
  thermalSolarMaxProdRatioHeating: number;
  thermalSolarMaxProdRatioHotWater: number;
  hotWaterNeedsByPerson: number;
  hotWaterAndHeatingConsumptionRatio: number;
  customCarbonTax: { year: number; amount: number };
  /** Structure pk → energy identifier → the structure's own values (spec 02 §3). */
  userEnergyPrices: Record<string, Record<string, { price: number | null; priceVariation: number | null }>>;
  /** Energy identifier → the price the screen should propose to this caller. */
  energyPrices: Record<string, EnergyPrice>;
  group: number | null;
  defaultDwellingsNumber: number;
}

function schemaDefaults(ctx: RequestContext): Record<string, unknown> {
  const properties = getEntity(ctx.app.registry, 'thermix-settings').schema.properties;
  return Object.fromEntries(SETTING_FIELDS.map((f) => [f, structuredClone(properties[f]?.default ?? null)]));
}

async function ownSettings(ctx: RequestContext): Promise<ApiRecord | null> {
  if (ctx.user.anonymous || ctx.user.pk === null) return null;
  const { records } = await find(ctx, 'thermix-settings', { filters: { user: String(ctx.user.pk) } });
  return records[0] ?? null;
}

/** The caller's structure's prices: staff only (the rights say so too). */
async function groupPrices(ctx: RequestContext): Promise<ApiRecord[]> {
  if (ctx.user.group === null || !ctx.user.roles.includes('staff')) return [];
  const { records } = await find(ctx, 'group-energy-price', { filters: { group: String(ctx.user.group) } });
  return records;
}

const round2 = (value: number) => roundDecimalHalfEven(toReferenceDecimal(value), 2);

/**
 * Defaults (spec 02 §9) ⊕ the caller's own settings ⊕ their structure's energy prices, over the
 * reference current prices. Anonymous callers get the defaults and the reference prices.
 */
export async function effectiveThermixSettings(ctx: RequestContext): Promise<EffectiveThermixSettings> {
  const own = await ownSettings(ctx);
  const prices = await groupPrices(ctx);
  const data = await getReferenceData(ctx.app);
  const values: Record<string, unknown> = schemaDefaults(ctx);
  for (const f of SETTING_FIELDS) if (own && own[f] !== null && own[f] !== undefined) values[f] = own[f];
  const energyById = new Map(data.energies.map((e) => [e.id, e]));
  const userEnergyPrices: EffectiveThermixSettings['userEnergyPrices'] = {};
  const byIdentifier = new Map<string, ApiRecord>();
  for (const p of prices) {
    const energy = energyById.get(p.energy as number);
    if (!energy) continue;
    (userEnergyPrices[String(p.group)] ??= {})[energy.identifier] = {
      price: (p.price as number | null) ?? null,
      priceVariation: (p.priceVariation as number | null) ?? null,
    };
    byIdentifier.set(energy.identifier, p);
  }
  const energyPrices: Record<string, EnergyPrice> = {};
  for (const energy of data.energies) {
    const override = byIdentifier.get(energy.identifier);
    const groupPrice = typeof override?.price === 'number' ? override.price : null;
    const groupVariation = typeof override?.priceVariation === 'number' ? override.priceVariation : null;
    energyPrices[energy.identifier] = {
      price: groupPrice ?? energy.currentPrice ?? null,
      // The structure's price takes the energy's collective-housing coefficient, as the reference price does.
      priceMultiUnit:
        groupPrice !== null
          ? round2(groupPrice * energy.priceMultiUnitDiscount)
          : (energy.currentPriceMultiUnit ?? null),
      priceVariation: groupVariation ?? energy.priceVariation,
      source: groupPrice !== null || groupVariation !== null ? 'group' : 'reference',
    };
  }
  return {
    pk: (own?.pk as number | undefined) ?? null,
    user: ctx.user.anonymous ? null : ctx.user.pk,
    advisor: (own?.advisor as number | null | undefined) ?? null,
    year: (values.year as number | null) ?? new Date().getFullYear(),
    thermalSolarProdByM2: values.thermalSolarProdByM2 as number,
    thermalSolarMaxProdRatioHeating: values.thermalSolarMaxProdRatioHeating as number,
    thermalSolarMaxProdRatioHotWater: values.thermalSolarMaxProdRatioHotWater as number,
    hotWaterNeedsByPerson: values.hotWaterNeedsByPerson as number,
    hotWaterAndHeatingConsumptionRatio: values.hotWaterAndHeatingConsumptionRatio as number,
    customCarbonTax: values.customCarbonTax as { year: number; amount: number },
    userEnergyPrices,
    energyPrices,
    group: ctx.user.group,
    defaultDwellingsNumber: DEFAULT_DWELLINGS_NUMBER,
  };
}

/** PUT: the caller's own settings, created on first save; the owner is always the caller. */
async function saveOwnSettings(ctx: RequestContext, body: unknown): Promise<void> {
  if (ctx.user.anonymous || ctx.user.pk === null)
    throw new HttpError(401, 'not_authenticated', message(ctx.app, 'simulators.settings_sign_in'));
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new HttpError(400, 'invalid_json', message(ctx.app, 'simulators.body_object'));
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body))
    if (key !== 'pk' && key !== 'user' && key !== 'id') input[key] = value;
  const own = await ownSettings(ctx);
  if (own) await update(ctx, 'thermix-settings', own.pk, input);
  else await create(ctx, 'thermix-settings', { ...input, user: ctx.user.pk });
}

/**
 * GET /api/v1/thermix/settings/: the caller's effective settings for the thermix screen.
 * PUT /api/v1/thermix/settings/: saves the caller's own settings and answers the effective ones.
 */
export function thermixSettingsRouter(): Router {
  const router = Router();
  const path = '/api/v1/thermix/settings/';
  router.get(
    path,
    asyncHandler(async (req, res) => {
      assertSimulatorEnabled(req.ctx, 'thermix');
      res.json(await effectiveThermixSettings(req.ctx));
    }),
  );
  router.put(
    path,
    asyncHandler(async (req, res) => {
      assertSimulatorEnabled(req.ctx, 'thermix');
      await saveOwnSettings(req.ctx, req.body);
      res.json(await effectiveThermixSettings(req.ctx));
    }),
  );
  return router;
}
