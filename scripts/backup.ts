import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, ROOT_DIR } from '../server/config';
import { loadAccountSettings } from '../server/modules/accounts/settings';
import { createBackup } from '../server/backup/backup-archive';

// `npm run backup [-- --out <file.tar.gz>] [--counts-only]`: the database of DATABASE_URL and the
// files of MEDIA_DIR in one archive, while the server runs (docs/operations.md).
const { values } = parseArgs({
  options: { out: { type: 'string' }, 'counts-only': { type: 'boolean', default: false } },
});
const config = loadConfig();
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
const out = resolve(values.out ?? resolve(ROOT_DIR, 'backups', `sauvegarde-${stamp}.tar.gz`));
const started = Date.now();
const manifest = await createBackup({
  databaseUrl: config.databaseUrl,
  mediaDir: loadAccountSettings().mediaDir,
  out,
  appVersion: config.version,
  countsOnly: values['counts-only'],
});
const rows = Object.values(manifest.tables).reduce((n, t) => n + t.rows, 0);
console.log(
  `Sauvegarde écrite : ${out}\n` +
    `  ${Object.keys(manifest.tables).length} tables, ${rows.toLocaleString('fr-FR')} lignes (${manifest.dialect}), ` +
    `${manifest.media.files.toLocaleString('fr-FR')} fichiers, ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
