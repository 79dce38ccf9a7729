import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { PG_ADMIN_URL, createTestDatabase, type TestDatabase } from './databases';

// A test server's database used to be migrated and seeded (white labels, reference data, demo data)
// for every suite and dialect: about 0.6 s on SQLite and 1 s on PostgreSQL each, twice per API file.
// The API and browser projects now build each kind of database once per run (global-setup.ts) and
// every suite gets a copy: a file copy on SQLite, `CREATE DATABASE … TEMPLATE …` on PostgreSQL.
// The copy holds exactly what the per-suite seeding wrote, with the run's start day as the demo's
// seed day; startTestApp seeds afresh when the Paris day has changed since (data relative to today).

/** What a suite's database starts with: reference data only (`seed: false`), or the demo data too. */
export type TemplateKind = 'base' | 'demo';

export interface TemplateManifest {
  /** The Paris calendar day the demo's relative dates were resolved against (YYYY-MM-DD). */
  day: string;
  sqlite?: Partial<Record<TemplateKind, string>>;
  postgres?: Partial<Record<TemplateKind, string>>;
}

/** The environment variable global-setup.ts hands the manifest to the test processes in. */
export const TEMPLATES_ENV = 'TEST_DB_TEMPLATES';

const PARIS_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export function parisDay(at: Date = new Date()): string {
  return PARIS_DAY.format(at);
}

/** The template of `kind` on `dialect` made for this run, if any and if still today's. */
export function templateFor(dialect: 'sqlite' | 'postgres', kind: TemplateKind): string | undefined {
  const raw = process.env[TEMPLATES_ENV];
  if (!raw) return undefined;
  const manifest = JSON.parse(raw) as TemplateManifest;
  if (manifest.day !== parisDay()) return undefined;
  return manifest[dialect]?.[kind];
}

/** A fresh database holding a copy of a template made by `makeTemplate`. */
export async function cloneTestDatabase(
  dialect: 'sqlite' | 'postgres',
  template: string,
  options: { adminUrl?: string; prefix?: string } = {},
): Promise<TestDatabase> {
  const adminUrl = options.adminUrl ?? PG_ADMIN_URL;
  const prefix = options.prefix ?? 'reno_test';
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), `${prefix.replace(/_/g, '-')}-`));
    const file = join(dir, 'app.sqlite');
    copyFileSync(template, file);
    return { url: `sqlite:${file}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // PostgreSQL refuses a template while another session is connected to it; the only other
    // users are parallel clones of the same template, which are over in a few tens of ms.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${template}`);
        break;
      } catch (e) {
        if ((e as { code?: string }).code !== '55006' || attempt >= 50) throw e;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * An empty database filled by `fill` (whose connections are closed when it returns), to be copied by
 * `cloneTestDatabase`: the path of its SQLite file, or the name of its PostgreSQL database.
 */
export async function makeTemplate(
  dialect: 'sqlite' | 'postgres',
  fill: (url: string) => Promise<void>,
): Promise<string> {
  const database = await createTestDatabase(dialect, { prefix: 'reno_tpl' });
  try {
    await fill(database.url);
  } catch (e) {
    await database.drop();
    throw e;
  }
  if (dialect === 'postgres') return new URL(database.url).pathname.slice(1);
  const file = database.url.slice('sqlite:'.length);
  // Closing the last connection checkpoints the WAL into the file: a copy of the file alone is whole.
  if (existsSync(`${file}-wal`)) throw new Error(`template ${file}: the WAL was not checkpointed on close`);
  return file;
}

/** Removes the templates of a manifest (SQLite files and their folders, PostgreSQL databases). */
export async function dropTemplates(manifest: TemplateManifest, adminUrl = PG_ADMIN_URL): Promise<void> {
  for (const file of Object.values(manifest.sqlite ?? {})) rmSync(dirname(file), { recursive: true, force: true });
  const names = Object.values(manifest.postgres ?? {});
  if (!names.length) return;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}
