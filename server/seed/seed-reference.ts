import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Kysely } from 'kysely';
import type { AppContext, RequestContext } from '../context';
import type { AppDatabase } from '../db/tables';
import type { ReferenceData } from '../../engine/simulators/reference/types';
import { applyOverlay } from '../../engine/schema/apply-overlay';
import { getEntity } from '../../engine/schema/registry';
import { validateRecord } from '../../engine/validation/validate-record';
import { nowIso } from '../db/column-types';
import { recordToRow } from '../db/row-mapper';
import { searchColumnValues } from '../operations/search-text';
import { resetSequences } from './insert-record';
import { systemContext } from './system-context';
import { insertDirectoryReference } from './seed-directory';

export const REFERENCE_DATA_FILE = resolve(
  import.meta.dirname,
  '../../fixtures/reference/energies-reference-data.json',
);

/** The data file as the engine types it (ids are the reference backend's primary keys). */
export function readReferenceFixture(file = REFERENCE_DATA_FILE): ReferenceData {
  return JSON.parse(readFileSync(file, 'utf8')) as ReferenceData;
}

type Db = Kysely<AppDatabase>;

async function existingPks(db: Db, table: string): Promise<Set<number>> {
  const rows = (await db
    .selectFrom(table as never)
    .select('pk' as never)
    .execute()) as { pk: number }[];
  return new Set(rows.map((r) => Number(r.pk)));
}

async function existingValues(db: Db, table: string, column: string): Promise<Set<string>> {
  const rows = (await db
    .selectFrom(table as never)
    .select(column as never)
    .execute()) as Record<string, unknown>[];
  return new Set(rows.map((r) => String(r[column])));
}

async function energyPks(db: Db): Promise<Map<string, number>> {
  const rows = (await db
    .selectFrom('energies_energy' as never)
    .select(['pk', 'identifier'] as never)
    .execute()) as { pk: number; identifier: string }[];
  return new Map(rows.map((r) => [r.identifier, Number(r.pk)]));
}

function energyPk(pks: Map<string, number>, identifier: string): number {
  const pk = pks.get(identifier);
  if (pk === undefined) throw new Error(`reference data: energy ${identifier} is missing`);
  return pk;
}

/**
 * Inserts the rows of the data file that the database does not have yet, keeping the file's ids,
 * so that ids in saved simulations and in API calls mean the same system everywhere. Rows already
 * present are left alone: an administrator's correction survives restarts. Rows without an id in
 * the file (yearly prices, carbon taxes) are matched by their natural key (energy and year, year).
 */
/**
 * Inserts fixture records with their given pks through the entity's defaults and validation (a broken
 * data file fails loudly), in batches: one statement per 200 rows instead of two queries per row, as
 * insertFixture does, which keeps a test server's start short on PostgreSQL. Relations are resolved
 * by the caller from the rows it has just read.
 */
async function insertBatch(
  ctx: RequestContext,
  entityName: string,
  records: Record<string, unknown>[],
): Promise<number> {
  if (records.length === 0) return 0;
  const entity = getEntity(ctx.app.registry, entityName);
  const effective = applyOverlay(entity, []);
  const props = entity.columns.filter((c) => c.property !== '$extra' && !c.primaryKey).map((c) => c.property);
  const now = nowIso();
  const rows = records.map((data) => {
    const record: Record<string, unknown> = {};
    for (const [name, p] of Object.entries(effective.schema.properties))
      if (p.default !== undefined) record[name] = structuredClone(p.default);
    Object.assign(record, data, { createdAt: now, updatedAt: now });
    const errors = validateRecord({
      entity: effective,
      record,
      ctx: { user: ctx.user, whiteLabel: ctx.whiteLabel },
      catalogue: ctx.app.catalogue,
      cacheKey: `seed|${entityName}`,
    });
    if (errors.length)
      throw new Error(
        `reference data ${entityName} ${JSON.stringify(data.pk ?? data)}: ` +
          errors.map((e) => `${e.path}: ${e.message}`).join('; '),
      );
    const row = { ...recordToRow(entity, record, props), ...searchColumnValues(entity, record) };
    if (typeof data.pk === 'number') row.pk = data.pk;
    return row;
  });
  const table = entity.schema['x-entity'].table;
  for (let start = 0; start < rows.length; start += 200) {
    await ctx.app.database.db
      .insertInto(table as never)
      .values(rows.slice(start, start + 200) as never)
      .execute();
  }
  return rows.length;
}

/**
 * Inserts the rows of the data file that the database does not have yet, keeping the file's ids,
 * so that ids in saved simulations and in API calls mean the same system everywhere. Rows already
 * present are left alone: an administrator's correction survives restarts. Rows without an id in
 * the file (yearly prices, carbon taxes) are matched by their natural key (energy and year, year).
 */
async function insertMissing(ctx: RequestContext, data: ReferenceData): Promise<number> {
  const db = ctx.app.database.db;
  let inserted = 0;
  const add = async (entity: string, records: Record<string, unknown>[]) => {
    inserted += await insertBatch(ctx, entity, records);
  };

  // A row is missing when neither its id nor its code is taken (a row an administrator created
  // with that id or code keeps it; the file's row is then skipped rather than breaking the start).
  let pks = await existingPks(db, 'energies_energy');
  let codes = await existingValues(db, 'energies_energy', 'identifier');
  await add(
    'energy',
    data.energies
      .filter((e) => !pks.has(e.id) && !codes.has(e.identifier))
      .map((e) => ({
        pk: e.id,
        identifier: e.identifier,
        label: e.label,
        primaryEnergyRatio: e.primaryEnergyRatio,
        ghgRatio: e.ghgRatio,
        carbonTax: e.carbonTax,
        pciRatio: e.pciRatio,
        densityRatio: e.densityRatio,
        combustibleCategory: e.combustibleCategory,
        priceVariation: e.priceVariation,
        priceMultiUnitDiscount: e.priceMultiUnitDiscount,
        currentPrice: e.currentPrice ?? null,
        currentPriceMultiUnit: e.currentPriceMultiUnit ?? null,
      })),
  );
  const energies = await energyPks(db);

  pks = await existingPks(db, 'energies_production_system');
  codes = await existingValues(db, 'energies_production_system', 'identifier');
  await add(
    'production-system',
    data.productionSystems
      .filter((s) => !pks.has(s.id) && !codes.has(s.identifier))
      .map((s) => {
        // isHeatPump and isThermalSolar are derived from the calculation's identifier lists: not stored.
        const { id, energy, energyId: _energyId, isHeatPump: _heatPump, isThermalSolar: _solar, ...fields } = s;
        return { ...fields, pk: id, energy: energyPk(energies, energy) };
      }),
  );

  pks = await existingPks(db, 'energies_secondary_efficiency');
  await add(
    'secondary-efficiency',
    data.secondaryEfficiencies
      .filter((s) => !pks.has(s.id))
      .map((s) => ({
        pk: s.id,
        isHeating: s.isHeating,
        isMultiUnit: s.isMultiUnit,
        isHydro: s.isHydro,
        ratio: s.ratio,
      })),
  );

  pks = await existingPks(db, 'energies_building_heating_consumption');
  codes = await existingValues(db, 'energies_building_heating_consumption', 'criterion');
  await add(
    'building-heating-consumption',
    (data.buildingHeatingConsumptions ?? [])
      .filter((c) => !pks.has(c.id) && !codes.has(c.criterion))
      .map((c) => ({
        pk: c.id,
        criterion: c.criterion,
        label: c.label,
        heatingConsumption: c.heatingConsumption,
        comment: c.comment,
        order: c.order,
      })),
  );

  pks = await existingPks(db, 'energies_energy_vector');
  await add(
    'energy-vector',
    (data.energyVectors ?? [])
      .filter((v) => !pks.has(v.id))
      .map((v) => ({
        pk: v.id,
        vector: v.vector,
        label: v.label,
        buyingUnit: v.buyingUnit,
        pci: v.pci,
        unit: v.unit,
        energy: energyPk(energies, v.energy),
        order: v.order,
      })),
  );

  const prices = (await db
    .selectFrom('energies_yearly_energy_price' as never)
    .select(['energy', 'year'] as never)
    .execute()) as { energy: number; year: number }[];
  const priceKeys = new Set(prices.map((p) => `${p.energy}:${p.year}`));
  await add(
    'yearly-energy-price',
    data.yearlyEnergyPrices
      .map((p) => ({ energy: energyPk(energies, p.energy), year: p.year, price: p.price }))
      .filter((p) => !priceKeys.has(`${p.energy}:${p.year}`)),
  );

  const taxYears = await existingValues(db, 'energies_carbon_tax', 'year');
  await add(
    'carbon-tax',
    (data.carbonTaxes ?? [])
      .filter((t) => !taxYears.has(String(t.year)))
      .map((t) => ({ year: t.year, amount: t.amount })),
  );
  // The directory's search tree, jobs and key words (fixtures/reference/directory-reference-data.json).
  await insertDirectoryReference(db, (table) => existingPks(db, table), add);
  return inserted;
}

/**
 * Loads the simulators' reference data (fixtures/reference/energies-reference-data.json) into an
 * empty or partial database, at every start: production needs it as much as the demo. Returns the
 * number of rows inserted (0 once the database holds them all).
 */
export async function seedReferenceData(
  app: AppContext,
  data: ReferenceData = readReferenceFixture(),
): Promise<number> {
  const ctx = systemContext(app);
  const run = () =>
    app.database.db.transaction().execute(async (trx) => {
      const tctx: RequestContext = { ...ctx, app: { ...app, database: { ...app.database, db: trx } } };
      const inserted = await insertMissing(tctx, data);
      // PostgreSQL sequences must continue after the explicit ids (an administrator's new row gets 33, not 1).
      if (inserted > 0) await resetSequences(tctx);
      return inserted;
    });
  try {
    return await run();
  } catch (e) {
    // Two processes starting on an empty database: the one that lost the race finds the rows
    // inserted by the other one (and inserts nothing) on its second try.
    app.logger.warn({ err: e }, 'reference data seeding retried');
    return run();
  }
}
