import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { createTestDatabase, type TestDatabase } from '../helpers/databases';
import { cloneTestDatabase, templateFor } from '../helpers/db-templates';
import { httpRequest } from '../helpers/http-request';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';
import { openDatabase } from '../../server/db/database';

// Durability (issue 14, item 2; docs/operations.md, "Durability"): a write load through the HTTP API
// against server/main.ts in a child process, killed with SIGKILL at a random moment ten times and
// restarted each time. Every write the server acknowledged must be there after the restart, and no
// multi-record save may be found half written.
//
// The load: event registrations (one transaction: the event locked, a file-area contact created,
// the registration, its confirmation mail job) and file-area contacts created then updated
// (each update writes the next version number in lastName; one client writes each contact in turn).

const KILLS = 10;
const WORKERS = 4;
const GROUP = 2; // the demo advice centre

type Call = (
  path: string,
  o?: { method?: string; body?: unknown; token?: string },
) => Promise<{ status: number; body: any }>;

function caller(url: () => string): Call {
  return async (path, o = {}) => {
    const headers: Record<string, string> = {};
    if (o.token) headers.Authorization = `JWT ${o.token}`;
    if (o.body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await httpRequest(new URL(`/api/v1${path}`, url()), {
      method: o.method ?? 'GET',
      headers,
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
    return { status: res.status, body: res.text ? (JSON.parse(res.text) as any) : null };
  };
}

/** What the client saw acknowledged (and what it sent without an answer). */
interface Log {
  registered: Set<string>;
  /** Contact pk → last version acknowledged. */
  acked: Map<number, number>;
  /** Contact pk → version sent and not answered (the kill came first): it may or may not be there. */
  inFlight: Map<number, number>;
}

describe.each(DIALECTS)('acknowledged writes survive SIGKILL on %s', (dialect) => {
  let database: TestDatabase;
  let server: ServerProcess;
  const call = caller(() => server.url);
  // The access token must outlive the run (restarts take tens of seconds on a loaded machine).
  const env = { JOB_RUNNER: 'off', BOOKING_RATE_LIMIT: '1000000', ACCESS_TOKEN_SECONDS: '7200' };
  const log: Log = { registered: new Set(), acked: new Map(), inFlight: new Map() };
  let token = '';
  let event = 0;
  let sequence = 0;
  let acknowledged = 0;
  /** Answers that were not the expected success (checked after each round, not thrown mid-load). */
  const failures: string[] = [];

  beforeAll(async () => {
    const template = templateFor(dialect, 'demo');
    database = template ? await cloneTestDatabase(dialect, template) : await createTestDatabase(dialect);
    server = await startServerProcess(database.url, env);
    const login = await call('/auth/obtain_token/', {
      method: 'POST',
      body: { email: 'conseiller@demo.fr', password: 'renovation-demo' },
    });
    token = login.body.token;
    const start = new Date(Date.now() + 10 * 86_400_000);
    const created = await call('/events/event/', {
      method: 'POST',
      token,
      body: {
        title: 'Atelier « durabilité »',
        group: GROUP,
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 3_600_000).toISOString(),
        address: '1 place de la Gare\n38000 Grenoble',
        capacity: 100_000,
        isPublic: true,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    event = created.body.pk;
  }, 300_000);
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await database?.drop();
  });

  /** One client: registrations and contact writes one after the other until the server goes. */
  async function client(stop: { now: boolean }): Promise<void> {
    const mine: number[] = [];
    while (!stop.now) {
      sequence += 1;
      const n = sequence;
      try {
        if (n % 3 === 0) {
          const email = `durable-${n}@exemple.fr`;
          // The staff's registration: placed at once in the capacity transaction, with its contact and mail job
          // (a public one waits for its address to follow the mailed link, docs/events.md).
          const res = await call(`/events/staff/${event}/attendees/`, {
            method: 'POST',
            token,
            body: { firstName: 'Durable', lastName: `n${n}`, email, consent: true },
          });
          if (res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
          log.registered.add(email);
          acknowledged += 1;
        } else if (n % 3 === 1 || mine.length === 0) {
          const res = await call('/fac/contact/', {
            method: 'POST',
            token,
            body: { civility: 'Mme', firstName: 'Durable', lastName: 'v0', owningGroup: GROUP },
          });
          if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
          mine.push(res.body.pk);
          log.acked.set(res.body.pk, 0);
          acknowledged += 1;
        } else {
          const pk = mine[n % mine.length]!;
          const next = log.acked.get(pk)! + 1;
          log.inFlight.set(pk, next);
          const res = await call(`/fac/contact/${pk}/`, { method: 'PATCH', token, body: { lastName: `v${next}` } });
          if (res.status !== 200) throw new Error(`update: ${res.status} ${JSON.stringify(res.body)}`);
          log.acked.set(pk, next);
          log.inFlight.delete(pk);
          acknowledged += 1;
        }
      } catch (e) {
        // The kill: a connection reset or refused, never an answer the server gave.
        if (!stop.now && !/ECONNRESET|ECONNREFUSED|socket hang up/.test(String(e))) failures.push(String(e));
        return;
      }
    }
  }

  async function check(): Promise<void> {
    const db = openDatabase(database.url);
    try {
      const registrations = await db.db
        .selectFrom('events_registration')
        .select(['pk', 'email', 'contact'])
        .where('event', '=', event)
        .execute();
      const emails = new Set(registrations.map((r) => r.email));
      for (const email of log.registered) expect(emails.has(email), `acknowledged registration ${email}`).toBe(true);
      // All or nothing: each registration has its contact and its mail job; each contact made by one has it.
      const contacts = await db.db
        .selectFrom('fac_contact')
        .select(['pk', 'email', 'last_name'])
        .where('first_name', '=', 'Durable')
        .execute();
      const contactPks = new Set(contacts.map((c) => c.pk));
      const jobs = await db.db
        .selectFrom('scheduled_job')
        .select('dedupe_key')
        .where('dedupe_key', 'like', 'events:mail:%:confirmed')
        .execute();
      const jobKeys = new Set(jobs.map((j) => j.dedupe_key));
      for (const r of registrations) {
        expect(contactPks.has(r.contact!), `contact of registration ${r.pk}`).toBe(true);
        expect(jobKeys.has(`events:mail:${r.pk}:confirmed`), `mail job of registration ${r.pk}`).toBe(true);
      }
      for (const c of contacts)
        if (c.email) expect(emails.has(c.email), `registration of contact ${c.email}`).toBe(true);
      // Every acknowledged create and update is there; an unanswered update may be.
      const version = new Map(contacts.map((c) => [c.pk, Number(String(c.last_name).slice(1))]));
      for (const [pk, acked] of log.acked) {
        const stored = version.get(pk);
        const possible = [acked, log.inFlight.get(pk)];
        expect(possible, `contact ${pk}: acknowledged v${acked}, stored v${stored}`).toContain(stored);
      }
    } finally {
      await db.close();
    }
  }

  it(`keeps every acknowledged write across ${KILLS} kills`, async () => {
    let writes = 0;
    for (let kill = 0; kill < KILLS; kill += 1) {
      const stop = { now: false };
      const clients = Array.from({ length: WORKERS }, () => client(stop));
      const before = acknowledged;
      // A random moment of the load: once it writes (the first requests of a fresh process are
      // slower), then 0 to 1.5 s later.
      while (acknowledged - before < WORKERS && failures.length === 0) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, Math.random() * 1500));
      await server.stop('SIGKILL');
      stop.now = true;
      await Promise.all(clients);
      expect(failures).toEqual([]);
      writes += acknowledged - before;
      server = await startServerProcess(database.url, env);
      await check();
    }
    // The load did write between kills (otherwise the test would prove nothing).
    expect(writes).toBeGreaterThan(KILLS * WORKERS * 2);
    expect(log.registered.size).toBeGreaterThan(KILLS);
    expect([...log.acked.values()].some((v) => v > 1)).toBe(true);
  }, 900_000);
});
