import type { Kysely } from 'kysely';
import { denied, message, notFound, type RequestContext } from '../../context';
import type { AppDatabase } from '../../db/tables';
import { HttpError } from '../../http/http-error';
import { parsePk } from '../../operations/find-one';
import { rowToRecord, type ApiRecord } from '../../db/row-mapper';
import { recordOf } from '../../hooks/fac/follow-up-data';
import { isDayKey } from '../../../engine/time/paris-time';
import { statisticsRange } from '../../../engine/follow-up/statistics';
import { laureatesOf } from '../../../engine/follow-up/sharing';

type Db = Kysely<AppDatabase>;

/** The checked selection of a statistics request (reference 8.12, 5 « groups »). */
export interface StatisticsSelection {
  project: { pk: number; name: string; groups: number[]; valuationTypes: number[]; laureates?: number[] };
  period: { pk: number; name: string; dateStart: string; dateEnd: string } | null;
  /** The counted range (YYYY-MM-DD, bounds included): the asked dates clamped inside the period. */
  dateStart: string | null;
  dateEnd: string | null;
  groups: { pk: number; name: string; coefficient: number }[];
}

export function isAdministrator(ctx: RequestContext): boolean {
  return ctx.user.roles.includes('administrator');
}

/** Administrators and advisors read statistics; managers are kept out of folders (docs/follow-up.md). */
export function assertStatisticsReader(ctx: RequestContext): void {
  if (!isAdministrator(ctx) && !ctx.user.roles.includes('advisor')) throw denied(ctx);
}

function fieldError(ctx: RequestContext, path: string, key: string): HttpError {
  const text = message(ctx.app, key);
  return new HttpError(400, 'validation', text, [{ path, code: key, params: {}, message: text }]);
}

/** Every record of a (small, configuration) entity, as the API reads it, in pk order. */
export async function allRecords(ctx: RequestContext, db: Db, entity: string): Promise<ApiRecord[]> {
  const runtime = ctx.app.registry.entities.get(entity)!;
  const rows = (await db
    .selectFrom(runtime.schema['x-entity'].table as never)
    .selectAll()
    .orderBy('pk' as never)
    .execute()) as Record<string, unknown>[];
  return rows.map((r) => rowToRecord(runtime, r));
}

const pks = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);

/**
 * The structures a caller may read statistics of in a programme: administrators every structure,
 * advisors their own and, when it pilots the programme, its laureates there (reference 8.8,
 * `laureates` read by `readableProjects` from the programme's shares).
 */
export function readableGroups(
  ctx: RequestContext,
  project: { groups: number[]; laureates?: number[] },
): number[] | null {
  if (isAdministrator(ctx)) return null;
  const own = ctx.user.scopeGroups.filter((g) => project.groups.includes(g));
  return [...own, ...(project.laureates ?? []).filter((g) => !own.includes(g))];
}

/** The programmes a caller may read statistics of (reference 4 « Project — view »), with the laureates it pilots. */
export async function readableProjects(ctx: RequestContext): Promise<StatisticsSelection['project'][]> {
  const db = ctx.app.database.db;
  const shares = isAdministrator(ctx)
    ? []
    : (await allRecords(ctx, db, 'project-share')).map((s) => ({
        project: s.project as number,
        pilotGroup: s.pilotGroup as number,
        laureateGroups: pks(s.laureateGroups),
      }));
  const projects = (await allRecords(ctx, db, 'project')).map((p) => {
    const project = {
      pk: p.pk as number,
      name: String(p.name ?? ''),
      groups: pks(p.groups),
      valuationTypes: pks(p.valuationTypes),
    };
    return { ...project, laureates: laureatesOf(shares, ctx.user.scopeGroups, project) };
  });
  return projects.filter((p) => readableGroups(ctx, p)?.length !== 0);
}

async function groupsNamed(db: Db, list: number[]): Promise<StatisticsSelection['groups']> {
  if (!list.length) return [];
  const rows = await db
    .selectFrom('account_group')
    .select(['pk', 'name', 'coefficient'])
    .where('pk', 'in', list)
    .orderBy('name')
    .execute();
  return rows.map((g) => ({ pk: g.pk, name: g.name ?? `n° ${g.pk}`, coefficient: g.coefficient ?? 1 }));
}

/**
 * The query string of a statistics request, checked: the programme (404 when unknown or out of
 * reach), the period, the dates (AAAA-MM-JJ), the structures (`groups=2,3`; each one the caller
 * may read, else 403; by default every readable structure of the programme).
 */
export async function parseSelection(
  ctx: RequestContext,
  projectPk: unknown,
  q: Record<string, unknown>,
): Promise<StatisticsSelection> {
  const db = ctx.app.database.db;
  const pk = parsePk(projectPk);
  const project = (await readableProjects(ctx)).find((p) => p.pk === pk);
  if (!project) throw notFound(ctx);
  let period: StatisticsSelection['period'] = null;
  if (q.period !== undefined && q.period !== '') {
    const found = await recordOf(ctx.app, db, 'period', parsePk(q.period));
    if (!found) throw fieldError(ctx, 'period', 'follow_up.statistics.bad_period');
    period = {
      pk: found.pk as number,
      name: String(found.name ?? ''),
      dateStart: String(found.dateStart),
      dateEnd: String(found.dateEnd),
    };
  }
  const day = (name: string): string | null => {
    const v = q[name];
    if (v === undefined || v === '') return null;
    if (!isDayKey(v)) throw fieldError(ctx, name, 'follow_up.statistics.bad_day');
    return v;
  };
  const range = statisticsRange(period, day('dateStart'), day('dateEnd'));
  if (range.dateStart && range.dateEnd && range.dateEnd < range.dateStart)
    throw fieldError(ctx, 'dateEnd', 'follow_up.statistics.end_before_start');
  const readable = readableGroups(ctx, project);
  let chosen: number[];
  if (typeof q.groups === 'string' && q.groups !== '') {
    chosen = [...new Set(q.groups.split(',').map((g) => parsePk(g.trim())))].filter((g): g is number => g !== null);
    if (readable && chosen.some((g) => !readable.includes(g)))
      throw new HttpError(403, 'forbidden', message(ctx.app, 'follow_up.statistics.group_denied'));
  } else chosen = readable ?? project.groups;
  const groups = await groupsNamed(db, chosen);
  if (groups.length !== chosen.length) throw notFound(ctx);
  return { project, period, ...range, groups };
}
