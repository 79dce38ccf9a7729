import { sql } from 'kysely';
import type { RequestContext } from '../../context';
import { message } from '../../context';
import { HttpError } from '../../http/http-error';
import { assertModuleEnabled, entityOf } from '../../operations/entity-access';
import { rowToRecord, type ApiRecord } from '../../db/row-mapper';
import { territories } from '../territories/territory-data';
import { communeCentre } from '../territories/commune-centres';
import { containsAll } from '../../db/array-index';
import { cachedByTables } from '../../db/cached-by-tables';
import { distanceKm, located } from '../../../engine/listepro/search';
import { haystackWords, matchesWords, orderResults } from '../../../engine/listepro/text-search';

/** The rows of a table as API records (small reference tables: jobs, key words, the tree). */
export async function allRecords(ctx: RequestContext, name: string): Promise<ApiRecord[]> {
  const entity = entityOf(ctx, name);
  const table = entity.schema['x-entity'].table;
  // Read by every search and detail page, written by the directory team now and then.
  return cachedByTables(ctx.app.database.db, `all-records:${table}`, [table], async () => {
    const rows = await ctx.app.database.db
      .selectFrom(table as never)
      .selectAll()
      .execute();
    return rows.map((r) => rowToRecord(entity, r as Record<string, unknown>));
  });
}

export function moduleOn(ctx: RequestContext): void {
  assertModuleEnabled(ctx, entityOf(ctx, 'listepro-professional'));
}

/** The directory team (spec 03 §6): advisors, super advisors, directory administrators, administrators. */
export function isDirectoryTeam(ctx: RequestContext): boolean {
  return ctx.user.roles.includes('advisor') || ctx.user.roles.includes('administrator');
}

const column = (ctx: RequestContext, entity: string, property: string) =>
  entityOf(ctx, entity).columnByProperty.get(property)!.column;

/** What the search needs of one public sheet: a light row, never the whole sheet. */
export interface Candidate {
  pk: number;
  name: string;
  lat: number | null;
  lon: number | null;
}

/** The tree's path (activity and sub-mission), the MAR list, or the « Quoi ? » words (issue 26 item 6). */
export type SearchQuery = { activity: number; subMission: number } | { mar: true } | { words: string[] };

/**
 * The public sheets answering a query (the rule of `matchesSearch`, engine/listepro/search.ts), in
 * pk order: valid and published, with a published presentation listing the activity and the
 * sub-mission. One query reading a handful of short columns of the matches only: the two lists are
 * matched from their index (server/db/array-index.ts: GIN on PostgreSQL, side tables on SQLite),
 * so that at 10,000 sheets no presentation's lists are read or parsed (bench/listepro-search.ts).
 * `read`: `positions` for the map's points (pk, name, position), `keys` for the pks alone.
 */
export async function matchingSheets(
  ctx: RequestContext,
  query: SearchQuery,
  read: 'positions' | 'keys' = 'positions',
): Promise<Candidate[]> {
  // The same search is asked by every visitor of a campaign while the sheets rarely change: kept
  // while the two tables are unchanged (the array indexes are written with the presentations).
  const tables = ['listepro-professional', 'listepro-presentation', 'user'].map(
    (n) => entityOf(ctx, n).schema['x-entity'].table,
  );
  if ('words' in query) {
    const words = query.words;
    return (await textCandidates(ctx))
      .filter((c) => matchesWords(c.words, words))
      .map(({ pk, name, lat, lon }) => ({ pk, name, lat, lon }));
  }
  return cachedByTables(ctx.app.database.db, `listepro-search:${JSON.stringify([query, read])}`, tables, () =>
    readMatchingSheets(ctx, query, read),
  );
}

/**
 * Every public sheet with the words of what it says of itself: its name, its job, its published
 * presentation's key words, activities, missions and sub-missions, its description. Kept while
 * none of those tables changes; a « Quoi ? » search is then a filter over this list in the
 * process (the directory of a network holds hundreds of sheets, the bench's 10,000 stay fast).
 */
function textCandidates(ctx: RequestContext): Promise<(Candidate & { words: string[] })[]> {
  const names = [
    'listepro-professional',
    'listepro-presentation',
    'user',
    'listepro-job',
    'listepro-key-word',
    'listepro-activity',
    'listepro-mission',
    'listepro-sub-mission',
  ];
  const tables = names.map((n) => entityOf(ctx, n).schema['x-entity'].table);
  return cachedByTables(ctx.app.database.db, 'listepro-text-candidates', tables, async () => {
    const [sheets, jobs, keyWords, activities, missions, subMissions] = await Promise.all([
      readMatchingSheets(ctx, { all: true }, 'positions'),
      allRecords(ctx, 'listepro-job'),
      allRecords(ctx, 'listepro-key-word'),
      allRecords(ctx, 'listepro-activity'),
      allRecords(ctx, 'listepro-mission'),
      allRecords(ctx, 'listepro-sub-mission'),
    ]);
    const name = (list: ApiRecord[]) => new Map(list.map((r) => [r.pk as number, String(r.name ?? '')]));
    const [job, word, activity, mission] = [jobs, keyWords, activities, missions].map(name);
    const sub = new Map(subMissions.map((r) => [r.pk as number, r]));
    const pres = entityOf(ctx, 'listepro-presentation');
    const pro = entityOf(ctx, 'listepro-professional');
    const byPro = new Map<number, string[]>();
    const pks = sheets.map((s) => s.pk);
    const jobOf = new Map<number, unknown>();
    for (let i = 0; i < pks.length; i += 500) {
      const chunk = pks.slice(i, i + 500);
      const [presRows, proRows] = await Promise.all([
        ctx.app.database.db
          .selectFrom(pres.schema['x-entity'].table as never)
          .selectAll()
          .where('version' as never, '=', 'published' as never)
          .where('professional' as never, 'in', chunk as never)
          .execute(),
        ctx.app.database.db
          .selectFrom(pro.schema['x-entity'].table as never)
          .select(['pk' as never, `${column(ctx, 'listepro-professional', 'job')} as job` as never])
          .where('pk' as never, 'in', chunk as never)
          .execute(),
      ]);
      for (const r of proRows as { pk: unknown; job: unknown }[]) jobOf.set(Number(r.pk), r.job);
      for (const row of presRows) {
        const r = rowToRecord(pres, row as Record<string, unknown>);
        const list = (v: unknown) => (Array.isArray(v) ? (v as number[]) : []);
        const texts = byPro.get(r.professional as number) ?? [];
        texts.push(String(r.description ?? ''));
        for (const k of list(r.primaryKeyWords)) texts.push(word.get(k) ?? '');
        for (const a of list(r.activities)) texts.push(activity.get(a) ?? '');
        for (const s of list(r.subMissions)) {
          texts.push(String(sub.get(s)?.name ?? ''));
          texts.push(mission.get(sub.get(s)?.mission as number) ?? '');
        }
        byPro.set(r.professional as number, texts);
      }
    }
    return sheets.map((s) => ({
      ...s,
      words: haystackWords([s.name, job.get(Number(jobOf.get(s.pk))) ?? '', ...(byPro.get(s.pk) ?? [])]),
    }));
  });
}

async function readMatchingSheets(
  ctx: RequestContext,
  query: { activity: number; subMission: number } | { mar: true } | { all: true },
  read: 'positions' | 'keys',
): Promise<Candidate[]> {
  const table = (name: string) => sql.table(entityOf(ctx, name).schema['x-entity'].table);
  const P = (p: string) => sql.ref(`p.${column(ctx, 'listepro-professional', p)}`);
  const R = (p: string) => sql.ref(`r.${column(ctx, 'listepro-presentation', p)}`);
  const db = ctx.app.database.db;
  // Plain SQL (the same text on SQLite and PostgreSQL): booleans are stored 0/1 on both.
  // `keys`: the pks alone (name '' and no position), when only the order is wanted — a later page
  // of results, the PDF —: reading and sending thousands of names is most of what a page costs.
  const columns =
    read === 'keys'
      ? sql`${P('pk')} as pk`
      : sql`${P('pk')} as pk, ${P('name')} as name, ${P('lat')} as lat, ${P('lon')} as lon`;
  const head = sql`select ${columns} from ${table('listepro-professional')} as p`;
  // Issue 28 row 1: a deactivated account's sheets leave the directory, and come back with it.
  const user = entityOf(ctx, 'user');
  const valid = sql`${P('proIsValid')} = 1 and ${P('transitionState')} = 'published'
    and exists (select 1 from ${sql.table(user.schema['x-entity'].table)} as u
      where u.pk = ${P('user')} and ${sql.ref(`u.${user.columnByProperty.get('isActive')!.column}`)} = 1)`;
  if ('all' in query) {
    const { rows } = await sql<Record<string, unknown>>`${head} where ${valid} order by ${P('pk')}`.execute(db);
    return rows.map(candidate);
  }
  if ('mar' in query) {
    const { rows } = await sql<Record<string, unknown>>`${head}
      where ${valid} and ${P('isMonAccompagnateurRenov')} = 1 order by ${P('pk')}`.execute(db);
    return rows.map(candidate);
  }
  const listing = containsAll(
    ctx.app.database.dialect,
    entityOf(ctx, 'listepro-presentation').schema['x-entity'].table,
    'r',
    [
      { column: column(ctx, 'listepro-presentation', 'activities'), value: query.activity },
      { column: column(ctx, 'listepro-presentation', 'subMissions'), value: query.subMission },
    ],
  );
  // `in`, not a join: a sheet with two published presentations is one match.
  const { rows } = await sql<Record<string, unknown>>`${head}
    where ${valid} and ${P('pk')} in (select ${R('professional')} from ${table('listepro-presentation')} as r
      where ${R('version')} = 'published' and ${listing})
    order by ${P('pk')}`.execute(db);
  return rows.map(candidate);
}

function candidate(r: Record<string, unknown>): Candidate {
  const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));
  return { pk: Number(r.pk), name: String(r.name ?? ''), lat: num(r.lat), lon: num(r.lon) };
}

/** The visitor's commune (« près de chez moi »): its INSEE code → name and centre, or the French 400. */
export function nearCommune(
  ctx: RequestContext,
  code: unknown,
): { code: string; name: string; postcode: string; lat: number; lon: number } | null {
  if (code === undefined || code === '') return null;
  const commune =
    typeof code === 'string' && /^[0-9AB]{5}$/i.test(code) ? territories().communes.get(code.toUpperCase()) : null;
  const centre = commune ? communeCentre(commune.code) : null;
  if (!commune || !centre) throw new HttpError(400, 'bad_query', message(ctx.app, 'listepro.error.near'));
  return {
    code: commune.code,
    name: commune.name,
    postcode: commune.postcodes?.[0] ?? '',
    lat: centre.lat,
    lon: centre.lon,
  };
}

/** Kilometres from the visitor's commune, one decimal under 10 km, whole above; null when unknown. */
export function distanceFrom(
  near: { lat: number; lon: number } | null,
  p: { lat?: unknown; lon?: unknown },
): number | null {
  if (!near || !located(p)) return null;
  const km = distanceKm(near, p);
  return km < 10 ? Math.round(km * 10) / 10 : Math.round(km);
}

/** The public card of a sheet: what a visitor may read, never the account behind it (quirk §8.2). */
export function publicCard(
  p: ApiRecord,
  presentation: ApiRecord,
  jobs: Map<number, string>,
  words: Map<number, string>,
) {
  const logo = p.logo as { key?: string; contentType?: string } | null | undefined;
  return {
    pk: p.pk as number,
    name: String(p.name ?? ''),
    job: typeof p.job === 'number' ? (jobs.get(p.job) ?? '') : '',
    address: String(p.address ?? ''),
    postcode: String(p.postcode ?? ''),
    town: String(p.town ?? ''),
    lat: located(p) ? p.lat : null,
    lon: located(p) ? p.lon : null,
    phoneNumber: String(p.phoneNumber ?? ''),
    email: String(p.email ?? ''),
    url: String(p.url ?? ''),
    isMonAccompagnateurRenov: p.isMonAccompagnateurRenov === true,
    description: String(presentation.description ?? ''),
    keyWords: ((presentation.primaryKeyWords as number[] | undefined) ?? [])
      .map((k) => words.get(k))
      .filter((w): w is string => !!w),
    logo: logo?.key ? `/api/v1/listepro/public/professional/${String(p.pk)}/logo/` : null,
  };
}
export type PublicCard = ReturnType<typeof publicCard>;

/** The names of jobs and key words by pk, kept together while both tables are unchanged (one check, not two). */
function jobAndKeyWordNames(ctx: RequestContext) {
  const [job, word] = ['listepro-job', 'listepro-key-word'].map((n) => entityOf(ctx, n));
  const db = ctx.app.database.db;
  const tables = [job!, word!].map((e) => e.schema['x-entity'].table);
  const names = async (entity: typeof job) =>
    new Map(
      (
        (await db
          .selectFrom(entity!.schema['x-entity'].table as never)
          .selectAll()
          .execute()) as Record<string, unknown>[]
      )
        .map((r) => rowToRecord(entity!, r))
        .map((r) => [r.pk as number, String(r.name)] as const),
    );
  return cachedByTables(db, 'listepro-names', tables, async () => ({
    jobNames: await names(job),
    wordNames: await names(word),
  }));
}

/** Full sheets and their published presentations for a few pks, as cards in the given order. */
export async function cardsFor(ctx: RequestContext, pks: number[]): Promise<PublicCard[]> {
  if (!pks.length) return [];
  const pro = entityOf(ctx, 'listepro-professional');
  const pres = entityOf(ctx, 'listepro-presentation');
  const db = ctx.app.database.db;
  const sheets = new Map<number, ApiRecord>();
  const presentations = new Map<number, ApiRecord>();
  // The names of jobs and key words are read beside the sheets, not after them: one round trip
  // less to PostgreSQL for every page of results.
  const names = jobAndKeyWordNames(ctx);
  names.catch(() => undefined); // awaited below; not an unhandled rejection if a sheet query fails first
  // In chunks: a PDF of every result may name thousands of sheets (bound parameters are limited).
  for (let i = 0; i < pks.length; i += 500) {
    const chunk = pks.slice(i, i + 500);
    const [rows, presRows] = await Promise.all([
      db
        .selectFrom(pro.schema['x-entity'].table as never)
        .selectAll()
        .where('pk' as never, 'in', chunk as never)
        .execute(),
      db
        .selectFrom(pres.schema['x-entity'].table as never)
        .selectAll()
        .where('version' as never, '=', 'published' as never)
        .where('professional' as never, 'in', chunk as never)
        .execute(),
    ]);
    for (const r of rows) {
      const rec = rowToRecord(pro, r as Record<string, unknown>);
      sheets.set(rec.pk as number, rec);
    }
    for (const r of presRows) {
      const rec = rowToRecord(pres, r as Record<string, unknown>);
      if (!presentations.has(rec.professional as number)) presentations.set(rec.professional as number, rec);
    }
  }
  const { jobNames, wordNames } = await names;
  return pks
    .filter((pk) => sheets.has(pk))
    .map((pk) => publicCard(sheets.get(pk)!, presentations.get(pk) ?? {}, jobNames, wordNames));
}

/**
 * The search's order: the seed's shuffle of the matching sheets (same seed, same order on every
 * page); with a place, nearest first (engine/listepro/text-search.ts).
 */
export function ordered(matches: Candidate[], seed: number, near: { lat: number; lon: number } | null = null) {
  return orderResults(matches, seed, near);
}
