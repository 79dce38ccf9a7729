import type { Router } from 'express';
import type { AppContext } from '../context';

/**
 * Hand-written module routers (simulators, booking, directory search…), mounted before the
 * generic entity routes. Each module adds its router here.
 */
export function extraRouters(_app: AppContext): Router[] {
  return [];
}
