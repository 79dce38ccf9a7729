import type { NextFunction, Request, RequestHandler, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join, sep } from 'node:path';

/** Vite names every file under /assets/ after a hash of its content: a new content is a new name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files of client/public keep their names (favicon): a browser checks them again after an hour. */
export const SHORT = 'public, max-age=3600';

function cacheControl(dist: string): (res: ServerResponse, path: string) => void {
  const assets = join(dist, 'assets') + sep;
  return (res, path) => res.setHeader('Cache-Control', path.startsWith(assets) ? IMMUTABLE : SHORT);
}

function builtAt(dist: string): number {
  try {
    return statSync(join(dist, 'index.html')).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * The built client's files, sent as the brotli or gzip file that the build wrote next to each one
 * when the browser accepts it (`Vary: Accept-Encoding`), as is otherwise. index.html is not served
 * here: the application shell handler writes it for each request.
 *
 * express-static-gzip lists the compressed files when it is created, so it is created again when
 * the client is rebuilt (index.html changes at every build) — a rebuilt client is served at once.
 */
export function clientAssets(dist: string): RequestHandler {
  let built = -1;
  let serve: RequestHandler = (_req, _res, next) => next();
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path === '/' || req.path === '/index.html') return next();
    const at = builtAt(dist);
    if (at !== built) {
      built = at;
      serve = expressStaticGzip(dist, {
        enableBrotli: true,
        orderPreference: ['br', 'gzip'],
        index: false,
        serveStatic: { index: false, cacheControl: false, setHeaders: cacheControl(dist) },
      }) as RequestHandler;
    }
    serve(req, res, next);
  };
}
