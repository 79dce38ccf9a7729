import type { Request } from 'express';
import type { RequestContext } from '../context';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      ctx: RequestContext;
      /** The white label was found for the request's own domain (not the default one). */
      whiteLabelMatched: boolean;
    }
  }
}

export function ctxOf(req: Request): RequestContext {
  return req.ctx;
}
