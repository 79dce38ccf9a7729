import type { RequestHandler } from 'express';
import { asyncHandler } from '../../http/async-handler';
import { ValidationError } from '../../http/http-error';
import { message } from '../../context';
import { find } from '../../operations/find';
import { findOne, parsePk } from '../../operations/find-one';
import { entityOf, may } from '../../operations/entity-access';
import { MAX_KEY } from '../../db/record-key';

/**
 * Refuses a second record with the same pair of values (energy and year of a price, structure and
 * energy of a structure's price) with a field message, before the generic handler writes. Storage
 * only knows one-column unique keys; without this the engine would silently keep the latest row.
 * Anything it cannot judge (bad types, no right) goes on to the generic handler, which answers.
 */
export function naturalKeyGuard(entityName: string, keys: [string, string], messageKey: string): RequestHandler {
  return asyncHandler(async (req, res, next) => {
    const body = req.body as unknown;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return next();
    const ctx = req.ctx;
    const entity = entityOf(ctx, entityName);
    let record = body as Record<string, unknown>;
    let pk: number | null = null;
    if (req.method === 'PATCH') {
      pk = parsePk(req.params.pk);
      if (pk === null) return next();
      record = { ...(await findOne(ctx, entityName, pk)), ...record };
    }
    const [first, second] = keys;
    // Values the generic handler will refuse (not integers, beyond the columns' range) are its to answer.
    const storable = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && Math.abs(v) <= MAX_KEY;
    if (!storable(record[first]) || !storable(record[second])) return next();
    if (!may(ctx, entity, pk === null ? 'create' : 'change', record)) return next();
    const { records } = await find(ctx, entityName, {
      filters: { [first]: String(record[first]), [second]: String(record[second]) },
    });
    if (records.some((r) => r.pk !== pk)) {
      throw new ValidationError(
        [{ path: second, code: 'unique', params: {}, message: message(ctx.app, messageKey) }],
        message(ctx.app, 'validation.summary'),
      );
    }
    next();
  });
}
