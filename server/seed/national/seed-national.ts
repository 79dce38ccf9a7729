import pg from 'pg';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AppContext } from '../../context';
import { applyOverlay } from '../../../engine/schema/apply-overlay';
import { getEntity } from '../../../engine/schema/registry';
import { globalSearchSpec } from '../../../engine/schema/global-search-column';
import { validateRecord } from '../../../engine/validation/validate-record';
import { phoneSearchKey } from '../../../engine/format/phone';
import { hashPassword } from '../../modules/auth/passwords';
import { invalidateWhiteLabels } from '../../modules/white-labels/resolve-white-label';
import { insertFixture, resetSequences } from '../insert-record';
import { isEmpty, seedDemo, seedWhiteLabels } from '../seed-demo';
import { seedReferenceData } from '../seed-reference';
import { systemContext } from '../system-context';
import { inTransaction } from '../../db/transaction';
import { copyRows, quoteIdentifier } from './copy-rows';
import { bulkLoad, type BulkPhases } from './bulk-load';
import { rowBuilder } from './row-builder';
import { seededRandom, type SeededRandom } from './seeded-random';
import { townsPerStructure, type Town } from './national-places';
import {
  FIRST_NAMES,
  LAST_NAMES,
  NOTE_TEXTS,
  ORGANISATION_WORDS,
  PRO_WORDS,
  STREETS,
  TAG_NAMES,
} from './national-names';

const ROOT = resolve(import.meta.dirname, '../../..');
/** The app_setting row that marks a database as holding the national data set. */
export const NATIONAL_MARKER = 'national_seed';
/** The password of every national account (as the demo's: these are test data, never production). */
export const NATIONAL_PASSWORD = 'renovation-demo';

/** Row counts at scale 1 (issue 14 item 4); `--scale` multiplies them. */
export const SCALE_ONE = {
  structures: 300,
  staff: 3_000,
  contacts: 1_000_000,
  organisations: 100_000,
  memberships: 100_000,
  notes: 500_000,
  professionals: 100_000,
  appointments: 200_000,
} as const;

export type NationalCounts = Record<keyof typeof SCALE_ONE, number>;

export function nationalCounts(scale: number): NationalCounts {
  const out = {} as NationalCounts;
  for (const [k, n] of Object.entries(SCALE_ONE)) out[k as keyof NationalCounts] = Math.max(2, Math.round(n * scale));
  return out;
}

export interface NationalOptions {
  scale: number;
  /** The day the bookable slots start from (UTC midnight); same scale and day → same data. */
  day: Date;
  log?: (line: string) => void;
}

/** What the seed wrote, per table. */
export type NationalReport = Record<string, number>;

const DAY_MS = 86_400_000;
const TAGS_PER_STRUCTURE = TAG_NAMES.length;
const PLACES_PER_STRUCTURE = 2;
const SLOT_DAYS = 28;

interface Structure {
  pk: number;
  adminGroup: number;
  whiteLabel: number;
  towns: Town[];
  advisors: number[];
  staff: number[];
  places: number[];
  reasons: number[];
  catchmentArea: number;
}

const plain = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

function phoneOf(rnd: SeededRandom, first = 1 + rnd.below(5)): string {
  const digits = `0${first}${String(rnd.below(1e8)).padStart(8, '0')}`;
  return digits.replace(/(\d\d)(?=\d)/g, '$1 ');
}

/** A point near a town's centre (a few kilometres), rounded as the geocoder gives it. */
function near(rnd: SeededRandom, town: Town): { lat: number; lon: number } {
  const round = (v: number) => Math.round(v * 1e5) / 1e5;
  return { lat: round(town.lat + (rnd.next() - 0.5) * 0.04), lon: round(town.lon + (rnd.next() - 0.5) * 0.06) };
}

async function highestPk(client: pg.ClientBase, table: string): Promise<number> {
  const { rows } = await client.query<{ high: number }>(
    `select coalesce(max(pk), 0)::integer as high from ${quoteIdentifier(table)}`,
  );
  return rows[0]!.high;
}

/**
 * Fills a PostgreSQL database with the national data set (issue 14 item 4): the demo and reference
 * data as the server's start seeds them, then structures with their white labels, staff, the
 * file area (contacts, organisations, memberships, notes, tags), the directory (professionals,
 * their accounts and published presentations) and booking (places, reasons, catchment areas, four
 * weeks of slots, appointments). The large tables are written with COPY. Deterministic: the same
 * scale and day give the same rows.
 */
export async function seedNational(app: AppContext, options: NationalOptions): Promise<NationalReport> {
  if (app.database.dialect !== 'postgres')
    throw new Error(
      'Le jeu de données national ne se charge que dans PostgreSQL : donnez une adresse postgres:// ' +
        '(--database-url ou DATABASE_URL). SQLite n’est pas fait pour ce volume.',
    );
  const log = options.log ?? (() => undefined);
  const counts = nationalCounts(options.scale);
  const marker = await app.database.db
    .selectFrom('app_setting')
    .select('value')
    .where('key', '=', NATIONAL_MARKER)
    .executeTakeFirst();
  if (marker)
    throw new Error(
      `Cette base contient déjà le jeu de données national (${marker.value}) : ` + 'chargez-le dans une base neuve.',
    );
  await seedWhiteLabels(app);
  await seedReferenceData(app);
  if (await isEmpty(app)) await seedDemo(app);

  const client = new pg.Client({ connectionString: app.config.databaseUrl });
  await client.connect();
  const report: NationalReport = {};
  try {
    // Bulk load: a lost tail after a crash only means seeding again into a new database.
    await client.query(`set synchronous_commit = off`);
    await client.query(`set maintenance_work_mem = '256MB'`);
    const structures = await seedStructures(app, client, counts, report, log);
    await seedStaff(app, client, counts, structures, report, log);
    await seedBooking(app, client, structures, options.day, report, log);
    const firstContact = await seedFileArea(app, client, counts, structures, report, log);
    await seedDirectory(app, client, counts, structures, report, log);
    await seedAppointments(app, client, counts, structures, firstContact, options.day, report, log);
    await resetSequences(systemContext(app));
    await client.query(`insert into app_setting (key, value) values ($1, $2)`, [
      NATIONAL_MARKER,
      JSON.stringify({ scale: options.scale, day: options.day.toISOString().slice(0, 10) }),
    ]);
  } finally {
    await client.end();
  }
  invalidateWhiteLabels();
  return report;
}

/**
 * Checks a few generated records with the API's own validation (schema, rules, checks): a
 * generator that forgets a required field or writes a wrong enum value fails before its COPY.
 */
function validateSample(app: AppContext, entityName: string, records: Record<string, unknown>[]): void {
  const entity = getEntity(app.registry, entityName);
  const effective = applyOverlay(entity, []);
  const ctx = systemContext(app);
  for (const data of records) {
    const record: Record<string, unknown> = {};
    for (const [name, p] of Object.entries(effective.schema.properties))
      if (p.default !== undefined) record[name] = structuredClone(p.default);
    Object.assign(record, data);
    const errors = validateRecord({
      entity: effective,
      record,
      ctx: { user: ctx.user, whiteLabel: ctx.whiteLabel },
      catalogue: app.catalogue,
    });
    if (errors.length)
      throw new Error(
        `national ${entityName} ${String(data.pk)}: ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`,
      );
  }
}

/**
 * COPYs `count` records of an entity produced by `make(i, pk)` (pks follow the table's highest),
 * the first ones validated, indexes built once at the end. Returns the first pk.
 */
async function copyEntity(
  app: AppContext,
  client: pg.ClientBase,
  entityName: string,
  count: number,
  make: (i: number, pk: number) => Record<string, unknown>,
  report: NationalReport,
  log: (line: string) => void,
): Promise<number> {
  const builder = rowBuilder(app, entityName);
  const first = (await highestPk(client, builder.table)) + 1;
  validateSample(
    app,
    entityName,
    Array.from({ length: Math.min(3, count) }, (_, i) => ({ ...make(i, first + i), pk: first + i })),
  );
  const started = performance.now();
  const global = globalSearchSpec(builder.entity);
  const phases: BulkPhases = {};
  await bulkLoad(
    client,
    builder.table,
    global?.column ?? null,
    async () => {
      function* rows() {
        for (let i = 0; i < count; i++) yield builder.toRow({ ...make(i, first + i), pk: first + i });
      }
      await copyRows(client, builder.table, builder.columns, rows());
    },
    phases,
  );
  report[builder.table] = (report[builder.table] ?? 0) + count;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const names: Record<keyof BulkPhases, string> = {
    copy: 'COPY',
    dictionary: 'dictionnaire',
    postings: 'entrées de recherche',
    indexes: 'index',
    analyze: 'statistiques',
  };
  const detail = (Object.keys(names) as (keyof BulkPhases)[])
    .filter((k) => phases[k] !== undefined)
    .map((k) => `${names[k]} ${phases[k]!.toFixed(1).replace('.', ',')} s`)
    .join(', ');
  log(`${builder.table} : ${count.toLocaleString('fr-FR')} lignes en ${seconds.replace('.', ',')} s (${detail})`);
  return first;
}

async function seedStructures(
  app: AppContext,
  client: pg.ClientBase,
  counts: NationalCounts,
  report: NationalReport,
  log: (line: string) => void,
): Promise<Structure[]> {
  const started = performance.now();
  const template = JSON.parse(readFileSync(join(ROOT, 'white-labels/localhost.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  // One regional network (administration group) per 25 structures, the rest advice structures.
  const regions = Math.max(1, Math.round(counts.structures / 25));
  const advice = Math.max(1, counts.structures - regions);
  const towns = townsPerStructure(advice);
  const firstWhiteLabel = (await highestPk(client, 'white_label')) + 1;
  const firstGroup = (await highestPk(client, 'account_group')) + 1;
  const structures: Structure[] = [];
  const ctx = systemContext(app);
  await inTransaction(ctx, async (tctx) => {
    for (let r = 0; r < regions; r++)
      await insertFixture(tctx, 'group', {
        pk: firstGroup + r,
        name: `Réseau régional ${r + 1}`,
        isAdmin: true,
        isActive: true,
      });
    for (let s = 0; s < advice; s++) {
      const number = String(s + 1).padStart(3, '0');
      const home = towns[s]![0]!;
      await insertFixture(tctx, 'white-label', {
        ...template,
        pk: firstWhiteLabel + s,
        domain: `structure-${number}.reseau-national.localhost`,
        siteTitle: `Espace Conseil ${home.name}`,
        isDefault: false,
      });
      await insertFixture(tctx, 'group', {
        pk: firstGroup + regions + s,
        name: `Espace Conseil ${home.name} ${number}`,
        adminGroup: firstGroup + (s % regions),
        isActive: true,
        email: `contact-${number}@reseau-national.fr`,
        address: `1 place de la Mairie, ${home.postcode} ${home.name}`,
        territories: towns[s]!.map((t) => t.code),
        whiteLabelling: firstWhiteLabel + s,
      });
      structures.push({
        pk: firstGroup + regions + s,
        adminGroup: firstGroup + (s % regions),
        whiteLabel: firstWhiteLabel + s,
        towns: towns[s]!,
        advisors: [],
        staff: [],
        places: [],
        reasons: [],
        catchmentArea: 0,
      });
    }
  });
  report.white_label = advice;
  report.account_group = regions + advice;
  const seconds = ((performance.now() - started) / 1000).toFixed(1).replace('.', ',');
  log(`structures : ${regions} réseaux régionaux, ${advice} structures et leurs domaines en ${seconds} s`);
  return structures;
}

async function seedStaff(
  app: AppContext,
  client: pg.ClientBase,
  counts: NationalCounts,
  structures: Structure[],
  report: NationalReport,
  log: (line: string) => void,
): Promise<void> {
  const rnd = seededRandom(1401);
  const passwordHash = await hashPassword(NATIONAL_PASSWORD);
  const now = '2026-01-05T08:00:00.000Z';
  const kinds = (i: number) =>
    i % 10 === 0 ? 'manager' : i % 10 === 1 ? 'superadvisor' : i % 20 === 2 ? 'listeproadmin' : 'advisor';
  const first = await copyEntity(
    app,
    client,
    'user',
    counts.staff,
    (i) => {
      const s = structures[i % structures.length]!;
      const firstName = rnd.pick(FIRST_NAMES);
      const lastName = rnd.pick(LAST_NAMES);
      const userType = kinds(i);
      const phone = phoneOf(rnd, 4);
      return {
        email: `${plain(firstName)}.${plain(lastName)}.${i + 1}@reseau-national.fr`,
        civility: rnd.pick(['M.', 'Mme']),
        firstName,
        lastName,
        userType,
        title: userType === 'manager' ? 'Responsable de réseau' : 'Conseiller France Rénov’',
        phone,
        phoneCache: phoneSearchKey(phone),
        group: userType === 'manager' ? s.adminGroup : s.pk,
        isActive: true,
        dateJoined: now,
        passwordHash,
        createdAt: now,
        updatedAt: now,
      };
    },
    report,
    log,
  );
  for (let i = 0; i < counts.staff; i++) {
    const s = structures[i % structures.length]!;
    if (kinds(i) === 'manager') continue;
    s.staff.push(first + i);
    s.advisors.push(first + i);
  }
}

async function seedBooking(
  app: AppContext,
  client: pg.ClientBase,
  structures: Structure[],
  day: Date,
  report: NationalReport,
  log: (line: string) => void,
): Promise<void> {
  const rnd = seededRandom(1402);
  const now = day.toISOString();
  const areas = await copyEntity(
    app,
    client,
    'catchment-area',
    structures.length,
    (i) => ({
      name: `Territoire de ${structures[i]!.towns[0]!.name}`,
      isActive: true,
      group: structures[i]!.pk,
      territories: structures[i]!.towns.map((t) => t.code),
      createdAt: now,
      updatedAt: now,
    }),
    report,
    log,
  );
  structures.forEach((s, i) => (s.catchmentArea = areas + i));
  const places = await copyEntity(
    app,
    client,
    'place',
    structures.length * PLACES_PER_STRUCTURE,
    (i) => {
      const s = structures[Math.floor(i / PLACES_PER_STRUCTURE)]!;
      const town = s.towns[i % PLACES_PER_STRUCTURE] ?? s.towns[0]!;
      return {
        name: `Permanence de ${town.name}`,
        slug: `permanence-${i + 1}`,
        isActive: true,
        groups: [s.pk],
        selectedAdvisors: [],
        address: `${1 + rnd.below(80)} ${rnd.pick(STREETS)}`,
        postcode: town.postcode,
        city: town.name,
        inseecode: town.code,
        lat: town.lat,
        lon: town.lon,
        createdAt: now,
        updatedAt: now,
      };
    },
    report,
    log,
  );
  const reasons = await copyEntity(
    app,
    client,
    'reason',
    structures.length * 2,
    (i) => ({
      name: i % 2 ? 'Aides financières' : 'Projet de rénovation',
      isActive: true,
      group: structures[Math.floor(i / 2)]!.pk,
      duration: i % 2 ? 45 : 60,
      createdAt: now,
      updatedAt: now,
    }),
    report,
    log,
  );
  structures.forEach((s, i) => {
    s.places = [places + i * PLACES_PER_STRUCTURE, places + i * PLACES_PER_STRUCTURE + 1];
    s.reasons = [reasons + i * 2, reasons + i * 2 + 1];
  });
  // Every weekday of four weeks, a morning and an afternoon slot per place (Paris 9–12 h, 14–17 h in winter).
  const weekdays: number[] = [];
  for (let d = 0; d < SLOT_DAYS; d++) {
    const t = day.getTime() + d * DAY_MS;
    const wd = new Date(t).getUTCDay();
    if (wd !== 0 && wd !== 6) weekdays.push(t);
  }
  const perPlace = weekdays.length * 2;
  const perStructure = perPlace * PLACES_PER_STRUCTURE;
  await copyEntity(
    app,
    client,
    'slot',
    structures.length * perStructure,
    (i) => {
      const s = structures[Math.floor(i / perStructure)]!;
      const k = i % perStructure;
      const place = s.places[Math.floor(k / perPlace)]!;
      const dayStart = weekdays[Math.floor((k % perPlace) / 2)]!;
      const afternoon = k % 2 === 1;
      const start = dayStart + (afternoon ? 13 : 8) * 3_600_000;
      const advisors = s.advisors.length ? [s.advisors[k % s.advisors.length]!] : [];
      return {
        uuid: rnd.uuid(),
        sequence: 0,
        text: afternoon ? 'Après-midi conseil' : 'Matinée conseil',
        status: 'validated',
        group: s.pk,
        startDate: new Date(start).toISOString(),
        endDate: new Date(start + 3 * 3_600_000).toISOString(),
        visibility: 'online',
        place,
        catchmentArea: s.catchmentArea,
        reasons: s.reasons,
        advisors,
        timeBetweenSlots: 15,
        createdAt: now,
        updatedAt: now,
      };
    },
    report,
    log,
  );
}

async function seedFileArea(
  app: AppContext,
  client: pg.ClientBase,
  counts: NationalCounts,
  structures: Structure[],
  report: NationalReport,
  log: (line: string) => void,
): Promise<number> {
  const rnd = seededRandom(1403);
  const n = structures.length;
  const stamp = (i: number) => new Date(Date.UTC(2021, 0, 4) + (i % 1826) * DAY_MS).toISOString();
  const tags = await copyEntity(
    app,
    client,
    'tag',
    n * TAGS_PER_STRUCTURE,
    (i) => ({
      owningGroup: structures[Math.floor(i / TAGS_PER_STRUCTURE)]!.pk,
      name: TAG_NAMES[i % TAGS_PER_STRUCTURE]!,
      createdAt: stamp(0),
      updatedAt: stamp(0),
    }),
    report,
    log,
  );
  const tagsOf = (s: number): number[] => {
    const k = rnd.below(3);
    const out = new Set<number>();
    for (let j = 0; j < k; j++) out.add(tags + s * TAGS_PER_STRUCTURE + rnd.below(TAGS_PER_STRUCTURE));
    return [...out];
  };
  // Record i belongs to structure i mod n: the records of a structure are found without a lookup.
  const contacts = await copyEntity(
    app,
    client,
    'contact',
    counts.contacts,
    (i) => {
      const s = i % n;
      const structure = structures[s]!;
      const town = rnd.pick(structure.towns);
      const firstName = rnd.pick(FIRST_NAMES);
      const lastName = rnd.pick(LAST_NAMES);
      const point = near(rnd, town);
      return {
        owningGroup: structure.pk,
        civility: rnd.pick(['M.', 'Mme']),
        firstName,
        lastName,
        email: rnd.chance(0.7) ? `${plain(firstName)}.${plain(lastName)}${i}@exemple.fr` : '',
        address: `${1 + rnd.below(150)} ${rnd.pick(STREETS)}`,
        zipcode: town.postcode,
        town: town.name,
        inseecode: town.code,
        country: 'France',
        lat: point.lat,
        lon: point.lon,
        phone: rnd.chance(0.6) ? phoneOf(rnd) : '',
        mobilePhone: rnd.chance(0.5) ? phoneOf(rnd, 6) : '',
        tags: tagsOf(s),
        referents: rnd.chance(0.3) && structure.advisors.length ? [rnd.pick(structure.advisors)] : [],
        acceptsNewsletters: rnd.chance(0.4),
        createdAt: stamp(i),
        updatedAt: stamp(i),
      };
    },
    report,
    log,
  );
  const organisationTypes = getEntity(app.registry, 'organization').schema.properties.typeOfOrganization!
    .enum as string[];
  const organisations = await copyEntity(
    app,
    client,
    'organization',
    counts.organisations,
    (i) => {
      const s = i % n;
      const town = rnd.pick(structures[s]!.towns);
      const lastName = rnd.pick(LAST_NAMES);
      const point = near(rnd, town);
      return {
        owningGroup: structures[s]!.pk,
        typeOfOrganization: rnd.pick(organisationTypes),
        name: `${rnd.pick(ORGANISATION_WORDS)} ${i % 2 ? lastName : town.name} ${i + 1}`,
        email: rnd.chance(0.6) ? `contact${i}@${plain(lastName)}.exemple.fr` : '',
        reference: `ORG-${String(i + 1).padStart(7, '0')}`,
        address: `${1 + rnd.below(150)} ${rnd.pick(STREETS)}`,
        zipcode: town.postcode,
        town: town.name,
        inseecode: town.code,
        country: 'France',
        lat: point.lat,
        lon: point.lon,
        phone: rnd.chance(0.7) ? phoneOf(rnd) : '',
        tags: tagsOf(s),
        referents: [],
        createdAt: stamp(i),
        updatedAt: stamp(i),
      };
    },
    report,
    log,
  );
  const contactsPerStructure = Math.floor(counts.contacts / n);
  const contactOf = (s: number) => contacts + s + n * rnd.below(Math.max(1, contactsPerStructure));
  await copyEntity(
    app,
    client,
    'membership',
    counts.memberships,
    (i) => {
      const o = i % counts.organisations;
      const s = o % n;
      return {
        owningGroup: structures[s]!.pk,
        contact: contactOf(s),
        organization: organisations + o,
        titleInOrganization: rnd.pick(['Gérant', 'Président', 'Chargée de mission', 'Adjoint à l’urbanisme']),
        tags: [],
        competenciesTags: [],
        createdAt: stamp(i),
        updatedAt: stamp(i),
      };
    },
    report,
    log,
  );
  await copyEntity(
    app,
    client,
    'note',
    counts.notes,
    (i) => {
      // Four notes in five on a contact, the others on an organisation of the same structure.
      const onContact = i % 5 !== 4;
      const s = i % n;
      const structure = structures[s]!;
      const organisation = organisations + s + n * rnd.below(Math.max(1, Math.floor(counts.organisations / n)));
      return {
        owningGroup: structure.pk,
        creator: structure.staff.length ? rnd.pick(structure.staff) : null,
        contact: onContact ? contactOf(s) : null,
        organization: onContact ? null : organisation,
        note: `<p>${rnd.pick(NOTE_TEXTS)}</p>`,
        pinned: rnd.chance(0.05),
        tags: [],
        createdAt: stamp(i),
        updatedAt: stamp(i),
      };
    },
    report,
    log,
  );
  return contacts;
}

async function seedDirectory(
  app: AppContext,
  client: pg.ClientBase,
  counts: NationalCounts,
  structures: Structure[],
  report: NationalReport,
  log: (line: string) => void,
): Promise<void> {
  const rnd = seededRandom(1404);
  const now = '2026-01-05T08:00:00.000Z';
  const jobs = (await client.query<{ pk: number }>(`select pk from listepro_job order by pk`)).rows.map((r) => r.pk);
  const links = (
    await client.query<{ segment: number; activity: number; sub_mission: number }>(
      `select segment, activity, sub_mission from listepro_link order by pk`,
    )
  ).rows;
  if (!links.length || !jobs.length) throw new Error('directory reference data missing (listepro_link, listepro_job)');
  const passwordHash = await hashPassword(NATIONAL_PASSWORD);
  const accounts = await copyEntity(
    app,
    client,
    'user',
    counts.professionals,
    (i) => {
      const lastName = rnd.pick(LAST_NAMES);
      return {
        email: `pro${i + 1}@annuaire-national.fr`,
        civility: rnd.pick(['M.', 'Mme']),
        firstName: rnd.pick(FIRST_NAMES),
        lastName,
        userType: 'professional',
        phone: '',
        phoneCache: '',
        isActive: true,
        dateJoined: now,
        passwordHash,
        createdAt: now,
        updatedAt: now,
      };
    },
    report,
    log,
  );
  // Nine in ten sheets valid and published (what the public search reads), the others in validation.
  const published = (i: number) => i % 10 !== 9;
  const professionals = await copyEntity(
    app,
    client,
    'listepro-professional',
    counts.professionals,
    (i) => {
      const s = structures[i % structures.length]!;
      const town = rnd.pick(s.towns);
      const point = near(rnd, town);
      const name = `${rnd.pick(PRO_WORDS)} ${rnd.pick(LAST_NAMES)} ${i + 1}`;
      return {
        user: accounts + i,
        name,
        job: rnd.pick(jobs),
        email: `pro${i + 1}@annuaire-national.fr`,
        phoneNumber: phoneOf(rnd),
        address: `${1 + rnd.below(150)} ${rnd.pick(STREETS)}`,
        postcode: town.postcode,
        town: town.name,
        lat: point.lat,
        lon: point.lon,
        proIsValid: published(i),
        transitionState: published(i) ? 'published' : 'in_validation',
        referents: [],
        labels: [],
        isMonAccompagnateurRenov: rnd.chance(0.1),
        createdAt: now,
        updatedAt: now,
      };
    },
    report,
    log,
  );
  await copyEntity(
    app,
    client,
    'listepro-presentation',
    counts.professionals,
    (i) => {
      const chosen = Array.from({ length: 1 + rnd.below(4) }, () => rnd.pick(links));
      const unique = (values: number[]) => [...new Set(values)].sort((a, b) => a - b);
      return {
        professional: professionals + i,
        owner: accounts + i,
        version: published(i) ? 'published' : 'draft',
        transitionState: published(i) ? 'published' : 'in_validation',
        segments: unique(chosen.map((l) => l.segment)),
        activities: unique(chosen.map((l) => l.activity)),
        subMissions: unique(chosen.map((l) => l.sub_mission)),
        description: '<p>Entreprise de rénovation énergétique : études, travaux et suivi de chantier.</p>',
        primaryKeyWords: [],
        createdAt: now,
        updatedAt: now,
      };
    },
    report,
    log,
  );
}

async function seedAppointments(
  app: AppContext,
  client: pg.ClientBase,
  counts: NationalCounts,
  structures: Structure[],
  contactsBase: number,
  day: Date,
  report: NationalReport,
  log: (line: string) => void,
): Promise<void> {
  const rnd = seededRandom(1405);
  const n = structures.length;
  const contactsPerStructure = Math.floor(counts.contacts / n);
  await copyEntity(
    app,
    client,
    'appointment',
    counts.appointments,
    (i) => {
      const s = i % n;
      const structure = structures[s]!;
      // Nine in ten over the past six months, the others in the four weeks to come (weekdays only).
      const past = i % 10 !== 0;
      let dayStart = day.getTime() + (past ? -(1 + rnd.below(182)) : rnd.below(SLOT_DAYS)) * DAY_MS;
      const wd = new Date(dayStart).getUTCDay();
      if (wd === 0 || wd === 6) dayStart += (wd === 6 ? 2 : 1) * DAY_MS;
      const start = dayStart + (8 * 60 + 15 * rnd.below(32)) * 60_000;
      const reason = rnd.below(2);
      const cancelled = rnd.chance(0.1);
      return {
        uuid: rnd.uuid(),
        sequence: 0,
        status: cancelled ? 'cancelled' : 'validated',
        subject: 'Rendez-vous conseil',
        startDate: new Date(start).toISOString(),
        endDate: new Date(start + (reason ? 45 : 60) * 60_000).toISOString(),
        advisor: structure.advisors.length ? rnd.pick(structure.advisors) : null,
        contact: rnd.chance(0.5) ? contactsBase + s + n * rnd.below(Math.max(1, contactsPerStructure)) : null,
        place: rnd.pick(structure.places),
        reason: structure.reasons[reason],
        group: structure.pk,
        description: '',
        hasBeenHonored: past && !cancelled,
        createdAt: new Date(start - 7 * DAY_MS).toISOString(),
        updatedAt: new Date(start - 7 * DAY_MS).toISOString(),
      };
    },
    report,
    log,
  );
}
