import type { NextFunction, Request, Response } from 'express';
import type { AppContext } from '../context';
import { resolveWhiteLabel, whiteLabelById } from '../modules/white-labels/resolve-white-label';
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

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The domain of the Host header, without its port. */
export function hostDomain(req: Request): string {
  return (req.hostname || 'localhost').toLowerCase();
}

/**
 * The domain whose white label a request gets. The Host decides. `?domain=` (spec 01 §4) is
 * only a hint for public reads where the Host cannot say it (the development server, a page
 * embedded elsewhere): it never chooses the white label of a signed-in request or of a write,
 * since the white label decides which overlay restrictions and module flags apply.
 */
export function requestDomain(req: Request, signedIn: boolean): string {
  const q = req.query.domain;
  if (!signedIn && READS.has(req.method) && typeof q === 'string' && q !== '') return q.toLowerCase();
  return hostDomain(req);
}

export function contextMiddleware(app: AppContext) {
  return async (req: Request, _res: Response, next: NextFunction): Promise<void> => {
    try {
      let user = anonymous(app);
      let accountWhiteLabel: number | null = null;
      const header = req.get('authorization');
      const match = header?.match(/^JWT\s+(\S+)$/i) ?? header?.match(/^Bearer\s+(\S+)$/i);
      if (match) {
        // An invalid or expired token, or one of an ended session (signed out, password changed),
        // leaves the caller anonymous; protected endpoints answer 401.
        const claims = await verifyAccessToken(app, match[1]);
        if (claims) {
          const loaded = await loadUser(app, claims.userPk, { family: claims.family });
          if (loaded) {
            user = loaded.rule;
            accountWhiteLabel = loaded.row.white_labelling;
            req.authFamily = claims.family;
          }
        }
      }
      let { info, matched } = await resolveWhiteLabel(app, requestDomain(req, !user.anonymous));
      // A signed-in user on a host that is no white label's works in their account's own.
      if (!matched && accountWhiteLabel !== null) {
        const own = await whiteLabelById(app, accountWhiteLabel);
        if (own) info = own;
      }
      req.whiteLabelMatched = matched;
      req.ctx = { app, user, whiteLabel: info, ip: req.ip, requestHost: req.get('host') };
      next();
    } catch (e) {
      next(e);
    }
  };
}
