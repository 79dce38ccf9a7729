import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';
import { sql } from 'kysely';
import { openDatabase } from '../db/database';
import { tableDigests, type TableDigest } from './table-digests';

export const run = promisify(execFile);

/** What a backup archive says about itself (manifest.json at its root). */
export interface BackupManifest {
  format: 'renovation-backup';
  version: 1;
  createdAt: string;
  appVersion: string;
  dialect: 'sqlite' | 'postgres';
  /** The database inside the archive: a SQLite file or a pg_dump custom-format dump. */
  databaseFile: 'database.sqlite' | 'database.pgdump';
  tables: Record<string, TableDigest>;
  media: { files: number; bytes: number };
}

export interface BackupOptions {
  databaseUrl: string;
  mediaDir: string;
  /** The archive to write (.tar.gz). */
  out: string;
  appVersion: string;
  /** Row counts only, no digests (very large databases). */
  countsOnly?: boolean;
}

export const isPostgres = (url: string) => url.startsWith('postgres://') || url.startsWith('postgresql://');
export const sqliteFile = (url: string) => resolve(url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : url);

function mediaSize(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  if (!existsSync(dir)) return { files, bytes };
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

/**
 * One archive holding the database and the uploaded files, taken while the server runs: SQLite's
 * online backup API (a consistent copy even with writers, WAL included) or pg_dump (one
 * snapshot). The manifest's digests describe exactly what the archive holds, so a restore can be
 * checked table by table.
 */
export async function createBackup(options: BackupOptions): Promise<BackupManifest> {
  if (!isPostgres(options.databaseUrl) && !existsSync(sqliteFile(options.databaseUrl)))
    throw new Error(`Base SQLite introuvable : ${sqliteFile(options.databaseUrl)} (DATABASE_URL)`);
  const staging = mkdtempSync(join(tmpdir(), 'renovation-backup-'));
  try {
    const postgres = isPostgres(options.databaseUrl);
    const databaseFile = postgres ? 'database.pgdump' : 'database.sqlite';
    const counts = options.countsOnly;
    let tables: Record<string, TableDigest>;
    if (postgres) {
      // The digests and the dump read one snapshot: pg_dump joins the transaction's exported
      // snapshot, so writers going on meanwhile are in neither.
      const database = openDatabase(options.databaseUrl);
      try {
        tables = await database.db.connection().execute(async (conn) => {
          await sql`begin isolation level repeatable read, read only`.execute(conn);
          try {
            const snapshot = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(conn);
            const dumped = run('pg_dump', [
              '--format=custom',
              '--no-owner',
              `--snapshot=${snapshot.rows[0].id}`,
              `--file=${join(staging, databaseFile)}`,
              options.databaseUrl,
            ]);
            const digests = await tableDigests({ ...database, db: conn }, { counts });
            await dumped;
            return digests;
          } finally {
            await sql`commit`.execute(conn);
          }
        });
      } finally {
        await database.close();
      }
    } else {
      const source = new SQLite(sqliteFile(options.databaseUrl), { readonly: true, fileMustExist: true });
      try {
        await source.backup(join(staging, databaseFile));
      } finally {
        source.close();
      }
      // Digests of the copy itself: what the archive holds, whatever was written since.
      const copy = openDatabase(`sqlite:${join(staging, databaseFile)}`);
      try {
        tables = await tableDigests(copy, { counts });
      } finally {
        await copy.close();
      }
    }
    const media = mediaSize(options.mediaDir);
    const manifest: BackupManifest = {
      format: 'renovation-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      appVersion: options.appVersion,
      dialect: postgres ? 'postgres' : 'sqlite',
      databaseFile,
      tables,
      media,
    };
    writeFileSync(join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    // The media folder goes in through a link followed by tar, not a copy: it may be large.
    const entries = ['manifest.json', databaseFile];
    if (existsSync(options.mediaDir)) {
      symlinkSync(resolve(options.mediaDir), join(staging, 'media'), 'dir');
      entries.push('media');
    }
    mkdirSync(dirname(resolve(options.out)), { recursive: true });
    await tar.c({ gzip: true, file: options.out, cwd: staging, follow: true, portable: true }, entries);
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
