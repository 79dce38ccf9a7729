import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/tables';
import { rowToRecord, type ApiRecord } from '../../db/row-mapper';
import type { EntityHook } from '../hook-types';
import type { RequestContext } from '../../context';
import { isRecordKey } from '../../db/record-key';
import { loadRow } from '../../operations/find-one';
import { OWNING_GROUP } from './linked-records';
import { effectiveEntity } from '../../access/effective-entity';
import { recordScopes } from '../../../engine/schema/record-scopes';
import { getEntity } from '../../../engine/schema/registry';
import {
  missingItems,
  programmeRequirements,
  type BindingProgrammes,
  type CustomField,
  type ProgrammeFlags,
} from '../../../engine/file-area/incomplete-items';
import { recordOf, recordsWhere } from './follow-up-data';
import { afterCommit } from '../../db/transaction';

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

/** The programmes of the folders of a contact or an organisation (each once, folders' order). */
async function folderProgrammes(
  ctx: RequestContext,
  db: Kysely<AppDatabase>,
  kind: Kind,
  pk: unknown,
): Promise<ProgrammeFlags[]> {
  if (!isRecordKey(pk)) return [];
  const seen = new Set<unknown>();
  const out: ProgrammeFlags[] = [];
  for (const folder of await recordsWhere(ctx.app, db, 'folder', kind, pk)) {
    if (seen.has(folder.project)) continue;
    seen.add(folder.project);
    const project = await recordOf(ctx.app, db, 'project', folder.project);
    if (project) out.push(project);
  }
  return out;
}

/**
 * The programmes that make fields of the record mandatory (reference 8.6): those of its folders,
 * and for a contact those of the folders of its organisations whose programme binds members too.
 */
export async function bindingProgrammes(
  ctx: RequestContext,
  db: Kysely<AppDatabase>,
  kind: Kind,
  record: ApiRecord,
): Promise<BindingProgrammes> {
  if (!ctx.app.registry.entities.has('folder') || !isRecordKey(record.pk)) return { own: [] };
  const own = await folderProgrammes(ctx, db, kind, record.pk);
  if (kind !== 'contact') return { own };
  const viaOrganizations: ProgrammeFlags[] = [];
  for (const membership of await recordsWhere(ctx.app, db, 'membership', 'contact', record.pk))
    for (const project of await folderProgrammes(ctx, db, 'organization', membership.organization))
      if (project.shouldMembersOfOrganizationRespectRules === true) viaOrganizations.push(project);
  return { own, viaOrganizations };
}

/**
 * The missing items of a record (reference 8.6), its custom forms read through the app's
 * database and its programmes through `db` (the write's transaction when there is one).
 */
export async function missingItemsOf(
  ctx: RequestContext,
  kind: Kind,
  record: ApiRecord,
  db: Kysely<AppDatabase> = ctx.app.database.db,
): Promise<string[]> {
  const fields = await customFieldsOf(ctx, kind, record);
  return missingItems(kind, record, fields, answersOf(record), await bindingProgrammes(ctx, db, kind, record));
}

/** Writes (or removes) the one incomplete-entry record of an object; returns its missing items. */
export async function recordIncompleteEntry(
  ctx: RequestContext,
  db: Kysely<AppDatabase>,
  kind: Kind,
  record: ApiRecord,
): Promise<string[]> {
  if (!isRecordKey(record.pk)) return [];
  return writeIncompleteEntry(db, kind, record, await missingItemsOf(ctx, kind, record, db));
}

/**
 * The entry of a record just created: no folder or membership pointed to it before its transaction
 * and no entry exists (a folder created with it in that transaction recomputes the entry after it),
 * so none of them is read — three statements fewer per line of an import (docs/performance.md).
 */
async function recordNewEntry(
  ctx: RequestContext,
  db: Kysely<AppDatabase>,
  kind: Kind,
  record: ApiRecord,
): Promise<void> {
  if (!isRecordKey(record.pk)) return;
  const programmes: BindingProgrammes = kind === 'contact' ? { own: [], viaOrganizations: [] } : { own: [] };
  const fields = missingItems(kind, record, await customFieldsOf(ctx, kind, record), answersOf(record), programmes);
  if (!fields.length) return;
  const now = new Date().toISOString();
  await db
    .insertInto(TABLE as never)
    .values({
      fields: JSON.stringify(fields),
      owning_group: record[OWNING_GROUP],
      updated_at: now,
      [kind]: record.pk,
      created_at: now,
    } as never)
    .execute();
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

/** The entry of one contact or organisation again, read as the API reads it (its custom answers too). */
async function recomputeOne(ctx: RequestContext, kind: Kind, pk: unknown): Promise<void> {
  if (!isRecordKey(pk)) return;
  const entity = getEntity(ctx.app.registry, kind);
  const row = await loadRow(ctx.app.database.db, entity, pk);
  if (!row) return;
  const record = rowToRecord(entity, row, await effectiveEntity(ctx.app, kind, ctx.whiteLabel));
  await recordIncompleteEntry(ctx, ctx.app.database.db, kind, record);
}

/** A folder's contact or organisation again, and the organisation's members (its programme binds them). */
async function recomputeFolderRecords(ctx: RequestContext, db: Kysely<AppDatabase>, folder: ApiRecord) {
  await recomputeOne(ctx, 'contact', folder.contact);
  await recomputeOne(ctx, 'organization', folder.organization);
  if (isRecordKey(folder.organization))
    for (const m of await recordsWhere(ctx.app, db, 'membership', 'organization', folder.organization))
      await recomputeOne(ctx, 'contact', m.contact);
}

/**
 * Recomputed after every save of a contact or an organisation (reference 6 and 8.6); after a
 * folder is opened, changed or deleted (the programme it opens may make fields of its contact or
 * organisation mandatory, and of the organisation's members); after a membership is made, changed
 * or deleted (the contact's organisations' programmes may bind it). A detail of a contact or an
 * organisation carries `requirements` (reference 2.1, 2.2): the fields its programmes make mandatory.
 */
export const incompleteEntries: EntityHook = {
  async afterWrite({ ctx, entity, record, db, created }) {
    // A deletion passes only the pk: the entry went with the record (deleteDependents), and a
    // deleted folder's or membership's records were queued by beforeDelete.
    if (record[OWNING_GROUP] === undefined) return;
    if (entity.name === 'folder') return recomputeFolderRecords(ctx, db, record);
    if (entity.name === 'membership') return recomputeOne(ctx, 'contact', record.contact);
    if (entity.name !== 'contact' && entity.name !== 'organization') return;
    if (created) await recordNewEntry(ctx, db, entity.name, record);
    else await recordIncompleteEntry(ctx, db, entity.name, record);
  },

  beforeDelete({ ctx, entity, record }) {
    if (entity.name !== 'folder' && entity.name !== 'membership') return;
    // After the commit, without the deleted record (a contact deleted with it simply has no entry).
    return afterCommit(ctx, async (app) => {
      const committed = { ...ctx, app };
      if (entity.name === 'folder') await recomputeFolderRecords(committed, app.database.db, record);
      else await recomputeOne(committed, 'contact', record.contact);
    });
  },

  async afterRead({ ctx, entity, record, db }) {
    if (entity.name !== 'contact' && entity.name !== 'organization') return;
    record.requirements = programmeRequirements(entity.name, await bindingProgrammes(ctx, db, entity.name, record));
  },
};
