import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from '../helpers/browser';

const ROOT = resolve(import.meta.dirname, '../..');
const SKIP = new Set(['node_modules', 'data', 'dist', 'test-results', '.git', '.scratch']);

// The one file this test adds. No line of code is written anywhere else.
const MEETING_ROOM = {
  $schema: '../meta/entity.meta.json',
  $id: 'urn:app:entity:meeting-room',
  title: 'Salle de réunion',
  type: 'object',
  'x-entity': {
    name: 'meeting-room',
    module: 'dialogwatt',
    table: 'dialogwatt_meeting_room',
    labels: { singular: 'salle', plural: 'salles', new: 'Nouvelle salle', feminine: true },
    display: 'name',
    api: { path: 'dialogwatt/meeting-room', actions: ['list', 'detail', 'create', 'update', 'delete'] },
    list: {
      columns: ['name', 'seats', 'hasProjector'],
      search: ['name'],
      sortable: ['name', 'seats'],
      defaultSort: 'name',
    },
    screens: { path: '/dialogwatt/salles/', access: { role: ['staff'] }, title: 'Salles de réunion' },
    menu: { audience: 'advisor', parent: 'dialogwatt', label: 'Salles', order: 80 },
    rights: {
      view: { role: ['staff'] },
      create: {
        or: [
          { role: ['administrator'] },
          { and: [{ role: ['staff'] }, { in: [{ var: 'record.group' }, { var: 'user.scopeGroups' }] }] },
        ],
      },
      change: {
        or: [
          { role: ['administrator'] },
          { and: [{ role: ['staff'] }, { in: [{ var: 'record.group' }, { var: 'user.scopeGroups' }] }] },
        ],
      },
      delete: { role: ['administrator'] },
    },
  },
  properties: {
    name: { type: 'string', title: 'Nom de la salle', maxLength: 80 },
    group: {
      type: 'integer',
      title: 'Structure',
      'x-relation': { entity: 'group', filter: { '!': { var: 'record.isAdmin' } } },
    },
    seats: { type: 'integer', title: 'Nombre de places', minimum: 1, maximum: 200 },
    hasProjector: { type: 'boolean', title: 'Vidéoprojecteur', default: false },
  },
  required: ['name', 'group', 'seats'],
};

function run(cwd: string, command: string, args: string[]): string {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort) => {
    const s = createServer();
    s.listen(0, () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolvePort(port));
    });
  });
}

describe('low-code: one new entity schema file yields its API and its screens', () => {
  let dir: string;
  let server: ChildProcess | undefined;
  let url: string;
  let browser: Browser;
  let log = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'reno-lowcode-'));
    cpSync(ROOT, dir, { recursive: true, filter: (src) => !SKIP.has(src.split('/').pop() ?? '') || src === ROOT });
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    writeFileSync(join(dir, 'schemas/entities/meeting-room.schema.json'), `${JSON.stringify(MEETING_ROOM, null, 2)}\n`);
    run(dir, join(ROOT, 'node_modules/.bin/tsx'), ['generators/index.ts']);
    run(dir, join(ROOT, 'node_modules/.bin/vite'), [
      'build',
      '--config',
      'client/vite.config.ts',
      '--logLevel',
      'warn',
    ]);
    const port = await freePort();
    url = `http://localhost:${port}`;
    server = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['server/main.ts'], {
      cwd: dir,
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: `sqlite:${join(dir, 'data/app.sqlite')}`,
        LOG_LEVEL: 'warn',
        JWT_SECRET: 'lowcode-test',
      },
    });
    server.stdout?.on('data', (d) => {
      log += String(d);
    });
    server.stderr?.on('data', (d) => {
      log += String(d);
    });
    // Start-up (tsx, migrations, demo seed, validator compilation) takes a few seconds on a quiet machine and
    // much longer on a loaded CI runner: wait for it, but stop at once if the process died.
    let up = false;
    for (const deadline = Date.now() + 180_000; !up && Date.now() < deadline && server.exitCode === null;) {
      try {
        up = (await fetch(`${url}/api/v1/app_infos`)).ok;
      } catch {
        /* not listening yet */
      }
      if (!up) await new Promise((r) => setTimeout(r, 250));
    }
    if (!up) throw new Error(`the generated server did not start:\n${log}`);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    server?.kill('SIGTERM');
    if (dir && existsSync(dir)) rmSync(dir, { recursive: true, force: true });
  });

  it('generates the table migration, the API route, the client route and the OpenAPI paths', () => {
    const migration = JSON.parse(
      readFileSync(join(dir, 'server/generated/migrations/dialogwatt_meeting_room.json'), 'utf8'),
    );
    expect(migration.steps[0].ops[0]).toMatchObject({ op: 'createTable', table: 'dialogwatt_meeting_room' });
    expect(readFileSync(join(dir, 'server/generated/routes.ts'), 'utf8')).toContain(
      "path: '/api/v1/dialogwatt/meeting-room/'",
    );
    expect(readFileSync(join(dir, 'client/generated/manifest.ts'), 'utf8')).toContain(
      '"path": "/dialogwatt/salles/edition/:pk"',
    );
    expect(readFileSync(join(dir, 'engine/generated/types.ts'), 'utf8')).toContain('export interface MeetingRoom');
    expect(
      JSON.parse(readFileSync(join(dir, 'server/generated/openapi.json'), 'utf8')).paths[
        '/api/v1/dialogwatt/meeting-room/{pk}/'
      ],
    ).toBeDefined();
  });

  it('serves the API with rights and French validation', async () => {
    expect(log).not.toMatch(/error/i);
    const login = await fetch(`${url}/api/v1/auth/obtain_token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'conseiller@demo.fr', password: 'renovation-demo' }),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { Authorization: `JWT ${token}`, 'content-type': 'application/json' };
    expect((await fetch(`${url}/api/v1/dialogwatt/meeting-room/`)).status).toBe(401);
    const bad = await fetch(`${url}/api/v1/dialogwatt/meeting-room/`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ group: 2, seats: 500 }),
    });
    expect(bad.status).toBe(400);
    const errors = ((await bad.json()) as { errors: { path: string; message: string }[] }).errors;
    expect(errors).toEqual([
      expect.objectContaining({ path: 'name', message: 'Ce champ est obligatoire.' }),
      expect.objectContaining({ path: 'seats', message: 'Ce champ doit être inférieur ou égal à 200.' }),
    ]);
    const created = await fetch(`${url}/api/v1/dialogwatt/meeting-room/`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ name: 'Salle Vercors', group: 2, seats: 12 }),
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ name: 'Salle Vercors', seats: 12, hasProjector: false });
    const list = (await (await fetch(`${url}/api/v1/dialogwatt/meeting-room/`, { headers: auth })).json()) as {
      name: string;
    }[];
    expect(list.map((r) => r.name)).toEqual(['Salle Vercors']);
  });

  it('shows its menu entry, list and form in Chromium, and saves through the form', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, url, 'conseiller@demo.fr');
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Salles' }).click();
    await page.waitForURL(`${url}/dialogwatt/salles/`);
    await expect.poll(() => page.getByRole('row', { name: /Salle Vercors/ }).count()).toBe(1);
    await page.getByRole('link', { name: 'Nouvelle salle' }).click();
    await page.getByLabel('Nom de la salle').fill('Salle Chartreuse');
    await page.getByLabel('Structure').selectOption({ label: 'Espace Conseil Démo' });
    await page.getByLabel('Nombre de places').fill('30');
    await page.getByLabel('Vidéoprojecteur').check();
    await screenshot(page, 'lowcode-form');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL(`${url}/dialogwatt/salles/`);
    const row = page.getByRole('row', { name: /Salle Chartreuse/ });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('Oui');
    await screenshot(page, 'lowcode-list');
    expect(errors).toEqual([]);
    await context.close();
  });
});
