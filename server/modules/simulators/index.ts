import { Router } from 'express';
import type { AppContext } from '../../context';
import { computeRouter } from './compute-routes';
import { energiesRouter } from './energies-routes';
import { naturalKeyGuard } from './natural-key-guard';
import { thermixSettingsRouter } from './settings';

/** The simulators' hand-written endpoints, mounted before the generic entity routes. */
export function simulatorsRouter(_app: AppContext): Router {
  const router = Router();
  router.use(energiesRouter());
  router.use(computeRouter());
  router.use(thermixSettingsRouter());
  const groupPriceGuard = naturalKeyGuard(
    'group-energy-price',
    ['group', 'energy'],
    'simulators.duplicate_group_price',
  );
  router.post('/api/v1/thermix/group-energy-price/', groupPriceGuard);
  router.patch('/api/v1/thermix/group-energy-price/:pk/', groupPriceGuard);
  return router;
}

export { getReferenceData, invalidateReferenceData } from './reference-store';
