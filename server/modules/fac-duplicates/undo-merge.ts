import type { Kysely } from 'kysely';
import { HttpError } from '../../http/http-error';
import { message, type RequestContext } from '../../context';
import type { AppDatabase } from '../../db/tables';
import type { Row } from '../../db/row-mapper';
import { rowToRecord } from '../../db/row-mapper';
import { inTransaction } from '../../db/transaction';
import { findOne, loadRow } from '../../operations/find-one';
import { assertMay, entityOf } from '../../operations/entity-access';
import { keysOf, storableRow, type MergeKind } from './record-pointers';
import { sameKeys, type MergeSnapshot } from './merge-records';

const HISTORY = 'fac_merge_history';

function conflict(ctx: RequestContext, key: string): HttpError {
  return new HttpError(409, 'merge_undo', message(ctx.app, key));
}

/**
 * Undoes a merge from its history entry, in one transaction: the merged record comes back with
 * its key and every value, the kept record gets back every value it had, the rows re-pointed go
 * back to the merged record, lists of keys get back their members, one-per-record rows
 * (incomplete entries) and closed duplicate groups are restored. What was added since the merge
 * stays: a row re-pointed then moved elsewhere is left alone, a list changed since keeps its
 * changes (only the merge's own change is reversed). Rights: `change` on the kept record and
 * `create` of the kind (an advisor: their structure's).
 */
export async function undoMerge(ctx: RequestContext, rawPk: unknown): Promise<{ kept: number; merged: number }> {
  const history = await findOne(ctx, 'merge-history', rawPk);
  const kind = history.kind as MergeKind;
  const entity = entityOf(ctx, kind);
  return inTransaction(ctx, async (tctx, trx) => {
    const db = trx as unknown as Kysely<AppDatabase>;
    const row = (await db
      .selectFrom(HISTORY as never)
      .selectAll()
      .where('pk' as never, '=', history.pk as never)
      .executeTakeFirst()) as Row | undefined;
    if (!row) throw new HttpError(404, 'not_found', message(tctx.app, 'errors.404'));
    if (row.undone_at) throw conflict(tctx, 'errors.fac_merge.already_undone');
    const snapshot = (typeof row.snapshot === 'string' ? JSON.parse(row.snapshot) : row.snapshot) as MergeSnapshot;
    const kept = Number(row.kept);
    const merged = Number(row.merged);
    const keptNow = await loadRow(db, entity, kept);
    if (!keptNow) throw conflict(tctx, 'errors.fac_merge.kept_gone');
    if (await loadRow(db, entity, merged)) throw conflict(tctx, 'errors.fac_merge.merged_back');
    assertMay(tctx, entity, 'change', rowToRecord(entity, keptNow));
    assertMay(tctx, entity, 'create', rowToRecord(entity, storableRow(entity, snapshot.mergedRow)));
    const table = entity.schema['x-entity'].table;

    await db
      .insertInto(table as never)
      .values(storableRow(entity, snapshot.mergedRow) as never)
      .execute();
    const { pk: _pk, ...keptValues } = storableRow(entity, snapshot.keptRow);
    await db
      .updateTable(table as never)
      .set(keptValues as never)
      .where('pk' as never, '=', kept as never)
      .execute();
    const tableOf = (name: string) => entityOf(tctx, name).schema['x-entity'].table;

    for (const r of snapshot.repointed) {
      await db
        .updateTable(tableOf(r.entity) as never)
        .set({ [r.column]: merged } as never)
        .where('pk' as never, 'in', r.pks as never)
        .where(r.column as never, '=', kept as never)
        .execute();
    }
    for (const l of snapshot.lists) {
      const current = (await db
        .selectFrom(tableOf(l.entity) as never)
        .select(l.column as never)
        .where('pk' as never, '=', l.pk as never)
        .executeTakeFirst()) as Row | undefined;
      if (!current) continue;
      const now = keysOf(current[l.column]);
      let restored: number[];
      if (sameKeys(now, l.after)) restored = l.before;
      else {
        // Changed since: reverse only the merge's own change.
        restored = l.before.includes(kept) ? [...now] : now.filter((k) => k !== kept);
        if (!restored.includes(merged)) restored.push(merged);
      }
      await db
        .updateTable(tableOf(l.entity) as never)
        .set({ [l.column]: JSON.stringify(restored) } as never)
        .where('pk' as never, '=', l.pk as never)
        .execute();
    }
    for (const u of snapshot.uniqueRows) {
      const other = entityOf(tctx, u.entity);
      await db
        .deleteFrom(tableOf(u.entity) as never)
        .where(u.column as never, 'in', [kept, merged] as never)
        .execute();
      for (const r of u.rows)
        await db
          .insertInto(tableOf(u.entity) as never)
          .values(storableRow(other, r) as never)
          .execute();
    }
    for (const g of snapshot.closedGroups) {
      await db
        .updateTable('fac_duplicate' as never)
        .set({ status: g.status } as never)
        .where('pk' as never, '=', g.pk as never)
        .where('status' as never, '=', 'merged' as never)
        .execute();
    }
    await db
      .updateTable(HISTORY as never)
      .set({ undone_at: new Date().toISOString(), undone_by: tctx.user.pk } as never)
      .where('pk' as never, '=', history.pk as never)
      .execute();
    return { kept, merged };
  });
}
