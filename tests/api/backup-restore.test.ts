import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIALECTS } from '../helpers/dialects';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { createTestDatabase } from '../helpers/databases';
import { createBackup } from '../../server/backup/backup-archive';
import { restoreBackup, RestoreRefused } from '../../server/backup/restore-archive';
import { digestDifferences, tableDigests } from '../../server/backup/table-digests';
import { sql } from 'kysely';

// Issue 14, item 3: `npm run backup` / `npm run restore` — the database and the uploaded files in
// one archive, restored into a fresh database and compared table by table.
describe.each(DIALECTS)('backup and restore on %s', (dialect) => {
  const work = mkdtempSync(join(tmpdir(), 'backup-test-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const pdf = Buffer.from('%PDF-1.4\nplan d’accès sauvegardé\n%%EOF\n');

  async function uploadPlan(t: TestApp, token: string): Promise<number> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'plan.pdf');
    const up = await fetch(`${t.url}/api/v1/dialogwatt/place/file/accessMap/`, {
      method: 'POST',
      headers: { Authorization: `JWT ${token}` },
      body: form,
    });
    expect(up.status).toBe(201);
    const place = await t.call('/dialogwatt/place/', {
      method: 'POST',
      token,
      body: { name: 'Lieu sauvegardé', groups: [2], accessMap: await up.json() },
    });
    expect(place.status).toBe(201);
    return place.body.pk as number;
  }

  it('restores the demo database and its files into a fresh database, identical table by table', async () => {
    const mediaDir = join(work, 'media');
    const source = await startTestApp(dialect, { env: { MEDIA_DIR: mediaDir } });
    const archive = join(work, 'sauvegarde.tar.gz');
    let placePk: number;
    let sourceDigests: Awaited<ReturnType<typeof tableDigests>>;
    try {
      placePk = await uploadPlan(source, await source.login('conseiller@demo.fr'));
      const manifest = await createBackup({
        databaseUrl: source.app.config.databaseUrl,
        mediaDir,
        out: archive,
        appVersion: 'test',
      });
      sourceDigests = await tableDigests(source.app.database);
      // The archive describes the source exactly, demo data included.
      expect(manifest.tables).toEqual(sourceDigests);
      expect(manifest.tables.account_user.rows).toBeGreaterThan(5);
      expect(manifest.media.files).toBeGreaterThanOrEqual(1);
    } finally {
      await source.close();
    }

    const target = await createTestDatabase(dialect);
    const restoredMedia = join(work, 'media-restored');
    const result = await restoreBackup({ archive, databaseUrl: target.url, mediaDir: restoredMedia });
    expect(result.differences).toEqual([]);

    // The restored platform serves the same data and the uploaded file, and takes new records.
    const restored = await startTestApp(dialect, { database: target, env: { MEDIA_DIR: restoredMedia } });
    try {
      expect(await tableDigests(restored.app.database)).toEqual(sourceDigests);
      const token = await restored.login('conseiller@demo.fr');
      const file = await fetch(`${restored.url}/api/v1/dialogwatt/place/${placePk}/file/accessMap/`, {
        headers: { Authorization: `JWT ${token}` },
      });
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
      const created = await restored.call('/dialogwatt/place/', {
        method: 'POST',
        token,
        body: { name: 'Lieu après restauration', groups: [2] },
      });
      expect(created.status).toBe(201);
      expect(created.body.pk).toBeGreaterThan(placePk);

      // The digests do notice a change: the new place makes its table differ from the backup.
      const now = await tableDigests(restored.app.database);
      const placeCount = sourceDigests.dialogwatt_place.rows;
      expect(digestDifferences(sourceDigests, now)).toContain(
        `dialogwatt_place : ${placeCount} lignes sauvegardées, ${placeCount + 1} restaurées`,
      );
    } finally {
      await restored.close();
    }
  }, 300_000);

  it('refuses, in French and touching nothing, a non-empty target, another database type, another file', async () => {
    const archive = join(work, 'sauvegarde.tar.gz');
    expect(existsSync(archive)).toBe(true);
    const busy = await startTestApp(dialect, { seed: false });
    try {
      const before = await tableDigests(busy.app.database);
      await expect(
        restoreBackup({ archive, databaseUrl: busy.app.config.databaseUrl, mediaDir: join(work, 'm2') }),
      ).rejects.toThrow(/La base cible contient déjà \d+ tables/);
      expect(await tableDigests(busy.app.database)).toEqual(before);
      // With --force the backup replaces it, identical to the archive.
      const forced = await restoreBackup({
        archive,
        databaseUrl: busy.app.config.databaseUrl,
        mediaDir: join(work, 'm2'),
        force: true,
      });
      expect(forced.differences).toEqual([]);
    } finally {
      await busy.close();
    }
    const otherUrl =
      dialect === 'sqlite' ? 'postgres://postgres@127.0.0.1:5432/nonexistent' : `sqlite:${join(work, 'x.sqlite')}`;
    await expect(restoreBackup({ archive, databaseUrl: otherUrl, mediaDir: join(work, 'm3') })).rejects.toThrow(
      /Cette sauvegarde vient d'une base .* : elle se restaure dans une base du même type/,
    );
    const notAnArchive = join(work, 'missing.tar.gz');
    await expect(restoreBackup({ archive: notAnArchive, databaseUrl: otherUrl, mediaDir: work })).rejects.toThrow(
      RestoreRefused,
    );
  }, 300_000);
});
