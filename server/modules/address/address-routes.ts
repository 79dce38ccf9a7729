import { Router, type Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { AppContext } from '../../context';
import { message } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { parseReverse, parseSearch } from './address-params';
import { addressConfig, type AddressConfig } from './address-config';
import { AddressUpstream, type FeatureCollection, type UpstreamResult } from './upstream';
import { localReverse, localSearch } from './local-geocoder';

const BASE = '/api/v1/api-ban';

function send(res: Response, source: 'upstream' | 'local', body: FeatureCollection): void {
  // Says where the answer came from, for the field's "communes only" notice and for support.
  res.set('x-address-source', source).json(body);
}

function logFailure(app: AppContext, result: UpstreamResult): void {
  if (!result.ok && result.reason !== 'disabled' && result.reason !== 'circuit_open') {
    app.logger.warn({ reason: result.reason }, 'national address service unavailable: local answer');
  }
}

/**
 * `GET /api/v1/api-ban/search/` and `/reverse/`: the national address service (BAN) through the
 * platform, so browsers call one origin, parameters are checked once, and a local answer from
 * the commune data stands in when the service cannot be reached. Public (the booking pages use
 * it), so rate-limited per client address.
 */
export function addressRouter(app: AppContext, config: AddressConfig = addressConfig()): Router {
  const upstream = new AddressUpstream(config);
  const router = Router();
  router.use(
    BASE,
    rateLimit({
      windowMs: 60_000,
      // A person typing sends at most one search per 800 ms pause: 120 a minute leaves room for several people
      // behind one address.
      limit: 120,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      handler: (_req, res) => {
        res.status(429).json({ error: 'too_many_requests', message: message(app, 'errors.429') });
      },
    }),
  );

  router.get(
    `${BASE}/search/`,
    asyncHandler(async (req, res) => {
      const p = parseSearch(req.ctx, req.query);
      const result = await upstream.get('/search/', { q: p.q, limit: p.limit, type: p.type });
      if (result.ok) {
        send(res, 'upstream', { ...result.body, features: result.body.features.slice(0, p.limit) });
        return;
      }
      logFailure(app, result);
      send(res, 'local', localSearch(p.q, p.limit, p.type));
    }),
  );

  router.get(
    `${BASE}/reverse/`,
    asyncHandler(async (req, res) => {
      const p = parseReverse(req.ctx, req.query);
      const result = await upstream.get('/reverse/', { lon: p.lon, lat: p.lat });
      if (result.ok) {
        send(res, 'upstream', result.body);
        return;
      }
      logFailure(app, result);
      send(res, 'local', localReverse(p.lon, p.lat));
    }),
  );
  return router;
}
