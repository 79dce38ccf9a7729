import type { Kysely } from 'kysely';
import { HttpError } from '../../http/http-error';
import { message, type RequestContext } from '../../context';
import type { AppDatabase } from '../../db/tables';
import type { Row } from '../../db/row-mapper';
import { rowToRecord } from '../../db/row-mapper';
import { inTransaction } from '../../db/transaction';
import { filterToSql } from '../../db/apply-filter';
import { loadRow, findOne, parsePk } from '../../operations/find-one';
import { assertMay, entityOf } from '../../operations/entity-access';
import { searchColumnOfRow } from '../../operations/search-text';
import { recordIncompleteEntry } from '../../hooks/fac/incomplete-entries';
import { MERGE_FIELDS } from './merge-fields';
import { keysOf, parsedRow, pointersTo, storableRow, type MergeKind } from './record-pointers';
import { MEMBERS } from './duplicate-detection';

const HISTORY = 'fac_merge_history';

/** Everything a merge changed, stored in its history entry so that the undo puts it back exactly. */
export interface MergeSnapshot {
  version: 1;
  /** Both records as they were (every column, JSON columns parsed). */
  keptRow: Row;
  mergedRow: Row;
  /** Rows whose one-key pointer went from the merged record to the kept one. */
  repointed: { entity: string; column: string; pks: number[] }[];
  /** Rows whose list of keys had the merged record (before and after the merge). */
  lists: { entity: string; column: string; pk: number; before: number[]; after: number[] }[];
  /** Rows of one-per-record pointers (incomplete entries) of both records, as they were. */
  uniqueRows: { entity: string; column: string; rows: Row[] }[];
  /** Duplicate groups the merge closed (fewer than two records left), with their state before. */
  closedGroups: { pk: number; status: string }[];
}

export interface MergeInput {
  kind: MergeKind;
  kept: number;
  merged: number;
  /** Per field of MERGE_FIELDS: which record's value the kept record takes (default: its own). */
  choices: Record<string, 'kept' | 'merged'>;
}

function bad(ctx: RequestContext, key: string, params: Record<string, unknown> = {}): HttpError {
  return new HttpError(400, 'bad_merge', message(ctx.app, key, params));
}

/** The request body, or a French 400 naming what is wrong (nothing is written). */
export function parseMergeInput(ctx: RequestContext, body: unknown): MergeInput {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw bad(ctx, 'errors.fac_merge.body');
  const b = body as Record<string, unknown>;
  if (b.kind !== 'contact' && b.kind !== 'organization') throw bad(ctx, 'errors.fac_merge.kind');
  const kept = parsePk(typeof b.kept === 'number' ? b.kept : Number.NaN);
  const merged = parsePk(typeof b.merged === 'number' ? b.merged : Number.NaN);
  if (kept === null || merged === null) throw bad(ctx, 'errors.fac_merge.records');
  if (kept === merged) throw bad(ctx, 'errors.fac_merge.same');
  const raw = b.choices ?? {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw bad(ctx, 'errors.fac_merge.choices');
  const fields = MERGE_FIELDS[b.kind];
  const choices: Record<string, 'kept' | 'merged'> = {};
  for (const [field, side] of Object.entries(raw as Record<string, unknown>)) {
    if (!fields.includes(field)) throw bad(ctx, 'errors.fac_merge.field', { field });
    if (side !== 'kept' && side !== 'merged') throw bad(ctx, 'errors.fac_merge.side', { field });
    choices[field] = side;
  }
  return { kind: b.kind, kept, merged, choices };
}

const sameKeys = (a: number[], b: number[]) => a.length === b.length && a.every((k, i) => k === b[i]);

/**
 * Merges `merged` into `kept` in one transaction (reference §8.4, §12): the kept record takes
 * the chosen values field by field, the tags and referents of both, the custom-form answers of
 * both (its own first); every record of every entity that points at the merged one is re-pointed
 * to the kept one (pointersTo: read from the schemas); the merged record is deleted; a history
 * entry keeps all that was changed, for the undo. Rights: `change` on the kept record and
 * `delete` on the merged one (an advisor: records of their structure); both must belong to the
 * same structure, since what hangs on them must too.
 */
export async function mergeRecords(ctx: RequestContext, input: MergeInput): Promise<{ history: number }> {
  const { kind } = input;
  const entity = entityOf(ctx, kind);
  // The generic read: module flag, view rights (403 for another structure's record, 404 unknown).
  await findOne(ctx, kind, input.kept);
  await findOne(ctx, kind, input.merged);
  return inTransaction(ctx, async (tctx, trx) => {
    const db = trx as unknown as Kysely<AppDatabase>;
    const keptRaw = await loadRow(db, entity, input.kept);
    const mergedRaw = await loadRow(db, entity, input.merged);
    if (!keptRaw || !mergedRaw) throw new HttpError(404, 'not_found', message(tctx.app, 'errors.404'));
    assertMay(tctx, entity, 'change', rowToRecord(entity, keptRaw));
    assertMay(tctx, entity, 'delete', rowToRecord(entity, mergedRaw));
    if (keptRaw.owning_group !== mergedRaw.owning_group) throw bad(tctx, 'errors.fac_merge.other_group');
    const keptRow = parsedRow(entity, keptRaw);
    const mergedRow = parsedRow(entity, mergedRaw);
    const snapshot: MergeSnapshot = {
      version: 1,
      keptRow,
      mergedRow,
      repointed: [],
      lists: [],
      uniqueRows: [],
      closedGroups: [],
    };
    const { kept, merged } = input;

    for (const p of pointersTo(tctx.app.registry, kind)) {
      const table = p.entity.schema['x-entity'].table;
      if (p.unique) {
        const rows = (await db
          .selectFrom(table as never)
          .selectAll()
          .where(p.column as never, 'in', [kept, merged] as never)
          .execute()) as Row[];
        if (!rows.length) continue;
        snapshot.uniqueRows.push({
          entity: p.entity.name,
          column: p.column,
          rows: rows.map((r) => parsedRow(p.entity, r)),
        });
        const mergedOnes = rows.filter((r) => r[p.column] === merged).map((r) => Number(r.pk));
        if (!mergedOnes.length) continue;
        // The kept record's own one stays; the merged one's goes (or takes its place when it has none).
        if (rows.some((r) => r[p.column] === kept))
          await db
            .deleteFrom(table as never)
            .where('pk' as never, 'in', mergedOnes as never)
            .execute();
        else
          await db
            .updateTable(table as never)
            .set({ [p.column]: kept } as never)
            .where('pk' as never, 'in', mergedOnes as never)
            .execute();
        continue;
      }
      if (!p.array) {
        const pks = (
          (await db
            .selectFrom(table as never)
            .select('pk' as never)
            .where(p.column as never, '=', merged as never)
            .execute()) as { pk: number }[]
        ).map((r) => Number(r.pk));
        if (!pks.length) continue;
        await db
          .updateTable(table as never)
          .set({ [p.column]: kept } as never)
          .where('pk' as never, 'in', pks as never)
          .execute();
        snapshot.repointed.push({ entity: p.entity.name, column: p.column, pks });
        continue;
      }
      // Lists of keys holding the merged record (the generic JSON "contains" of both databases).
      const rows = (await db
        .selectFrom(table as never)
        .select(['pk', p.column] as never[])
        .where((eb) => filterToSql(eb, { contains: p.property, value: merged }, p.entity, tctx.app.database.dialect))
        .execute()) as Row[];
      for (const r of rows) {
        const before = keysOf(r[p.column]);
        if (!before.includes(merged)) continue;
        const after = [...new Set(before.map((k) => (k === merged ? kept : k)))];
        await db
          .updateTable(table as never)
          .set({ [p.column]: JSON.stringify(after) } as never)
          .where('pk' as never, '=', Number(r.pk) as never)
          .execute();
        snapshot.lists.push({ entity: p.entity.name, column: p.column, pk: Number(r.pk), before, after });
        // A duplicate group left with one record is done: it was this merge's.
        if (p.entity.name === 'duplicate-group' && p.property === MEMBERS[kind] && after.length < 2) {
          const status = String(
            (
              (await db
                .selectFrom('fac_duplicate' as never)
                .select('status' as never)
                .where('pk' as never, '=', Number(r.pk) as never)
                .executeTakeFirst()) as { status: string }
            ).status,
          );
          snapshot.closedGroups.push({ pk: Number(r.pk), status });
          await db
            .updateTable('fac_duplicate' as never)
            .set({ status: 'merged' } as never)
            .where('pk' as never, '=', Number(r.pk) as never)
            .execute();
        }
      }
    }

    // The kept record: chosen values, both records' tags and referents, both sets of answers.
    const next: Row = { ...keptRow };
    for (const field of MERGE_FIELDS[kind]) {
      if (input.choices[field] !== 'merged') continue;
      const column = entity.columnByProperty.get(field)?.column;
      if (column) next[column] = mergedRow[column];
    }
    for (const [property, p] of Object.entries(entity.schema.properties)) {
      const c = entity.columnByProperty.get(property);
      if (!p['x-relation'] || !c || c.kind !== 'json') continue;
      next[c.column] = [...new Set([...keysOf(keptRow[c.column]), ...keysOf(mergedRow[c.column])])];
    }
    if ('blacklisted' in next) next.blacklisted = keptRow.blacklisted || mergedRow.blacklisted ? 1 : 0;
    if ('extra' in next) {
      const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Row) : {});
      next.extra = { ...obj(mergedRow.extra), ...obj(keptRow.extra) };
    }
    next.updated_at = new Date().toISOString();
    Object.assign(next, searchColumnOfRow(entity, storableRow(entity, next)));
    const { pk: _pk, ...values } = storableRow(entity, next);
    await db
      .updateTable(entity.schema['x-entity'].table as never)
      .set(values as never)
      .where('pk' as never, '=', kept as never)
      .execute();
    await db
      .deleteFrom(entity.schema['x-entity'].table as never)
      .where('pk' as never, '=', merged as never)
      .execute();
    // Derived data follows the merged values (its rows before are in the snapshot).
    await recordIncompleteEntry(tctx, db, kind, rowToRecord(entity, (await loadRow(db, entity, kept))!));

    const label = (r: Row) =>
      kind === 'contact'
        ? [r.first_name, r.last_name].filter(Boolean).join(' ') || String(r.email ?? '')
        : String(r.name);
    const now = new Date().toISOString();
    const inserted = (await db
      .insertInto(HISTORY as never)
      .values({
        owning_group: keptRow.owning_group,
        kind,
        kept,
        merged,
        summary: message(tctx.app, 'ui.fac_merge_summary', {
          merged: `${label(mergedRow)} (n° ${merged})`,
          kept: `${label(keptRow)} (n° ${kept})`,
        }).slice(0, 600),
        author: tctx.user.pk,
        snapshot: JSON.stringify(snapshot),
        undone_at: null,
        undone_by: null,
        created_at: now,
        updated_at: now,
      } as never)
      .returning('pk' as never)
      .executeTakeFirstOrThrow()) as { pk: number };
    return { history: Number(inserted.pk) };
  });
}

export { sameKeys };
