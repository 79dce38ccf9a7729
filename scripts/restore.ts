import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { loadAccountSettings } from '../server/modules/accounts/settings';
import { restoreBackup, RestoreRefused } from '../server/backup/restore-archive';

// `npm run restore -- <archive.tar.gz> [--force]`: into DATABASE_URL and MEDIA_DIR, server stopped
// (docs/operations.md); checks every table against the archive's digests and says what differs.
const { values, positionals } = parseArgs({
  options: { force: { type: 'boolean', default: false } },
  allowPositionals: true,
});
if (positionals.length !== 1) {
  console.error('Usage : npm run restore -- <sauvegarde.tar.gz> [--force]');
  process.exit(2);
}
try {
  const { manifest, differences } = await restoreBackup({
    archive: resolve(positionals[0]),
    databaseUrl: loadConfig().databaseUrl,
    mediaDir: loadAccountSettings().mediaDir,
    force: values.force,
  });
  if (differences.length) {
    console.error(`Restauration incomplète : ${differences.length} tables diffèrent de la sauvegarde`);
    for (const d of differences) console.error(`  ${d}`);
    process.exit(1);
  }
  console.log(
    `Sauvegarde du ${new Date(manifest.createdAt).toLocaleString('fr-FR', { timeZone: 'Europe/Paris' })} restaurée : ` +
      `${Object.keys(manifest.tables).length} tables identiques, ${manifest.media.files} fichiers.`,
  );
} catch (e) {
  if (e instanceof RestoreRefused) {
    console.error(e.message);
    process.exit(2);
  }
  throw e;
}
