import { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { mapConfig } from '../actimmo-map/map-config';
import type { AppContext, RequestContext } from '../../context';
import { message } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { HttpError } from '../../http/http-error';
import { allRecords, cardsFor, distanceFrom, matchingSheets, moduleOn, ordered } from './public-search';
import { searchPlace, searchQuery } from './search-query';
import { logoOf, publicDetail, referenceImageOf, sendImage } from './public-detail';
import { directoryPdf } from './report-request';
import {
  buildSearchTree,
  newSeed,
  type TreeLink,
  type TreeNode,
  type TreeSubMission,
} from '../../../engine/listepro/search';

import { CENTRES_ATTRIBUTION } from '../territories/commune-centres';

const BASE = '/api/v1/listepro/public';

/** The deployment's tile layer (MAP_TILE_URL), or none: the map then draws departments from local data. */
function tiles() {
  const config = mapConfig();
  return {
    url: config.tileUrl,
    attribution: config.tileAttribution,
    maxZoom: config.tileMaxZoom,
    baseAttribution: CENTRES_ATTRIBUTION,
  };
}

/** A query parameter as a positive integer, absent → undefined, anything else → the French error. */
function positive(value: unknown, ctx: RequestContext, key: string, max = 0x7fffffff): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = typeof value === 'string' && /^[0-9]{1,10}$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > max) throw new HttpError(400, 'bad_query', message(ctx.app, key));
  return n;
}

/**
 * The public directory (spec 03 §2): the search tree, and the search itself on the server — only
 * valid, published sheets, matched on their published presentation, in a random order drawn from
 * a seed the answer returns and the next pages send back (same seed, same order).
 */
export function listeproRouter(app: AppContext): Router {
  const router = Router();

  router.get(
    `${BASE}/search-tree/`,
    asyncHandler(async (req, res) => {
      moduleOn(req.ctx);
      const [activities, missions, subMissions, links] = await Promise.all([
        allRecords(req.ctx, 'listepro-activity'),
        allRecords(req.ctx, 'listepro-mission'),
        allRecords(req.ctx, 'listepro-sub-mission'),
        allRecords(req.ctx, 'listepro-link'),
      ]);
      res.json(
        buildSearchTree(
          activities as unknown as (TreeNode & { icon?: string })[],
          missions as unknown as TreeNode[],
          subMissions as unknown as TreeSubMission[],
          links as unknown as TreeLink[],
        ),
      );
    }),
  );

  router.get(
    `${BASE}/search/`,
    asyncHandler(async (req, res) => {
      const ctx = req.ctx;
      moduleOn(ctx);
      const q = req.query as Record<string, string | undefined>;
      const query = searchQuery(ctx, q);
      const page = positive(q.page, ctx, 'listepro.error.page') ?? 1;
      const perPage = positive(q.perPage, ctx, 'listepro.error.page', 50) ?? 10;
      const seed = positive(q.seed, ctx, 'listepro.error.seed') ?? newSeed();
      const near = searchPlace(ctx, q);
      const withPoints = q.points === '1' || q.points === 'true';

      // Nearest first needs every match's position, not only its key.
      const matches = await matchingSheets(ctx, query, withPoints || near ? 'positions' : 'keys');
      const order = ordered(matches, seed, near);
      const cards = await cardsFor(
        ctx,
        order.slice((page - 1) * perPage, page * perPage).map((c) => c.pk),
      );
      res.json({
        seed,
        page,
        perPage,
        total: order.length,
        near: near ? { code: near.code, name: near.name, postcode: near.postcode, position: near.position } : null,
        results: cards.map((c) => ({ ...c, distanceKm: distanceFrom(near, c) })),
        // Every match's position, for the map beside the cards (the cards are one page of them): the
        // results screen asks once per search (its first page) and keeps them while paging.
        ...(withPoints
          ? {
              points: order
                .filter((c) => c.lat !== null && c.lon !== null && (c.lat !== 0 || c.lon !== 0))
                .map((c) => ({ pk: c.pk, name: c.name, lat: c.lat, lon: c.lon })),
              tiles: tiles(),
            }
          : {}),
      });
    }),
  );

  router.get(
    `${BASE}/professional/:id/`,
    asyncHandler(async (req, res) => {
      moduleOn(req.ctx);
      res.set('cache-control', 'no-store').json(await publicDetail(req.ctx, String(req.params.id)));
    }),
  );

  router.get(
    `${BASE}/professional/:pk/logo/`,
    asyncHandler(async (req, res) => {
      moduleOn(req.ctx);
      const pk = positive(req.params.pk, req.ctx, 'listepro.error.not_found');
      await sendImage(req.ctx, res, await logoOf(req.ctx, pk!), ['listepro-professional', 'logo']);
    }),
  );

  router.get(
    `${BASE}/reference-image/:pk/`,
    asyncHandler(async (req, res) => {
      moduleOn(req.ctx);
      const pk = positive(req.params.pk, req.ctx, 'listepro.error.not_found');
      await sendImage(req.ctx, res, await referenceImageOf(req.ctx, pk!), ['listepro-reference-image', 'image']);
    }),
  );

  // The PDF is public like the search: a person asks for a few, a script for thousands.
  router.post(
    '/api/v1/listepro/report/pdf/',
    rateLimit({
      windowMs: 60_000,
      limit: Number(process.env.LISTEPRO_PDF_PER_MINUTE ?? 30),
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      handler: (_req, res) => {
        res.status(429).json({ error: 'too_many_requests', message: message(app, 'errors.429') });
      },
    }),
    asyncHandler(async (req, res) => {
      moduleOn(req.ctx);
      const pdf = await directoryPdf(req.ctx, req.body);
      res
        .status(200)
        .type('application/pdf')
        .set('content-disposition', 'attachment; filename="rapport-liste-professionnels.pdf"')
        .set('cache-control', 'no-store')
        .send(pdf);
    }),
  );

  return router;
}
