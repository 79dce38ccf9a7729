import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Express 5 forwards rejected promises itself; this wrapper only gives handlers one shape. */
export function asyncHandler(fn: (req: Request, res: Response, next: NextFunction) => Promise<void>): RequestHandler {
  return (req, res, next) => fn(req, res, next).catch(next);
}
