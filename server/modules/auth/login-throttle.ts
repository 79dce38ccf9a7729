import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import type { AppContext } from '../../context';
import { message } from '../../context';
import { accountSettings } from '../accounts/settings';
import { RedisCounterStore } from './redis-store';

/**
 * Counters in memory by default (one process); in Redis when REDIS_URL is set, so that several
 * processes behind a load balancer share them. A Redis outage lets requests through (logged)
 * rather than locking everyone out.
 */
function store(app: AppContext, prefix: string): Store | undefined {
  const url = accountSettings(app).redisUrl;
  if (!url) return undefined;
  return new RedisCounterStore(url, `renovation:${prefix}:`, (err) =>
    app.logger.warn({ err }, 'rate-limit store (Redis) unavailable'),
  );
}

function refuse(app: AppContext, key: string) {
  return (req: Request, res: Response) => {
    const reset = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
    if (reset) res.set('Retry-After', String(Math.max(1, Math.ceil((reset.getTime() - Date.now()) / 1000))));
    res.status(429).json({ error: 'too_many_attempts', message: message(app, key) });
  };
}

function emailOf(req: Request): string | null {
  const email = (req.body as Record<string, unknown> | undefined)?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : null;
}

/**
 * Sign-in throttling counts failures only: failed attempts count against the IP address
 * (LOGIN_RATE_LIMIT, 20 per 15 min by default) and against the e-mail address
 * (LOGIN_FAILURES_PER_EMAIL, 5), whatever the IP, which slows a distributed guess of one account.
 * Successful sign-ins are not counted, so that a training room or an advice centre behind one
 * address can sign in all day; a success also clears the e-mail's failures.
 */
export function loginThrottle(app: AppContext): RequestHandler[] {
  const s = accountSettings(app);
  const perIp = rateLimit({
    windowMs: s.rateWindowMs,
    limit: s.loginPerIp,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    store: store(app, 'login-ip'),
    passOnStoreError: true,
    skipSuccessfulRequests: true,
    handler: refuse(app, 'auth.too_many_attempts'),
  });
  const emailStore = store(app, 'login-email');
  const perEmail = rateLimit({
    windowMs: s.rateWindowMs,
    limit: s.loginFailuresPerEmail,
    standardHeaders: false,
    legacyHeaders: false,
    store: emailStore,
    passOnStoreError: true,
    skipSuccessfulRequests: true,
    skip: (req) => emailOf(req) === null,
    keyGenerator: (req) => emailOf(req)!,
    handler: refuse(app, 'auth.too_many_attempts'),
  });
  const clearOnSuccess = (req: Request, res: Response, next: NextFunction) => {
    const email = emailOf(req);
    if (email) {
      res.on('finish', () => {
        if (res.statusCode === 200) void Promise.resolve(perEmail.resetKey(email)).catch(() => undefined);
      });
    }
    next();
  };
  return [perIp, perEmail, clearOnSuccess];
}

/** Requests that send e-mails or create accounts (password reset, self-registration), per IP. */
export function accountRequestThrottle(app: AppContext, name: string): RequestHandler {
  const s = accountSettings(app);
  return rateLimit({
    windowMs: s.rateWindowMs,
    limit: s.accountRequestsPerIp,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    store: store(app, name),
    passOnStoreError: true,
    handler: refuse(app, 'errors.429'),
  });
}
