import type { RequestHandler } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import type { AppContext } from '../../context';
import { message } from '../../context';
import { accountSettings } from '../accounts/settings';
import { RedisCounterStore } from '../auth/redis-store';
import { bookingSettings, type BookingSettings } from './booking-settings';

/** Counters shared through Redis when REDIS_URL is set (several processes), in memory otherwise. */
function store(app: AppContext, prefix: string): Store | undefined {
  const url = accountSettings(app).redisUrl;
  if (!url) return undefined;
  return new RedisCounterStore(url, `renovation:${prefix}:`, (err) =>
    app.logger.warn({ err }, 'rate-limit store (Redis) unavailable'),
  );
}

/**
 * One per-IP limiter of the booking endpoints. The limit is read at each request, so that a test
 * (or an operator through the settings) may change it without rebuilding the router; the window
 * is fixed when the router is built.
 */
export function bookingLimiter(app: AppContext, name: string, limitOf: (s: BookingSettings) => number): RequestHandler {
  return rateLimit({
    windowMs: bookingSettings(app).rateWindowMs,
    limit: () => limitOf(bookingSettings(app)),
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    store: store(app, `booking-${name}`),
    passOnStoreError: true,
    handler: (_req, res) => {
      res.status(429).json({ error: 'too_many_requests', message: message(app, 'errors.429') });
    },
  });
}
