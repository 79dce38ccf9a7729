import type { Router } from 'express';
import type { AppContext } from '../context';
import { accountsRouter } from './accounts/accounts-router';
import { territoryRouter } from './territories';
import { addressRouter } from './address';

/**
 * Hand-written module routers (profile, simulators, booking, directory search…), mounted
 * before the generic entity routes. Each module adds its router here.
 */
export function extraRouters(app: AppContext): Router[] {
  return [accountsRouter(app), territoryRouter(app), addressRouter(app)];
}
