import type { Request, RequestHandler } from 'express';
import { timingSafeEqual } from 'node:crypto';
import type { AppMetrics } from './metrics';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Who may read the metrics: with METRICS_TOKEN, whoever sends it as a bearer token; without, only
 * a scraper on the same machine talking to the process directly. A request relayed by a reverse
 * proxy on the same machine also comes from 127.0.0.1, so any forwarding header refuses it: the
 * metrics never leak to the public through the proxy.
 */
function allowed(req: Request, token: string | undefined): boolean {
  if (token) {
    const m = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '');
    return !!m && sameSecret(m[1], token);
  }
  const forwarded = req.get('x-forwarded-for') || req.get('forwarded') || req.get('x-real-ip');
  return !forwarded && LOOPBACK.has(req.socket.remoteAddress ?? '');
}

export function metricsEndpoint(metrics: AppMetrics, token: string | undefined): RequestHandler {
  return (req, res, next) => {
    if (!allowed(req, token)) {
      res.status(404).type('text').send('Not found');
      return;
    }
    metrics.registry
      .metrics()
      .then((text) => res.set('content-type', metrics.registry.contentType).send(text))
      .catch(next);
  };
}
