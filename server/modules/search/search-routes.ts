import { Router } from 'express';
import type { AppContext } from '../../context';
import { denied, message } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { ValidationError } from '../../http/http-error';
import type { FieldError } from '../../../engine/validation/field-error';
import {
  DEFAULT_LIMIT,
  DEFAULT_THRESHOLD,
  MAX_LIMIT,
  globalSearch,
  globalSearchEntities,
} from '../../operations/global-search';

/** Longest query accepted (the reference's list search takes 100 characters). */
export const MAX_QUERY_LENGTH = 100;

/**
 * GET /api/v1/search/?q=&type=&threshold=&limit= — the global search (reference §8.1,
 * docs/search.md) over every entity declaring `list.globalSearch`, each filtered by the caller's
 * view right and the white label's modules.
 */
export function searchRouter(app: AppContext): Router {
  const router = Router();
  router.get(
    '/api/v1/search/',
    asyncHandler(async (req, res) => {
      const ctx = req.ctx;
      if (ctx.user.anonymous) throw denied(ctx);
      const errors: FieldError[] = [];
      const fail = (path: string, code: string, params: Record<string, unknown> = {}) =>
        errors.push({ path, code, params, message: message(app, `errors.global_search.${code}`, params) });
      const one = (name: string): string | undefined => {
        const v = req.query[name];
        return typeof v === 'string' ? v : Array.isArray(v) ? String(v[0]) : undefined;
      };
      const q = (one('q') ?? '').trim();
      if (!q) fail('q', 'q_required');
      else if ([...q].length > MAX_QUERY_LENGTH) fail('q', 'q_too_long', { max: MAX_QUERY_LENGTH });
      let threshold = DEFAULT_THRESHOLD;
      const rawThreshold = one('threshold');
      if (rawThreshold !== undefined) {
        threshold = Number(rawThreshold);
        if (rawThreshold.trim() === '' || !Number.isFinite(threshold) || threshold < 0.1 || threshold > 1)
          fail('threshold', 'threshold');
      }
      let limit = DEFAULT_LIMIT;
      const rawLimit = one('limit');
      if (rawLimit !== undefined) {
        limit = Number(rawLimit);
        if (!/^\d+$/.test(rawLimit) || limit < 1 || limit > MAX_LIMIT) fail('limit', 'limit', { max: MAX_LIMIT });
      }
      const known = globalSearchEntities(app.registry.entities.values());
      let types: string[] | undefined;
      const rawType = one('type');
      if (rawType !== undefined) {
        types = [...new Set(rawType.split(',').map((t) => t.trim()))];
        const unknown = types.filter((t) => !known.has(t));
        if (unknown.length || types.length === 0)
          fail('type', 'type', { types: unknown.join(', '), known: [...known.keys()].join(', ') });
      }
      if (errors.length) throw new ValidationError(errors, message(app, 'validation.summary'));
      res.json(await globalSearch(ctx, { q, types, threshold, limit }));
    }),
  );
  return router;
}
