import type { NextFunction, Request, Response } from 'express';
import type { AppContext } from '../context';
import { resolveWhiteLabel } from '../modules/white-labels/resolve-white-label';
import { verifyAccessToken } from '../modules/auth/access-token';
import { anonymous, loadUser } from '../modules/auth/load-user';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      authFamily?: string;
    }
  }
}

/** The request's domain: `?domain=` when given (spec 01 §4), else the Host header without port. */
export function requestDomain(req: Request): string {
  const q = req.query.domain;
  if (typeof q === 'string' && q !== '') return q.toLowerCase();
  return (req.hostname || 'localhost').toLowerCase();
}

export function contextMiddleware(app: AppContext) {
  return async (req: Request, _res: Response, next: NextFunction): Promise<void> => {
    try {
      const { info, matched } = await resolveWhiteLabel(app, requestDomain(req));
      req.whiteLabelMatched = matched;
      let user = anonymous(app);
      const header = req.get('authorization');
      const match = header?.match(/^JWT\s+(\S+)$/i) ?? header?.match(/^Bearer\s+(\S+)$/i);
      if (match) {
        // An invalid or expired token leaves the caller anonymous; protected endpoints answer 401.
        const claims = await verifyAccessToken(app, match[1]);
        if (claims) {
          const loaded = await loadUser(app, claims.userPk);
          if (loaded) {
            user = loaded.rule;
            req.authFamily = claims.family;
          }
        }
      }
      req.ctx = { app, user, whiteLabel: info, ip: req.ip };
      next();
    } catch (e) {
      next(e);
    }
  };
}
