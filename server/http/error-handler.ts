import type { NextFunction, Request, Response } from 'express';
import type { AppContext } from '../context';
import { message } from '../context';
import { HttpError } from './http-error';

/** Every error becomes JSON with a French message; nothing internal leaks to the caller. */
export function errorHandler(app: AppContext) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction): void => {
    if (err instanceof HttpError) {
      res.status(err.status).json({
        error: err.code,
        message: err.message,
        ...(err.errors ? { errors: err.errors } : {}),
        ...(err.extra ?? {}),
      });
      return;
    }
    const e = err as { type?: string; status?: number; code?: string };
    if (e?.type === 'entity.too.large' || e?.status === 413) {
      res.status(413).json({ error: 'too_large', message: message(app, 'errors.413') });
      return;
    }
    if (e?.type === 'entity.parse.failed') {
      res.status(400).json({ error: 'invalid_json', message: message(app, 'errors.invalid_json') });
      return;
    }
    // A unique constraint that the pre-check missed (two writers at once) is still a field error.
    if (e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === '23505') {
      res.status(400).json({
        error: 'validation',
        message: message(app, 'validation.summary'),
        errors: [{ path: '', code: 'unique', params: {}, message: message(app, 'validation.unique') }],
      });
      return;
    }
    app.logger.error({ err, url: req.originalUrl, method: req.method }, 'unhandled error');
    // Every answer carries X-Request-Id; an unexpected error also puts it in the body, so that the
    // person who met it can quote it and the log lines of that request can be found.
    res.status(500).json({ error: 'server_error', message: message(app, 'errors.500'), requestId: req.requestId });
  };
}
