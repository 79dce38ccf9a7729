// Generic import (server/modules/imports): time of the preview and of the confirmation of a
// 10,000-line CSV over HTTP, on SQLite and PostgreSQL (target: the confirmation under 30 s).
// Catchment areas (a relation by label, a list of INSEE codes, a yes/no) and places (the
// geocodeAddress hook through the address module, here its offline commune data).
// Contacts (issue 10, item 11): an advisor's file with names, e-mails, phones, addresses (geocoded
// by the geocodeFileAreaAddress hook), tags and the newsletter consent.
// Run: npx tsx bench/import.ts [--lines=10000] [--dialects=sqlite,postgres] [--entities=contact,place]
import { cpus, loadavg } from 'node:os';
import { sql } from 'kysely';
import { startTestApp } from '../tests/helpers/test-app';
import { postgresReachable } from '../tests/helpers/databases';

const TARGET_S = 30;
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const LINES = Number(arg('lines') ?? 10_000);
const wanted = (arg('dialects') ?? 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[];

const CITIES = [
  ['Grenoble', '38000'],
  ['Échirolles', '38130'],
  ['Fontaine', '38600'],
  ['Meylan', '38240'],
  ['Voiron', '38500'],
];

function catchmentCsv(n: number): string {
  const lines = ['Nom;Structure;Communes (codes INSEE);Active;Description'];
  for (let i = 0; i < n; i++)
    lines.push(`Zone ${i};Espace Conseil Démo;38185, 38421;${i % 3 ? 'Oui' : 'Non'};Zone importée n° ${i}`);
  return `\uFEFF${lines.join('\r\n')}`;
}

function placeCsv(n: number): string {
  const lines = ['Nom;Structures;Adresse;Code postal;Commune;Courriel;Actif'];
  for (let i = 0; i < n; i++) {
    const [city, postcode] = CITIES[i % CITIES.length];
    lines.push(`Lieu ${i};Espace Conseil Démo;${i} rue de la Paix;${postcode};${city};lieu${i}@exemple.fr;Oui`);
  }
  return `\uFEFF${lines.join('\r\n')}`;
}

const FIRST = ['Jean', 'Marie', 'Hélène', 'Éric', 'Chloé', 'François', 'Inès', 'Noël', 'Zoé', 'Anaïs', 'Léo', 'Agnès'];
const LAST = ['Martin', 'Bernard', 'Dubois', 'Lefèvre', 'Guérin', 'Rivière', 'Benoît', 'Fabre', 'Müller', 'Noël'];
const STREETS = ['rue de la Paix', 'avenue Jean Jaurès', 'place du Marché', 'chemin des Écoles', 'boulevard Gambetta'];
const TAGS = ['', 'Copropriété', 'Élu', 'Copropriété, Élu'];

/**
 * Contacts as an advisor's file holds them: names with accents, a unique e-mail (one line in ten
 * without), landline and mobile numbers spelt several ways, an address, tags of the structure.
 */
function contactCsv(n: number): string {
  const lines = [
    'Civilité;Prénom;Nom;Courriel;Adresse;Code postal;Ville;Téléphone;Mobile;Tags;Accepte de recevoir des newsletters',
  ];
  for (let i = 0; i < n; i++) {
    const [city, postcode] = CITIES[i % CITIES.length];
    const first = FIRST[i % FIRST.length];
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length];
    const plain = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    const email = i % 10 === 9 ? '' : `${plain(first)}.${plain(last)}${i}@exemple.fr`;
    const digits = String(i).padStart(8, '0');
    const phone =
      i % 2 ? `04 76 ${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4, 6)}` : `047${digits.slice(1)}`;
    const mobile =
      i % 3 ? `+33 6 ${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4, 6)} ${digits.slice(6)}` : '';
    lines.push(
      [
        i % 2 ? 'Madame' : 'Monsieur',
        first,
        `${last}${i >= FIRST.length * LAST.length ? `-${i}` : ''}`,
        email,
        `${1 + (i % 180)} ${STREETS[i % STREETS.length]}`,
        postcode,
        city,
        phone,
        mobile,
        TAGS[i % TAGS.length].includes(',') ? `"${TAGS[i % TAGS.length]}"` : TAGS[i % TAGS.length],
        i % 4 ? 'Oui' : 'Non',
      ].join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}`;
}

async function timeImport(url: string, login: () => Promise<string>, entity: string, csv: string) {
  const out: Record<string, number> = {};
  for (const mode of ['preview', 'confirm'] as const) {
    // A fresh session each time: on a loaded machine one import can outlast an access token.
    const token = await login();
    const started = performance.now();
    const cpu = process.cpuUsage();
    const res = await fetch(`${url}/api/v1/import/${entity}/?mode=${mode}`, {
      method: 'POST',
      headers: { Authorization: `JWT ${token}`, 'Content-Type': 'text/csv' },
      body: csv,
    });
    const body = (await res.json()) as { counts?: Record<string, number>; message?: string };
    out[mode] = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    // The server runs in this process: its CPU time (the database's own is not counted on PostgreSQL).
    out[`${mode}Cpu`] = (used.user + used.system) / 1e6;
    if (res.status !== 200 || body.counts?.create !== LINES)
      throw new Error(`${entity} ${mode}: ${res.status} ${JSON.stringify(body.counts ?? body.message)}`);
  }
  return out;
}

console.log(`Import of ${LINES} lines, ${cpus().length} cores, load ${loadavg()[0].toFixed(2)}`);
let failed = false;
for (const dialect of wanted) {
  if (dialect === 'postgres' && !(await postgresReachable())) {
    console.log('postgres: not reachable, skipped');
    continue;
  }
  const app = await startTestApp(dialect, { env: { ADDRESS_API_URL: 'off' } });
  try {
    // The machine's state during the run: a bare round trip (every line costs three statements).
    const db = app.app.database.db;
    const rtStarted = performance.now();
    for (let i = 0; i < 200; i++) await sql`select 1`.execute(db);
    const roundTrip = (performance.now() - rtStarted) / 200;
    console.log(`${dialect}: select 1 round trip ${roundTrip.toFixed(2)} ms, load ${loadavg()[0].toFixed(2)}`);
    const only = arg('entities')?.split(',');
    for (const [entity, csv, user] of [
      ['catchment-area', catchmentCsv(LINES), 'admin@demo.fr'],
      ['place', placeCsv(LINES), 'admin@demo.fr'],
      // An advisor imports into their structure (its tags; duplicates checked against its contacts).
      ['contact', contactCsv(LINES), 'conseiller@demo.fr'],
    ] as const) {
      if (only && !only.includes(entity)) continue;
      const t = await timeImport(app.url, () => app.login(user), entity, csv);
      const ok = t.confirm <= TARGET_S;
      if (!ok) failed = true;
      const perLine = ((t.confirm * 1000) / LINES).toFixed(2);
      console.log(
        `${dialect.padEnd(8)} ${entity.padEnd(15)} preview ${t.preview.toFixed(1)} s, ` +
          `confirm ${t.confirm.toFixed(1)} s (${perLine} ms/line) ${ok ? 'OK' : `over ${TARGET_S} s`}; ` +
          `Node CPU preview ${t.previewCpu.toFixed(1)} s, confirm ${t.confirmCpu.toFixed(1)} s; ` +
          `load ${loadavg()[0].toFixed(2)}`,
      );
    }
  } finally {
    await app.close();
  }
}
process.exit(failed ? 1 : 0);
