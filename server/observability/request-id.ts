import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Names this request in every log line written while it runs and in its error answers. */
      requestId?: string;
    }
  }
}

const current = new AsyncLocalStorage<string>();

// A proxy's id is kept so that one request can be followed from nginx to the database logs; an id
// that is too long or holds odd characters is replaced (it ends up in logs and headers).
const ACCEPTED = /^[A-Za-z0-9._:-]{8,80}$/;

/** The id of the request being served, if any (read by the logger's mixin). */
export function currentRequestId(): string | undefined {
  return current.getStore();
}

/** pino `mixin`: every line logged while a request runs carries its id. */
export function requestIdLogFields(): Record<string, string> {
  const id = current.getStore();
  return id ? { reqId: id } : {};
}

export function requestIdMiddleware() {
  return (req: Request, res: Response, next: NextFunction): void => {
    const given = req.get('x-request-id');
    const id = given && ACCEPTED.test(given) ? given : randomUUID();
    req.requestId = id;
    res.set('x-request-id', id);
    current.run(id, next);
  };
}
