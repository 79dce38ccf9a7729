import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/tables';
import { rowToRecord, type ApiRecord } from '../../db/row-mapper';
import type { EntityHook } from '../hook-types';
import type { RequestContext } from '../../context';
import { isRecordKey } from '../../db/record-key';
import { OWNING_GROUP } from './linked-records';
import { effectiveEntity } from '../../access/effective-entity';
import { recordScopes } from '../../../engine/schema/record-scopes';
import { getEntity } from '../../../engine/schema/registry';
import { missingItems, type CustomField } from '../../../engine/file-area/incomplete-items';

const TABLE = 'fac_incomplete_model';
type Kind = 'contact' | 'organization';

/**
 * The fields the record's custom forms add (its scopes' forms on this white label, file-area
 * reference 8.6 item 1): those of the composition with its scopes that the white label's own
 * overlay does not add. In the forms' order, with whether each is mandatory.
 */
export async function customFieldsOf(ctx: RequestContext, kind: Kind, record: ApiRecord): Promise<CustomField[]> {
  const entity = getEntity(ctx.app.registry, kind);
  const scopes = recordScopes(entity.schema['x-entity'].customForms ?? null, record);
  if (!scopes.length) return [];
  const scoped = await effectiveEntity(ctx.app, kind, ctx.whiteLabel, scopes);
  if (!scoped.scopeKey) return [];
  const own = await effectiveEntity(ctx.app, kind, ctx.whiteLabel);
  const required = new Set(scoped.schema.required ?? []);
  return scoped.form.layout.sections
    .flatMap((s) => s.fields)
    .filter((f) => scoped.extraFields.has(f) && !own.extraFields.has(f) && !scoped.hidden.has(f))
    .map((name) => ({ name, schema: scoped.schema.properties[name], required: required.has(name) }));
}

/** The custom-form answers of a record (its extra JSON column, as `customFormData` gives it). */
function answersOf(record: ApiRecord): Record<string, unknown> {
  const data = record.customFormData;
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}

/** The missing items of a record (reference 8.6), its custom forms read through the app's database. */
export async function missingItemsOf(ctx: RequestContext, kind: Kind, record: ApiRecord): Promise<string[]> {
  return missingItems(kind, record, await customFieldsOf(ctx, kind, record), answersOf(record));
}

/** Writes (or removes) the one incomplete-entry record of an object; returns its missing items. */
export async function recordIncompleteEntry(
  ctx: RequestContext,
  db: Kysely<AppDatabase>,
  kind: Kind,
  record: ApiRecord,
): Promise<string[]> {
  if (!isRecordKey(record.pk)) return [];
  return writeIncompleteEntry(db, kind, record, await missingItemsOf(ctx, kind, record));
}

async function writeIncompleteEntry(
  db: Kysely<AppDatabase>,
  kind: Kind,
  record: ApiRecord,
  fields: string[],
): Promise<string[]> {
  const pk = record.pk;
  const existing = (await db
    .selectFrom(TABLE as never)
    .select('pk' as never)
    .where(kind as never, '=', pk as never)
    .executeTakeFirst()) as { pk: number } | undefined;
  const now = new Date().toISOString();
  if (!fields.length) {
    if (existing)
      await db
        .deleteFrom(TABLE as never)
        .where('pk' as never, '=', existing.pk as never)
        .execute();
    return fields;
  }
  const values = { fields: JSON.stringify(fields), owning_group: record[OWNING_GROUP], updated_at: now };
  if (existing)
    await db
      .updateTable(TABLE as never)
      .set(values as never)
      .where('pk' as never, '=', existing.pk as never)
      .execute();
  else
    await db
      .insertInto(TABLE as never)
      .values({ ...values, [kind]: pk, created_at: now } as never)
      .execute();
  return fields;
}

/** Pages of this many records at a time in a full recompute (memory stays flat at any size). */
const BATCH = 500;

/**
 * Every contact and organisation again (the reference's « check incomplete data » command), e.g.
 * after a custom form gained a mandatory field: the records saved before it are flagged now.
 * Each page in its own transaction, so a recompute of a large file area never holds one long lock.
 */
export async function recomputeIncompleteEntries(ctx: RequestContext): Promise<Record<Kind, number>> {
  const { db } = ctx.app.database;
  const counts: Record<Kind, number> = { contact: 0, organization: 0 };
  for (const kind of ['contact', 'organization'] as const) {
    const entity = getEntity(ctx.app.registry, kind);
    const table = entity.schema['x-entity'].table;
    let after = 0;
    for (;;) {
      const rows = (await db
        .selectFrom(table as never)
        .selectAll()
        .where('pk' as never, '>', after as never)
        .orderBy('pk' as never)
        .limit(BATCH)
        .execute()) as Record<string, unknown>[];
      if (!rows.length) break;
      const effective = await effectiveEntity(ctx.app, kind, ctx.whiteLabel);
      // The custom forms are read before the transaction: on SQLite its one connection is the
      // transaction's while it lasts, and reading them through the app's handle would wait for it.
      const pages: [ApiRecord, string[]][] = [];
      for (const row of rows) {
        const record = rowToRecord(entity, row, effective);
        pages.push([record, await missingItemsOf(ctx, kind, record)]);
      }
      await db.transaction().execute(async (trx) => {
        for (const [record, fields] of pages)
          if ((await writeIncompleteEntry(trx, kind, record, fields)).length) counts[kind] += 1;
      });
      after = Number(rows[rows.length - 1].pk);
    }
  }
  return counts;
}

/** Recomputed after every save of a contact or an organisation (reference 6 and 8.6). */
export const incompleteEntries: EntityHook = {
  async afterWrite({ ctx, entity, record, db }) {
    if (entity.name !== 'contact' && entity.name !== 'organization') return;
    // A deletion passes only the pk: the entry went with the record (deleteDependents).
    if (record[OWNING_GROUP] === undefined) return;
    await recordIncompleteEntry(ctx, db, entity.name, record);
  },
};
