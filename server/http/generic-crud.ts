import type { Request, RequestHandler, Response } from 'express';
import type { GeneratedEntityRoute } from '../generated/routes';
import { entityRoutes } from '../generated/routes';
import { find, type ListQuery } from '../operations/find';
import { findOne } from '../operations/find-one';
import { storeList, parseStoreMarker } from '../operations/store-list';
import { create, remove, update } from '../operations/write';
import { exportList } from '../operations/export-list';
import { mapPoints } from '../operations/map-points';
import { toCamel } from '../../engine/schema/naming';
import { getEntity } from '../../engine/schema/registry';
import { withoutUnreadable } from '../operations/readable-fields';
import type { ApiRecord } from '../db/row-mapper';

function intParam(v: unknown): number | undefined {
  if (typeof v !== 'string' || !/^\d{1,6}$/.test(v)) return undefined;
  return Number(v);
}

/** Query string → list query (also the reference's sortField/sortType and its "" = absent rule). */
export function listQuery(req: Request): ListQuery {
  const q = req.query as Record<string, unknown>;
  const str = (k: string) =>
    typeof q[k] === 'string' && !['', 'undefined', 'null'].includes(q[k] as string) ? (q[k] as string) : undefined;
  let sort = str('sort');
  const sortField = str('sortField');
  if (!sort && sortField) sort = `${str('sortType') === 'desc' ? '-' : ''}${sortField}`;
  const filters: Record<string, string> = {};
  // Filter names are properties (camelCase); the reference's snake_case names (user_type) are accepted.
  for (const [k, v] of Object.entries(q))
    if (
      typeof v === 'string' &&
      v !== '' &&
      !['q', 'sort', 'sortField', 'sortType', 'page', 'perPage', 'domain', 'from', 'to', 'format'].includes(k)
    )
      filters[toCamel(k)] = v;
  // A period bound given twice is refused as it reads (« a,b »), never half used.
  const raw = (k: string) =>
    typeof q[k] === 'string' ? (q[k] as string) : q[k] === undefined ? undefined : String(q[k]);
  return {
    q: str('q'),
    sort,
    page: intParam(q.page),
    perPage: intParam(q.perPage),
    filters,
    from: raw('from'),
    to: raw('to'),
  };
}

/** A list asked without `page` or `perPage` gets its first page of this many rows (`X-Total-Count` says how many). */
export const DEFAULT_PER_PAGE = 50;

/**
 * Every list answer is one page: a list asked with neither `page` nor `perPage` used to answer
 * every row the caller may see (issue 25) — a whole table in one answer. A calendar's period
 * (`from`/`to`) is bounded by its length instead (list-period.ts); a file export (`?format=`) and
 * a screen's store list (`limit-to-objects-after`) are their own paths.
 */
export function withPage(query: ListQuery): ListQuery {
  if (query.page !== undefined || query.perPage !== undefined) return query;
  if ((query.from ?? '') !== '' || (query.to ?? '') !== '') return query;
  return { ...query, page: 1, perPage: DEFAULT_PER_PAGE };
}

type Handler = (req: Request, res: Response) => Promise<void>;

interface Handlers {
  collection: Map<string, Handler>;
  item: Map<string, Handler>;
  /** GET <path>/map/: the list's points (entities with x-entity.list.map; 404 otherwise). */
  map?: Handler;
}

function handlers(route: GeneratedEntityRoute): Handlers {
  const actions = new Set(route.actions);
  const collection = new Map<string, Handler>();
  const item = new Map<string, Handler>();
  let map: Handler | undefined;
  // Every answer leaves out the fields the caller may not read (fieldRules.readableIf).
  const readable = (req: Request, record: ApiRecord) =>
    withoutUnreadable(req.ctx, getEntity(req.ctx.app.registry, route.entity), record);
  if (actions.has('list')) {
    map = async (req, res) => {
      res.set('Cache-Control', 'no-store').json(await mapPoints(req.ctx, route.entity, listQuery(req)));
    };
    collection.set('GET', async (req, res) => {
      // ?format=csv|xlsx: the same list as a file, every page (docs/export-import.md).
      if (typeof req.query.format === 'string' && req.query.format !== '') {
        const file = await exportList(req.ctx, route.entity, listQuery(req), req.query.format);
        res
          .set('Content-Type', file.contentType)
          .set('Content-Disposition', `attachment; filename="${file.fileName}"`)
          .set('Cache-Control', 'no-store')
          .send(file.body);
        return;
      }
      const marker = req.get('limit-to-objects-after');
      if (route.storeList && marker !== undefined) {
        const list = await storeList(req.ctx, route.entity, parseStoreMarker(marker), listQuery(req));
        res.json({ ...list, collection: list.collection.map((r) => readable(req, r)) });
        return;
      }
      // Public reference lists (energies, prices, systems: api.public with a store list) are bounded by their data
      // file and read whole by every simulator, as the spec serves them; every other list answers one page.
      const api = getEntity(req.ctx.app.registry, route.entity).schema['x-entity'].api;
      const whole = Boolean(api?.public && api.storeList);
      const { records, total } = await find(req.ctx, route.entity, whole ? listQuery(req) : withPage(listQuery(req)));
      if (total !== undefined) res.set('X-Total-Count', String(total));
      res.json(records.map((r) => readable(req, r)));
    });
  }
  if (actions.has('create'))
    collection.set('POST', async (req, res) => {
      res
        .status(201)
        .json(readable(req, await create(req.ctx, route.entity, req.body ?? {}, { requestHost: req.get('host') })));
    });
  if (actions.has('detail'))
    item.set('GET', async (req, res) => {
      res.json(readable(req, await findOne(req.ctx, route.entity, req.params.pk)));
    });
  if (actions.has('update'))
    item.set('PATCH', async (req, res) => {
      res.json(readable(req, await update(req.ctx, route.entity, req.params.pk, req.body ?? {})));
    });
  if (actions.has('delete'))
    item.set('DELETE', async (req, res) => {
      res.json(await remove(req.ctx, route.entity, req.params.pk));
    });
  return { collection, item, map };
}

/**
 * Every entity of server/generated/routes.ts behind one middleware: the path is looked up in a map
 * (`/api/v1/<path>/` and `/api/v1/<path>/<pk>/`, pk in digits), instead of trying one Express route
 * after another — with dozens of entities that walk cost more than the list itself. Anything else
 * (another method, a longer path, a non-numeric pk) goes on to the next handler.
 */
export function genericCrudRouter(): RequestHandler {
  const byPath = new Map(entityRoutes.map((r) => [r.path, handlers(r)]));
  return (req, res, next) => {
    const path = req.path.endsWith('/') ? req.path : `${req.path}/`;
    let handler = byPath.get(path)?.collection.get(req.method);
    let label = path;
    if (!handler && req.method === 'GET' && path.endsWith('/map/'))
      handler = byPath.get(path.slice(0, -'map/'.length))?.map;
    if (!handler) {
      const m = /^(.*\/)(\d{1,15})\/$/.exec(path);
      const entry = m ? byPath.get(m[1]) : undefined;
      handler = entry?.item.get(req.method);
      if (handler) {
        req.params = { ...req.params, pk: m![2] };
        label = `${m![1]}:pk/`;
      }
    }
    if (!handler) {
      next();
      return;
    }
    res.locals.metricsRoute = label;
    handler(req, res).catch(next);
  };
}
