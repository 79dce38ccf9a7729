import { createClient } from 'redis';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import type { ClientRateLimitInfo, IncrementResponse } from 'express-rate-limit';

type Client = ReturnType<typeof createClient>;
interface Connection {
  client: Client;
  firstConnection: Promise<void>;
}

const connections = new Map<string, Connection>();
const FIRST_CONNECTION_MS = 2000;

/**
 * One client per Redis URL for the whole process. Commands fail at once while Redis is down (the
 * limiter then lets requests through), except during the first connection, which they wait for
 * (2 s at most): otherwise the attempts made just after a start would not be counted.
 */
function connectionFor(url: string, onError: (e: unknown) => void): Connection {
  let c = connections.get(url);
  if (!c) {
    const client: Client = createClient({
      url,
      disableOfflineQueue: true,
      socket: { connectTimeout: FIRST_CONNECTION_MS, reconnectStrategy: (retries) => Math.min(retries * 200, 5000) },
    });
    client.on('error', onError);
    const firstConnection = new Promise<void>((resolve) => {
      client.once('ready', () => resolve());
      setTimeout(resolve, FIRST_CONNECTION_MS).unref();
    });
    void client.connect().catch(onError);
    c = { client, firstConnection };
    connections.set(url, c);
  }
  return c;
}

/**
 * rate-limit-redis's store (fixed windows: one Lua script increments and sets the expiry, so a key
 * never lives without one), on the `redis` client, so that every server process counts the same
 * attempts. Its scripts are loaded when the limiter is created; if Redis could not be reached then,
 * they are loaded again at the next use instead of failing until the next restart.
 */
export class RedisCounterStore extends RedisStore {
  constructor(url: string, prefix: string, onError: (e: unknown) => void) {
    const { client, firstConnection } = connectionFor(url, onError);
    super({
      prefix,
      sendCommand: async (...args: string[]) => {
        if (!client.isReady) await firstConnection;
        return (await client.sendCommand(args)) as RedisReply;
      },
    });
  }

  override async increment(key: string): Promise<IncrementResponse> {
    this.incrementScriptSha = this.incrementScriptSha.catch(() => this.loadIncrementScript());
    return super.increment(key);
  }

  override async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    this.getScriptSha = this.getScriptSha.catch(() => this.loadGetScript());
    return super.get(key);
  }
}

/**
 * PING on this process's shared client for `url` (readiness probe): true when Redis answered
 * within `timeoutMs`. A Redis that is down makes the process not ready rather than failing later.
 */
export async function pingRedis(url: string, timeoutMs: number, onError: (e: unknown) => void): Promise<boolean> {
  const { client, firstConnection } = connectionFor(url, onError);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    const ping = (async () => {
      if (!client.isReady) await firstConnection;
      if (!client.isReady) return false;
      return (await client.ping()) === 'PONG';
    })().catch(() => false);
    return await Promise.race([ping, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
