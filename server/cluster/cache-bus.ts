import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import type { AppContext } from '../context';
import { accountSettings } from '../modules/accounts/settings';

/** What a process holds in memory and another process's write can make stale. */
export type CacheTopic = 'white-labels' | 'reference-data';

type Client = ReturnType<typeof createClient>;
type Listener = (app: AppContext) => void;

interface Bus {
  publisher: Client;
  subscriber: Client;
  /** True while the subscription is live: caches may then keep entries longer (see `cacheBusLive`). */
  live: boolean;
}

const CHANNEL = 'renovation:cache-invalidation';
/** This process: it forgets its own caches at once, so it skips its own messages. */
const ORIGIN = randomUUID();
const listeners = new Map<CacheTopic, Listener[]>();
const buses = new WeakMap<AppContext, Bus>();

/** A cache module says how to forget its entries when another process changed the data behind them. */
export function onCacheChange(topic: CacheTopic, listener: Listener): void {
  listeners.set(topic, [...(listeners.get(topic) ?? []), listener]);
}

function forget(app: AppContext, topics: CacheTopic[]): void {
  for (const topic of topics) for (const listener of listeners.get(topic) ?? []) listener(app);
}

/**
 * Whether this process hears the others' invalidations right now. Without it (no REDIS_URL, or
 * Redis unreachable) caches keep their short time-to-live, as a single process always did.
 */
export function cacheBusLive(app: AppContext): boolean {
  return buses.get(app)?.live ?? false;
}

/**
 * Tells the other server processes that `topic` changed (after the commit). Without Redis there is
 * no other process to tell; a failed publish is logged and the others fall back on their TTL.
 */
export function publishCacheChange(app: AppContext, topic: CacheTopic): void {
  const bus = buses.get(app);
  if (!bus?.publisher.isReady) return;
  bus.publisher
    .publish(CHANNEL, JSON.stringify({ origin: ORIGIN, topic }))
    .catch((err: unknown) => app.logger.warn({ err, topic }, 'cache invalidation not published (Redis)'));
}

/**
 * Subscribes this process to the other processes' cache invalidations when REDIS_URL is set
 * (docs/operations.md, "Several server processes"). Redis pub/sub rather than PostgreSQL
 * LISTEN/NOTIFY: Redis is already what the processes share for the sign-in throttle, it works the
 * same whatever the database, and it needs no connection held out of the database pool. After a
 * (re)connection every cache is forgotten, since messages sent meanwhile were lost.
 * Returns the closer for shutdown; without REDIS_URL it does nothing and opens no connection.
 */
export function startCacheBus(app: AppContext): () => Promise<void> {
  const url = accountSettings(app).redisUrl;
  if (!url) return async () => undefined;
  const onError = (err: unknown) => app.logger.warn({ err }, 'cache invalidation bus (Redis) unavailable');
  const reconnectStrategy = (retries: number) => Math.min(retries * 200, 2000);
  const publisher: Client = createClient({ url, disableOfflineQueue: true, socket: { reconnectStrategy } });
  const subscriber: Client = publisher.duplicate();
  const bus: Bus = { publisher, subscriber, live: false };
  buses.set(app, bus);
  publisher.on('error', onError);
  subscriber.on('error', (err: unknown) => {
    bus.live = false;
    onError(err);
  });
  subscriber.on('end', () => (bus.live = false));
  let subscribed = false;
  subscriber.on('ready', () => {
    forget(app, [...listeners.keys()]);
    bus.live = subscribed;
  });
  // In the background: a Redis down at start delays nothing (the caches keep their short TTL).
  void (async () => {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscriber.subscribe(CHANNEL, (raw) => {
      try {
        const { origin, topic } = JSON.parse(raw) as { origin: string; topic: CacheTopic };
        if (origin !== ORIGIN) forget(app, [topic]);
      } catch (err) {
        onError(err);
      }
    });
    subscribed = true;
    bus.live = subscriber.isReady;
  })().catch(onError);
  return async () => {
    bus.live = false;
    buses.delete(app);
    await Promise.allSettled([subscriber.quit(), publisher.quit()]);
  };
}
