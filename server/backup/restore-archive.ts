import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tar from 'tar';
import { openDatabase } from '../db/database';
import { isPostgres, run, sqliteFile, type BackupManifest } from './backup-archive';
import { digestDifferences, tableDigests, tableNames } from './table-digests';

export interface RestoreOptions {
  archive: string;
  databaseUrl: string;
  mediaDir: string;
  /** Restore over a database that already holds tables. */
  force?: boolean;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Tables that differ from the backup once restored (empty when the restore is faithful). */
  differences: string[];
}

/** An operator's mistake that must stop the restore before anything is touched. */
export class RestoreRefused extends Error {}

async function existingTables(databaseUrl: string): Promise<string[]> {
  if (!isPostgres(databaseUrl) && !existsSync(sqliteFile(databaseUrl))) return [];
  const database = openDatabase(databaseUrl);
  try {
    return await tableNames(database);
  } finally {
    await database.close();
  }
}

/**
 * Restores an archive of createBackup into `databaseUrl` and `mediaDir`, then reads the restored
 * tables and compares them with the digests the archive holds. The server must be stopped on a
 * SQLite file (the file is replaced); on PostgreSQL the usual target is a new, empty database.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  if (!existsSync(options.archive)) throw new RestoreRefused(`Sauvegarde introuvable : ${options.archive}`);
  const staging = mkdtempSync(join(tmpdir(), 'renovation-restore-'));
  try {
    await tar.x({ file: options.archive, cwd: staging });
    const manifestPath = join(staging, 'manifest.json');
    if (!existsSync(manifestPath)) throw new RestoreRefused("Ce fichier n'est pas une sauvegarde de la plateforme.");
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as BackupManifest;
    if (manifest.format !== 'renovation-backup' || manifest.version !== 1)
      throw new RestoreRefused("Ce fichier n'est pas une sauvegarde de la plateforme (format inconnu).");
    const postgres = isPostgres(options.databaseUrl);
    if ((manifest.dialect === 'postgres') !== postgres)
      throw new RestoreRefused(
        `Cette sauvegarde vient d'une base ${manifest.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} : ` +
          `elle se restaure dans une base du même type.`,
      );
    const present = await existingTables(options.databaseUrl);
    if (present.length && !options.force)
      throw new RestoreRefused(
        `La base cible contient déjà ${present.length} tables : restaurez dans une base vide, ` +
          `ou ajoutez --force pour la remplacer.`,
      );
    const dump = join(staging, manifest.databaseFile);
    if (postgres) {
      await run('pg_restore', [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        `--dbname=${options.databaseUrl}`,
        dump,
      ]);
    } else {
      const target = sqliteFile(options.databaseUrl);
      // Copied beside the target, then renamed over it: a crash half-way leaves the old file whole.
      const next = `${target}.restoring`;
      copyFileSync(dump, next);
      for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
      renameSync(next, target);
    }
    const media = join(staging, 'media');
    if (existsSync(media)) cpSync(media, options.mediaDir, { recursive: true, force: true });
    const database = openDatabase(options.databaseUrl);
    try {
      const countsOnly = Object.values(manifest.tables).every((t) => !t.sha256);
      const restored = await tableDigests(database, { counts: countsOnly });
      return { manifest, differences: digestDifferences(manifest.tables, restored) };
    } finally {
      await database.close();
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
