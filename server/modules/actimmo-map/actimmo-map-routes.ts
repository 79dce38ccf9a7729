import { Router, type Request, type Response, type NextFunction } from 'express';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { assertModuleEnabled, entityOf } from '../../operations/entity-access';
import { mapDepartments, publicContacts } from './public-data';
import { departmentCentroids, departmentRaster } from './department-raster';
import { mapConfig, type MapConfig } from './map-config';
import { CENTRES_ATTRIBUTION } from '../territories/commune-centres';
import { allowFraming } from '../../client-shell/frame-ancestors';

const BASE = '/api/v1/actimmo-map';

/** The map's data belong to the actimmoMap module: 404 « Ce module n'est pas activé… » when it is off. */
function moduleOn(req: Request): void {
  assertModuleEnabled(req.ctx, entityOf(req.ctx, 'actimmo-department'));
}

/** Built from the packaged data only, the same for every domain: browsers may keep it a day. */
function cacheable(res: Response): void {
  res.set('Cache-Control', 'public, max-age=86400');
}

/**
 * The public page may be shown in a frame by the sites MAP_FRAME_ANCESTORS names, for the whole
 * deployment (the reason for the white-label flag actimmoMapRemoveMargins), in addition to the
 * sites each white label lists in embeddingSites (the route is embeddable, see
 * server/client-shell/shell-html.ts); every other page keeps helmet's same-site rule.
 */
function frameable(config: MapConfig) {
  return (_req: Request, res: Response, next: NextFunction) => {
    allowFraming(res, config.frameAncestors);
    next();
  };
}

/**
 * The public, read-only endpoints of the actimmo map (reference §10), the map's settings, and
 * the offline base map of the departments (territorial data, not gated by the module).
 * Writes go through the generic API of the entities (actimmo-map/departments, actimmo-map/contacts).
 */
export function actimmoMapRouter(app: AppContext, config: MapConfig = mapConfig()): Router {
  const router = Router();
  if (process.env.MAP_TILE_URL && !config.tileUrl) {
    app.logger.warn(
      { MAP_TILE_URL: process.env.MAP_TILE_URL },
      'MAP_TILE_URL ignored: it must be https:// or a same-site path with {z}, {x} and {y}',
    );
  }

  router.get(
    `${BASE}/actimmo-map/`,
    asyncHandler(async (req, res) => {
      res.json(await mapDepartments(req.ctx));
    }),
  );

  router.get(
    `${BASE}/actimmo-contact/`,
    asyncHandler(async (req, res) => {
      res.json(await publicContacts(req.ctx));
    }),
  );

  // The partners (organisations of the file area with a signed agreement) and their marker
  // icons (the file area's folder models) come from the file area, which does not exist yet:
  // both answer an empty list until it does.
  router.get(
    `${BASE}/actimmo-partners/`,
    asyncHandler(async (req, res) => {
      moduleOn(req);
      res.json([]);
    }),
  );
  router.get(
    `${BASE}/actimmo-icons/`,
    asyncHandler(async (req, res) => {
      moduleOn(req);
      res.json([]);
    }),
  );

  router.get(
    `${BASE}/config/`,
    asyncHandler(async (req, res) => {
      moduleOn(req);
      res.json({
        tileUrl: config.tileUrl,
        tileAttribution: config.tileAttribution,
        tileMaxZoom: config.tileMaxZoom,
        baseAttribution: CENTRES_ATTRIBUTION,
      });
    }),
  );

  router.get(
    '/api/v1/territories/departement-centroids/',
    asyncHandler(async (_req, res) => {
      cacheable(res);
      res.json(departmentCentroids());
    }),
  );

  router.get(
    '/api/v1/territories/departement-map/',
    asyncHandler(async (_req, res) => {
      cacheable(res);
      res.json({ ...departmentRaster(), attribution: CENTRES_ATTRIBUTION });
    }),
  );

  router.get('/actimmo-map', frameable(config));
  return router;
}
