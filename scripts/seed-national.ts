import { loadConfig } from '../server/config';
import { createContext } from '../server/app';
import { seedNational } from '../server/seed/national/seed-national';

// `npm run seed:national -- --scale=1 [--database-url=postgres://…] [--day=2026-11-30]`: migrates the
// database, then fills it with the national data set (server/seed/national/, docs/performance.md).

function option(name: string): string | undefined {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg?.slice(name.length + 3);
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const scale = Number(option('scale') ?? '1');
if (!Number.isFinite(scale) || scale <= 0 || scale > 10)
  fail('--scale doit être un nombre strictement positif et au plus 10 (1 = le volume national, 0.01 = un essai).');
const databaseUrl = option('database-url') ?? process.env.DATABASE_URL ?? 'sqlite:data/app.sqlite';
if (!/^postgres(ql)?:\/\//.test(databaseUrl))
  fail(
    `Le jeu de données national ne se charge que dans PostgreSQL, pas dans ${databaseUrl} : ` +
      'donnez --database-url=postgres://utilisateur@hôte:5432/base (ou DATABASE_URL).',
  );
const dayText = option('day');
const today = new Date();
const day = dayText
  ? new Date(`${dayText}T00:00:00.000Z`)
  : new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
if (Number.isNaN(day.getTime())) fail('--day doit être une date AAAA-MM-JJ.');

const started = performance.now();
const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
const app = await createContext(config);
try {
  const report = await seedNational(app, {
    scale,
    day,
    log: (line) => console.log(`  ${line}`),
  });
  const total = Object.values(report).reduce((a, b) => a + b, 0);
  const minutes = (performance.now() - started) / 60_000;
  console.log(
    `Jeu de données national (échelle ${String(scale).replace('.', ',')}) : ` +
      `${total.toLocaleString('fr-FR')} lignes en ${minutes.toFixed(1).replace('.', ',')} min.`,
  );
} catch (e) {
  fail((e as Error).message);
} finally {
  await app.database.close();
}
