import { Router, type Request } from 'express';
import { entityRoutes } from '../generated/routes';
import { find, type ListQuery } from '../operations/find';
import { findOne } from '../operations/find-one';
import { storeList, parseStoreMarker } from '../operations/store-list';
import { create, remove, update } from '../operations/write';
import { asyncHandler } from './async-handler';
import { toCamel } from '../../engine/schema/naming';

function intParam(v: unknown): number | undefined {
  if (typeof v !== 'string' || !/^\d{1,6}$/.test(v)) return undefined;
  return Number(v);
}

/** Query string → list query (also the reference's sortField/sortType and its "" = absent rule). */
export function listQuery(req: Request): ListQuery {
  const q = req.query as Record<string, unknown>;
  const str = (k: string) => (typeof q[k] === 'string' && !['', 'undefined', 'null'].includes(q[k] as string) ? (q[k] as string) : undefined);
  let sort = str('sort');
  const sortField = str('sortField');
  if (!sort && sortField) sort = `${str('sortType') === 'desc' ? '-' : ''}${sortField}`;
  const filters: Record<string, string> = {};
  // Filter names are properties (camelCase); the reference's snake_case names (user_type) are accepted.
  for (const [k, v] of Object.entries(q)) if (typeof v === 'string' && v !== '' && !['q', 'sort', 'sortField', 'sortType', 'page', 'perPage', 'domain'].includes(k)) filters[toCamel(k)] = v;
  return { q: str('q'), sort, page: intParam(q.page), perPage: intParam(q.perPage), filters };
}

/** One router for every entity of server/generated/routes.ts: thin HTTP over the operations. */
export function genericCrudRouter(): Router {
  const router = Router();
  for (const route of entityRoutes) {
    const actions = new Set(route.actions);
    const item = `${route.path}:pk/`;
    if (actions.has('list')) {
      router.get(route.path, asyncHandler(async (req, res) => {
        const marker = req.get('limit-to-objects-after');
        if (route.storeList && marker !== undefined) {
          res.json(await storeList(req.ctx, route.entity, parseStoreMarker(marker), listQuery(req)));
          return;
        }
        const { records, total } = await find(req.ctx, route.entity, listQuery(req));
        if (total !== undefined) res.set('X-Total-Count', String(total));
        res.json(records);
      }));
    }
    if (actions.has('create')) router.post(route.path, asyncHandler(async (req, res) => { res.status(201).json(await create(req.ctx, route.entity, req.body ?? {}, { requestHost: req.get('host') })); }));
    if (actions.has('detail')) router.get(item, asyncHandler(async (req, res) => { res.json(await findOne(req.ctx, route.entity, req.params.pk)); }));
    if (actions.has('update')) router.patch(item, asyncHandler(async (req, res) => { res.json(await update(req.ctx, route.entity, req.params.pk, req.body ?? {})); }));
    if (actions.has('delete')) router.delete(item, asyncHandler(async (req, res) => { res.json(await remove(req.ctx, route.entity, req.params.pk)); }));
  }
  return router;
}
