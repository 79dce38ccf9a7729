import { message } from '../../context';
import type { EntityHook } from '../hook-types';
import { isRecordKey } from '../../db/record-key';
import { linkedRecord } from './linked-records';

/**
 * A list may include other lists, but not itself, nor a list that already includes it at any
 * depth (reference 2.7): the recipients of a list must be computable.
 */
export const listNoCycle: EntityHook = {
  async validate({ ctx, entity, record, db }) {
    const self = record.pk;
    const included = Array.isArray(record.lists) ? record.lists.filter(isRecordKey) : [];
    if (!isRecordKey(self)) return [];
    const key = (k: string) => `entity.${entity.name}.check.${k}`;
    if (included.includes(self))
      return [{ path: 'lists', code: key('self'), params: {}, message: message(ctx.app, key('self')) }];
    for (const start of included) {
      const seen = new Set<number>();
      const queue = [start];
      while (queue.length) {
        const pk = queue.shift()!;
        if (seen.has(pk)) continue;
        seen.add(pk);
        const list = await linkedRecord(ctx.app, db, entity.name, pk);
        const next = Array.isArray(list?.lists) ? (list.lists as unknown[]).filter(isRecordKey) : [];
        if (next.includes(self)) {
          const first = await linkedRecord(ctx.app, db, entity.name, start);
          const params = { title: (first?.title as string) || `n° ${start}` };
          return [{ path: 'lists', code: key('cycle'), params, message: message(ctx.app, key('cycle'), params) }];
        }
        queue.push(...next);
      }
    }
    return [];
  },
};
