import { Router } from 'express';
import { asyncHandler } from '../../http/async-handler';
import { computeEcorenoverAnswer, computeThermix, computeTherminix } from './compute';
import { assertSimulatorEnabled } from './module-gate';

/**
 * The public compute endpoints (no sign-in: the simulators are public, and other tools may call
 * them). Bodies are camelCase JSON checked against schemas/simulators/*-compute-request.schema.json;
 * bad input is a 400 with one French message per field, never a 500.
 */
export function computeRouter(): Router {
  const router = Router();

  // Thermix results (reference/simulators.md §2 and §13); ?explain=1 adds « Comment est-ce calculé ? ».
  router.post(
    '/api/v1/thermix/compute_results',
    asyncHandler(async (req, res) => {
      assertSimulatorEnabled(req.ctx, 'thermix');
      const explain = req.query.explain === '1' || req.query.explain === 'true';
      const { response, explanations } = await computeThermix(req.ctx, req.body, { explain });
      res.json(explanations ? { ...response, explanations } : response);
    }),
  );

  router.post(
    '/api/v1/therminix/compute',
    asyncHandler(async (req, res) => {
      assertSimulatorEnabled(req.ctx, 'therminix');
      res.json(await computeTherminix(req.ctx, req.body));
    }),
  );

  router.post(
    '/api/v1/ecorenover/compute',
    asyncHandler(async (req, res) => {
      assertSimulatorEnabled(req.ctx, 'ecorenover', 'ecorenoverIframe');
      res.json(computeEcorenoverAnswer(req.ctx, req.body).answer);
    }),
  );

  return router;
}
