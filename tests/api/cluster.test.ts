import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { createTestDatabase, type TestDatabase } from '../helpers/databases';
import { cloneTestDatabase, templateFor } from '../helpers/db-templates';
import { httpRequest } from '../helpers/http-request';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';
import { startSmtpCapture } from '../helpers/smtp-capture';
import { openDatabase, type Database } from '../../server/db/database';
import { enqueueJob } from '../../server/jobs/enqueue-job';
import { addDays, parisDate, parisInstant } from '../../engine/time/paris-time';

// Two server processes (server/main.ts, as production runs them) on one PostgreSQL database and one
// Redis (docs/operations.md, "Several server processes"): a change made through one is served by
// the other within a second, a job due once runs once, and the sign-in throttle is shared.

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const GROUP = 2; // the demo advice centre
const PASSWORD = 'renovation-demo';

async function call(base: string, path: string, o: { method?: string; body?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = {};
  if (o.token) headers.Authorization = `JWT ${o.token}`;
  if (o.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await httpRequest(new URL(`/api/v1${path}`, base), {
    method: o.method ?? 'GET',
    headers,
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
  });
  return { status: res.status, body: res.text ? (JSON.parse(res.text) as any) : null };
}

async function login(base: string, email: string): Promise<string> {
  const res = await call(base, '/auth/obtain_token/', { method: 'POST', body: { email, password: PASSWORD } });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

describe.skipIf(!DIALECTS.includes('postgres'))('two server processes on PostgreSQL and Redis', () => {
  let database: TestDatabase;
  let db: Database;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    const template = templateFor('postgres', 'demo');
    database = template ? await cloneTestDatabase('postgres', template) : await createTestDatabase('postgres');
    const env = {
      REDIS_URL,
      SMTP_URL: smtp.url,
      MAIL_FROM: '"Rénovation Démo" <noreply@demo.fr>',
      JOB_POLL_SECONDS: '0.2',
      LOGIN_FAILURES_PER_EMAIL: '3',
    };
    // A migrates and seeds (when there is no template) alone, as start:cluster's first process does.
    a = await startServerProcess(database.url, env);
    b = await startServerProcess(database.url, env);
    db = openDatabase(database.url);
  }, 400_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.close();
    await smtp?.close();
    await database?.drop();
  });

  it('each process keeps idle connections longer than the upstream pool of nginx (65 s)', async () => {
    for (const p of [a, b]) {
      const res = await httpRequest(new URL('/healthz', p.url), {
        method: 'GET',
        headers: { Connection: 'keep-alive' },
      });
      expect(res.headers.get('keep-alive'), p.output()).toBe('timeout=65');
    }
  });

  it('a white label title changed through A is served by B within one second', async () => {
    const admin = await login(a.url, 'admin@demo.fr');
    const before = (await call(b.url, '/white_labelling/current/')).body;
    // B now holds the white label in its cache: only an invalidation from A can make it serve the new title.
    expect((await call(b.url, '/white_labelling/current/')).body.siteTitle).toBe(before.siteTitle);
    const title = `Rénovation Démo ${randomBytes(3).toString('hex')}`;
    const saved = await call(a.url, `/white_labelling/${before.pk}/`, {
      method: 'PATCH',
      token: admin,
      body: { siteTitle: title },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const changedAt = Date.now();
    let served = before.siteTitle as string;
    while (served !== title && Date.now() - changedAt < 5000) {
      served = (await call(b.url, '/white_labelling/current/')).body.siteTitle;
    }
    const seenAfter = Date.now() - changedAt;
    expect(served, b.output()).toBe(title);
    expect(seenAfter).toBeLessThan(1000);
  });

  it('a sign-in throttle reached through A holds on B', async () => {
    const email = `inconnu-${randomBytes(4).toString('hex')}@demo.fr`;
    const attempt = (base: string) =>
      call(base, '/auth/obtain_token/', { method: 'POST', body: { email, password: 'pas le bon' } });
    for (let i = 0; i < 3; i += 1) expect((await attempt(a.url)).status).toBe(400);
    const onB = await attempt(b.url);
    expect(onB.status).toBe(429);
    expect(onB.body.message).toMatch(/tentatives/i);
  });

  it('a registration mail and a day-before reminder, due once, are each sent once by the two runners', async () => {
    const advisor = await login(a.url, 'conseiller@demo.fr');
    const now = new Date().toISOString();
    await db.db
      .insertInto('messaging_smtp_account')
      .values({
        name: 'Envoi des événements',
        is_active: 1,
        group: GROUP,
        from_username: 'Espace conseil',
        smtp_type: 'smtp',
        email_host_user: 'evenements@espace-conseil.fr',
        email_host: '127.0.0.1',
        email_port: Number(new URL(smtp.url).port),
        email_host_password: '',
        email_use_tls: 0,
        email_use_ssl: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const start = parisInstant(addDays(parisDate(new Date()), 1), '10:00');
    const event = await call(a.url, '/events/event/', {
      method: 'POST',
      token: advisor,
      body: {
        title: 'Atelier « deux processus »',
        group: GROUP,
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
        address: '12 rue Vendôme\n38130 Échirolles',
        capacity: 10,
        isPublic: true,
      },
    });
    expect(event.status, JSON.stringify(event.body)).toBe(201);
    const to = `cluster-${randomBytes(4).toString('hex')}@exemple.fr`;
    const registered = await call(b.url, `/events/public/${event.body.pk}/register/`, {
      method: 'POST',
      body: { firstName: 'Agathe', lastName: 'Test', email: to, consent: true },
    });
    // A public registration counts once its address follows the mailed link (docs/events.md): confirmed on A.
    expect(registered.body).toEqual({ ok: 'check_mail' });
    const pending = await db.db
      .selectFrom('events_registration')
      .select('cancel_uuid')
      .where('email', '=', to)
      .executeTakeFirstOrThrow();
    const confirmed = await call(a.url, `/events/public/registration/${pending.cancel_uuid}/confirm/`, {
      method: 'POST',
    });
    expect(confirmed.body).toMatchObject({ status: 'confirmed' });
    // The day-before sweep, due now twice over (two schedule periods' worth): both runners compete for it.
    for (const n of [1, 2])
      await enqueueJob(db.db, { kind: 'events.reminders', payload: {}, dedupeKey: `cluster-test:${to}:${n}` });
    await smtp.waitFor(to, 0, 20_000);
    const end = Date.now() + 20_000;
    for (;;) {
      const open = await db.db
        .selectFrom('scheduled_job')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('kind', 'like', 'events.%')
        .where('status', 'in', ['pending', 'running'])
        .where('run_at', '<=', new Date().toISOString())
        .executeTakeFirstOrThrow();
      const reminded = smtp.mails.filter((m) => m.to.includes(to) && m.subject.includes('Rappel'));
      if ((Number(open.n) === 0 && reminded.length > 0) || Date.now() > end) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // "<white label> - <kind> – <event>": the kind tells the mail.
    const kinds = smtp.mails.filter((m) => m.to.includes(to)).map((m) => m.subject.split(' - ')[1]?.split(' – ')[0]);
    expect(kinds.filter((k) => !k?.startsWith('Confirmez')).sort()).toEqual([
      'Inscription confirmée',
      'Rappel : c’est demain',
    ]);
  });
});
