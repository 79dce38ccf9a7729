import { createClient } from 'redis';
import type { IncrementResponse, Options, Store } from 'express-rate-limit';

type Client = ReturnType<typeof createClient>;

const clients = new Map<string, Client>();

/** One client per Redis URL for the whole process; commands fail at once while Redis is down. */
function clientFor(url: string, onError: (e: unknown) => void): Client {
  let c = clients.get(url);
  if (!c) {
    c = createClient({ url, disableOfflineQueue: true, socket: { connectTimeout: 2000, reconnectStrategy: (retries) => Math.min(retries * 200, 5000) } });
    c.on('error', onError);
    void c.connect().catch(onError);
    clients.set(url, c);
  }
  return c;
}

/**
 * Fixed-window counters in Redis, so that every server process counts the same attempts
 * (express-rate-limit's own MemoryStore counts per process).
 */
export class RedisCounterStore implements Store {
  localKeys = false;
  private windowMs = 60_000;
  private readonly client: Client;

  constructor(url: string, readonly prefix: string, onError: (e: unknown) => void) {
    this.client = clientFor(url, onError);
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  private k(key: string): string {
    return `${this.prefix}${key}`;
  }

  async increment(key: string): Promise<IncrementResponse> {
    const k = this.k(key);
    // SET NX starts a window only for a new key; INCR and PTTL then read it, all in one round trip.
    const [, hits, ttl] = (await this.client.multi().set(k, '0', { condition: 'NX', expiration: { type: 'PX', value: this.windowMs } }).incr(k).pTTL(k).exec()) as unknown as [unknown, number, number];
    return { totalHits: Number(hits), resetTime: new Date(Date.now() + (Number(ttl) > 0 ? Number(ttl) : this.windowMs)) };
  }

  async get(key: string): Promise<IncrementResponse | undefined> {
    const k = this.k(key);
    const [hits, ttl] = (await this.client.multi().get(k).pTTL(k).exec()) as unknown as [string | null, number];
    if (hits === null) return undefined;
    return { totalHits: Number(hits), resetTime: new Date(Date.now() + Math.max(Number(ttl), 0)) };
  }

  async decrement(key: string): Promise<void> {
    const k = this.k(key);
    // Never below zero, and never a key without expiry (a DECR on a missing key would create one).
    await this.client.eval("local v = redis.call('GET', KEYS[1]) if v and tonumber(v) > 0 then redis.call('DECR', KEYS[1]) end return 0", { keys: [k] });
  }

  async resetKey(key: string): Promise<void> {
    await this.client.del(this.k(key));
  }
}
