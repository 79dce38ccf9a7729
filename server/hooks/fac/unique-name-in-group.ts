import { sql } from 'kysely';
import { message } from '../../context';
import type { EntityHook } from '../hook-types';
import { isRecordKey } from '../../db/record-key';
import { columnOf } from '../../db/row-mapper';
import { OWNING_GROUP } from './linked-records';

/** A name is used once per structure (reference 2.6: a tag is unique by structure and name), whatever the case. */
export const uniqueNameInGroup: EntityHook = {
  async validate({ ctx, entity, record, db }) {
    if (typeof record.name !== 'string' || !isRecordKey(record[OWNING_GROUP])) return [];
    const table = entity.schema['x-entity'].table;
    let qb = db
      .selectFrom(table as never)
      .select('pk' as never)
      .where(sql.ref(columnOf(entity, OWNING_GROUP)), '=', record[OWNING_GROUP])
      .where(sql`lower(${sql.ref(columnOf(entity, 'name'))})`, '=', record.name.trim().toLowerCase());
    if (isRecordKey(record.pk)) qb = qb.where('pk' as never, '<>', record.pk as never);
    if (!(await qb.executeTakeFirst())) return [];
    const key = `entity.${entity.name}.check.name_taken`;
    return [{ path: 'name', code: key, params: {}, message: message(ctx.app, key) }];
  },
};
