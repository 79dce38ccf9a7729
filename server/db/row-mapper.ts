import type { EntityRuntime } from '../../engine/schema/registry';
import type { EffectiveEntity } from '../../engine/schema/apply-overlay';
import { EXTRA_COLUMN } from '../../engine/schema/columns';

export type Row = Record<string, unknown>;
export type ApiRecord = Record<string, unknown>;

/** A JSON column's value (text on SQLite, parsed already on PostgreSQL); unreadable → null. */
export function parseJson(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return null;
  }
}

/**
 * Stored row → API record (camelCase, booleans, parsed JSON, extra fields, `id` alias of pk).
 * Write-only secrets (passwords, API keys) are left out unless the server itself needs them
 * (`withSecrets`, e.g. to send through an SMTP account): no answer ever carries them.
 */
export function rowToRecord(
  entity: EntityRuntime,
  row: Row,
  effective?: EffectiveEntity,
  options: { withSecrets?: boolean } = {},
): ApiRecord {
  const out: ApiRecord = {};
  for (const c of entity.columns) {
    if (c.column === EXTRA_COLUMN && c.property === '$extra') continue;
    const prop = entity.schema.properties[c.property];
    if (prop?.['x-storage']?.private) continue;
    if (prop?.writeOnly && !options.withSecrets) continue;
    const v = row[c.column];
    if (v === undefined) continue;
    if (c.kind === 'boolean') out[c.property] = v === null ? null : Boolean(v);
    else if (c.kind === 'json') out[c.property] = parseJson(v);
    else out[c.property] = v;
  }
  if (effective) {
    if (effective.extraFields.size) {
      const extra = (parseJson(row[EXTRA_COLUMN]) ?? {}) as Record<string, unknown>;
      for (const f of effective.extraFields) out[f] = extra[f] ?? effective.schema.properties[f].default ?? null;
    }
    for (const f of effective.hidden) delete out[f];
    // The reference's `customFormData`: every answer of the record's custom forms, whatever its scope.
    if (entity.schema['x-entity'].customForms) out.customFormData = parseJson(row[EXTRA_COLUMN]) ?? {};
  }
  if (out.pk !== undefined) out.id = out.pk;
  return out;
}

/** API record → row values for the given properties (extra fields go to the JSON column). */
export function recordToRow(
  entity: EntityRuntime,
  record: ApiRecord,
  properties: string[],
  effective?: EffectiveEntity,
  previousExtra?: unknown,
): Row {
  const row: Row = {};
  for (const p of properties) {
    const c = entity.columnByProperty.get(p);
    if (!c || c.primaryKey) continue;
    const v = record[p];
    if (v === undefined) continue;
    if (c.kind === 'boolean') row[c.column] = v === null ? null : v ? 1 : 0;
    else if (c.kind === 'json') row[c.column] = v === null ? null : JSON.stringify(v);
    else row[c.column] = v;
  }
  if (effective?.extraFields.size && entity.columnByProperty.has('$extra')) {
    const extra = { ...((parseJson(previousExtra) ?? {}) as Record<string, unknown>) };
    for (const f of effective.extraFields) if (record[f] !== undefined) extra[f] = record[f];
    row[EXTRA_COLUMN] = JSON.stringify(extra);
  }
  return row;
}

export function columnOf(entity: EntityRuntime, property: string): string {
  const c = entity.columnByProperty.get(property);
  if (!c) throw new Error(`${entity.name}.${property} is not a stored property`);
  return c.column;
}
