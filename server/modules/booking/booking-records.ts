import { sql, type Kysely } from 'kysely';
import type { EntityRuntime } from '../../../engine/schema/registry';
import type { AppContext } from '../../context';
import type { AppDatabase } from '../../db/tables';
import { columnOf, rowToRecord, type ApiRecord } from '../../db/row-mapper';
import { cachedByTables } from '../../db/cached-by-tables';

/** The booking entities this module reads and writes, by their schema names. */
export type BookingEntity =
  'slot' | 'appointment' | 'place' | 'reason' | 'catchment-area' | 'advisor-downtime' | 'user' | 'group';

export function entityNamed(app: AppContext, name: BookingEntity): EntityRuntime {
  const entity = app.registry.entities.get(name);
  if (!entity) throw new Error(`entity ${name} is not declared`);
  return entity;
}

export function tableOf(app: AppContext, name: BookingEntity): string {
  return entityNamed(app, name).schema['x-entity'].table;
}

export function col(app: AppContext, name: BookingEntity, property: string): string {
  return columnOf(entityNamed(app, name), property);
}

export type Condition = { property: string; op: '=' | '!=' | '<' | '<=' | '>' | '>=' | 'in'; value: unknown };

/**
 * Records of a booking entity (camelCase API records, JSON parsed) matching every condition, read
 * with the given handle — inside a booking transaction, its own handle, so that the re-check sees
 * what the locks protect.
 */
export async function loadRecords(
  app: AppContext,
  db: Kysely<AppDatabase>,
  name: BookingEntity,
  conditions: Condition[] = [],
): Promise<ApiRecord[]> {
  const entity = entityNamed(app, name);
  const table = entity.schema['x-entity'].table;
  // Every availability search reads all the catchment areas, reasons and places: kept while their
  // table is unchanged (never inside a booking's transaction).
  if (!conditions.length)
    return cachedByTables(db, `booking-records:${table}`, [table], () => readRecords(entity, db, conditions));
  return readRecords(entity, db, conditions);
}

/** What every availability search reads whole: the catchment areas, the reasons and the places. */
export interface BookingReference {
  areas: ApiRecord[];
  reasons: ApiRecord[];
  places: ApiRecord[];
}

/** The three tables kept together: one check of their markers per search instead of three. */
export function bookingReference(app: AppContext, db: Kysely<AppDatabase>): Promise<BookingReference> {
  const [areas, reasons, places] = (['catchment-area', 'reason', 'place'] as const).map((n) => entityNamed(app, n));
  const tables = [areas, reasons, places].map((e) => e.schema['x-entity'].table);
  return cachedByTables(db, 'booking-reference', tables, async () => ({
    areas: await readRecords(areas, db, []),
    reasons: await readRecords(reasons, db, []),
    places: await readRecords(places, db, []),
  }));
}

async function readRecords(
  entity: EntityRuntime,
  db: Kysely<AppDatabase>,
  conditions: Condition[],
): Promise<ApiRecord[]> {
  let query = db.selectFrom(entity.schema['x-entity'].table as never).selectAll();
  for (const c of conditions) {
    const ref = sql.ref(columnOf(entity, c.property));
    if (c.op === 'in') {
      const values = c.value as unknown[];
      if (!values.length) return [];
      query = query.where(ref, 'in', values as never);
    } else query = query.where(ref, c.op, c.value as never);
  }
  const rows = (await query.execute()) as Record<string, unknown>[];
  return rows.map((r) => rowToRecord(entity, r));
}

export async function loadRecord(
  app: AppContext,
  db: Kysely<AppDatabase>,
  name: BookingEntity,
  pk: number,
): Promise<ApiRecord | null> {
  return (await loadRecords(app, db, name, [{ property: 'pk', op: '=', value: pk }]))[0] ?? null;
}

export const asNumber = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export const asNumbers = (v: unknown): number[] =>
  Array.isArray(v) ? v.map((x) => (typeof x === 'object' && x ? (x as { pk?: unknown }).pk : x)).filter(isInt) : [];

function isInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v);
}

export const asText = (v: unknown): string => (typeof v === 'string' ? v : '');

export function fullName(user: ApiRecord | null | undefined): string {
  if (!user) return '';
  return [asText(user.firstName), asText(user.lastName)].filter(Boolean).join(' ') || asText(user.email);
}
