import { Router, type Response } from 'express';
import { asyncHandler } from '../../http/async-handler';
import { getReferenceData, invalidateReferenceData } from './reference-store';
import { naturalKeyGuard } from './natural-key-guard';

const BASE = '/api/v1/energies';

/**
 * Around the generic routes of the reference entities (/api/v1/energies/…): reads wait for the
 * reference data to be current (so an energy's derived current price reflects a price just
 * corrected), successful writes mark it stale, and a second price for the same energy and year is
 * refused. Also serves the whole reference data in the engine's shape for the screens.
 */
export function energiesRouter(): Router {
  const router = Router();

  router.use(
    BASE,
    asyncHandler(async (req, res, next) => {
      if (req.method === 'GET' || req.method === 'HEAD') {
        await getReferenceData(req.ctx.app);
        return next();
      }
      const json = res.json.bind(res) as Response['json'];
      res.json = ((body: unknown) => {
        // Before the answer leaves: the caller's next request already sees the change.
        if (res.statusCode < 300) invalidateReferenceData(req.ctx.app);
        return json(body);
      }) as Response['json'];
      next();
    }),
  );

  const priceGuard = naturalKeyGuard('yearly-energy-price', ['energy', 'year'], 'simulators.duplicate_yearly_price');
  router.post(`${BASE}/yearly-energy-price/`, priceGuard);
  router.patch(`${BASE}/yearly-energy-price/:pk/`, priceGuard);

  // Everything the engine reads, as one object in its own shape (energies named by identifier,
  // derived current prices): the screens can run the engine's helpers on it (table defaults…).
  router.get(
    `${BASE}/reference-data/`,
    asyncHandler(async (req, res) => {
      res.set('cache-control', 'no-cache').json(await getReferenceData(req.ctx.app));
    }),
  );

  return router;
}
