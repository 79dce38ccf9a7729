import type { Router } from 'express';
import type { AppContext } from '../context';
import { profileRouter } from './accounts/profile';

/**
 * Hand-written module routers (profile, simulators, booking, directory search…), mounted
 * before the generic entity routes. Each module adds its router here.
 */
export function extraRouters(app: AppContext): Router[] {
  return [profileRouter(app)];
}
