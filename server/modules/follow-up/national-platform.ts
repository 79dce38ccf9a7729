import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import { denied, message, notFound, type RequestContext } from '../../context';
import { HttpError } from '../../http/http-error';
import { parsePk } from '../../operations/find-one';
import { inTransaction } from '../../db/transaction';
import { nowIso } from '../../db/column-types';
import { toCsv } from '../../../engine/export/csv-writer';
import {
  EXPORT_HEADERS,
  actTypeCode,
  compareExportWithFeedback,
  exportRow,
  feedbackCounts,
  matchFeedback,
  parseFeedback,
  type ExportAct,
  type FeedbackOutcome,
  type FeedbackProblem,
  type KnownAct,
} from '../../../engine/follow-up/national-platform';
import type { FileTable } from '../imports/read-table';
import { parseJson } from '../../db/row-mapper';
import { sareFile, sareRow, type SareAct } from '../../../engine/follow-up/sare-format';

/**
 * The national platform's export, feedback import and comparison (issue 11 item 8): the server
 * reads the database and checks rights; engine/follow-up/national-platform.ts decides.
 */

export interface Selection {
  project: number;
  period: { pk: number; name: string; dateStart: string; dateEnd: string };
  /** null: every structure (administrators only). */
  structure: number | null;
}

function bad(ctx: RequestContext, path: string, key: string): HttpError {
  const text = message(ctx.app, key);
  return new HttpError(400, 'validation', text, [{ path, code: key, params: {}, message: text }]);
}

const isAdministrator = (ctx: RequestContext) => ctx.user.roles.includes('administrator');

/** Administrators and advisors (superadvisors included): the ones who see actions (reference 4). */
export function assertActReader(ctx: RequestContext): void {
  if (ctx.whiteLabel.modules.fac === false)
    throw new HttpError(404, 'module_disabled', message(ctx.app, 'errors.module_disabled'));
  if (!isAdministrator(ctx) && !ctx.user.roles.includes('advisor')) throw denied(ctx);
}

/** The comparison is for administrators (spec 02 §6 « TBS comparison »). */
export function assertAdministrator(ctx: RequestContext): void {
  assertActReader(ctx);
  if (!isAdministrator(ctx)) throw denied(ctx);
}

/**
 * Programme, period and structure from the query. An advisor works on one of their structures
 * (their own by default); a neighbour structure is refused. Administrators choose any structure,
 * or none for every structure (`structureRequired` for an import, which belongs to one).
 */
export async function parseSelection(
  ctx: RequestContext,
  q: Record<string, unknown>,
  structureRequired = false,
): Promise<Selection> {
  const db = ctx.app.database.db;
  const project = parsePk(q.project);
  if (project === null) throw bad(ctx, 'project', 'national_platform.bad_project');
  const projectRow = await db.selectFrom('fac_project').select('pk').where('pk', '=', project).executeTakeFirst();
  if (!projectRow) throw bad(ctx, 'project', 'national_platform.bad_project');
  const periodPk = parsePk(q.period);
  const period =
    periodPk === null
      ? undefined
      : await db
          .selectFrom('fac_period')
          .select(['pk', 'name', 'date_start', 'date_end'])
          .where('pk', '=', periodPk)
          .executeTakeFirst();
  if (!period || !period.date_start || !period.date_end) throw bad(ctx, 'period', 'national_platform.bad_period');
  let structure: number | null = null;
  if (q.structure !== undefined && q.structure !== '') {
    structure = parsePk(q.structure);
    if (structure === null) throw bad(ctx, 'structure', 'national_platform.bad_structure');
    const group = await db.selectFrom('account_group').select('pk').where('pk', '=', structure).executeTakeFirst();
    if (!group) throw notFound(ctx);
  } else if (!isAdministrator(ctx)) structure = ctx.user.group;
  if (structure === null && structureRequired) throw bad(ctx, 'structure', 'national_platform.structure_required');
  if (!isAdministrator(ctx) && (structure === null || !ctx.user.scopeGroups.includes(structure)))
    throw new HttpError(403, 'forbidden', message(ctx.app, 'national_platform.structure_denied'));
  return {
    project,
    period: { pk: period.pk, name: period.name ?? '', dateStart: period.date_start, dateEnd: period.date_end },
    structure,
  };
}

interface ExportRowData {
  pk: number;
  model_name: string | null;
  owning_group: number;
  folder: number;
  date: string | null;
  duration: number | null;
  updated_at: string | null;
  group_name: string | null;
  ademe_id: string | null;
  user_first: string | null;
  user_last: string | null;
  c_first: string | null;
  c_last: string | null;
  c_email: string | null;
  c_phone: string | null;
  c_zipcode: string | null;
  c_town: string | null;
  c_address: string | null;
  o_name: string | null;
  o_email: string | null;
  o_phone: string | null;
  o_zipcode: string | null;
  o_town: string | null;
  o_address: string | null;
  a_extra: unknown;
  c_extra: unknown;
  o_extra: unknown;
  c_insee: string | null;
  c_pk: number | null;
  o_insee: string | null;
}

/** A custom-form answers column (the record's extra JSON). */
function answers(v: unknown): Record<string, unknown> {
  const parsed = parseJson(v);
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}

/**
 * The acts of a period (reference 9.5): done actions of the programme's folders dated in the
 * period, whose model is a programme act (actTypeCode), ordered by last update.
 */
export async function exportedActs(ctx: RequestContext, s: Selection): Promise<(SareAct & { folder: number })[]> {
  const rows = (
    await sql<ExportRowData>`select a.pk, am.name as model_name, a.owning_group, a.folder, a.date, a.duration,
        a.updated_at, g.name as group_name, g.ademe_id, u.first_name as user_first, u.last_name as user_last,
        c.first_name as c_first, c.last_name as c_last, c.email as c_email, c.phone as c_phone,
        c.zipcode as c_zipcode, c.town as c_town, c.address as c_address,
        o.name as o_name, o.email as o_email, o.phone as o_phone, o.zipcode as o_zipcode, o.town as o_town,
        o.address as o_address, a.extra as a_extra, c.extra as c_extra, o.extra as o_extra,
        c.inseecode as c_insee, o.inseecode as o_insee, c.pk as c_pk
      from fac_action a
      join fac_folder f on f.pk = a.folder
      join fac_action_model am on am.pk = a.model
      left join account_group g on g.pk = a.owning_group
      left join account_user u on u.pk = a.done_by
      left join fac_contact c on c.pk = f.contact
      left join fac_organization o on o.pk = f.organization
      where a.done = 1 and f.project = ${s.project} and a.date >= ${s.period.dateStart}
        and a.date <= ${s.period.dateEnd}
        ${s.structure === null ? sql`` : sql`and a.owning_group = ${s.structure}`}
      order by a.updated_at, a.pk`.execute(ctx.app.database.db)
  ).rows;
  const acts: (SareAct & { folder: number })[] = [];
  for (const r of rows) {
    const actType = actTypeCode(r.model_name ?? '');
    if (!actType) continue;
    acts.push({
      pk: Number(r.pk),
      folder: Number(r.folder),
      structure: r.ademe_id || r.group_name || '',
      advisor: [r.user_first, r.user_last].filter(Boolean).join(' '),
      actType,
      date: r.date ?? '',
      duration: r.duration === null ? null : Number(r.duration),
      lastName: r.c_last ?? '',
      firstName: r.c_first ?? '',
      organization: r.o_name ?? '',
      email: r.c_email ?? r.o_email ?? '',
      phone: r.c_phone ?? r.o_phone ?? '',
      zipcode: r.c_zipcode ?? r.o_zipcode ?? '',
      town: r.c_town ?? r.o_town ?? '',
      address: r.c_address ?? r.o_address ?? '',
      updatedAt: r.updated_at ?? '',
      actionAnswers: answers(r.a_extra),
      // The folder's contact, else its organisation: the « linked object » of reference 9.5.
      linkedAnswers: answers(r.c_pk !== null ? r.c_extra : r.o_extra),
      inseeCode: r.c_insee ?? r.o_insee ?? '',
    });
  }
  return acts;
}

export function exportCsv(acts: ExportAct[]): string {
  return toCsv(
    [...EXPORT_HEADERS],
    acts.map((a) => exportRow(a)),
  );
}

/** The platform's own format (reference 9.5, engine/follow-up/sare-format.ts): Windows-1252 bytes. */
export function exportSare(acts: SareAct[]): Buffer {
  return sareFile(acts.map((a) => sareRow(a)));
}

/** Sheet « Feuille1 », first row and column frozen (reference 9.5). */
export async function exportXlsx(acts: ExportAct[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Feuille1', { views: [{ state: 'frozen', xSplit: 1, ySplit: 1 }] });
  sheet.addRow([...EXPORT_HEADERS]).font = { bold: true };
  for (const a of acts) sheet.addRow(exportRow(a));
  sheet.columns.forEach((c) => (c.width = 18));
  return Buffer.from(await book.xlsx.writeBuffer());
}

function refusal(ctx: RequestContext, problems: FeedbackProblem[]): HttpError {
  const SHOWN = 10;
  const parts = problems
    .slice(0, SHOWN)
    .map((p) =>
      p.line === null ? p.message : message(ctx.app, 'national_platform.line', { line: p.line, message: p.message }),
    );
  if (problems.length > SHOWN)
    parts.push(message(ctx.app, 'national_platform.more_problems', { count: problems.length - SHOWN }));
  const text = message(ctx.app, 'national_platform.bad_file', { problems: parts.join(' ; ') });
  return new HttpError(
    400,
    'validation',
    text,
    problems.map((p) => ({
      path: p.line === null ? 'file' : `line:${p.line}`,
      code: 'national_platform.bad_line',
      params: { line: p.line },
      message: p.message,
    })),
  );
}

/**
 * Imports a feedback file: every line read and matched before anything is written, then the
 * feedback and its lines in one transaction. Any problem refuses the whole file.
 */
export async function importFeedback(
  ctx: RequestContext,
  s: Selection,
  fileName: string,
  table: FileTable,
): Promise<{ pk: number }> {
  const parsed = parseFeedback(table.headers, table.rows);
  if (parsed.problems.length) throw refusal(ctx, parsed.problems);
  const structure = s.structure!;
  const pks = parsed.lines.map((l) => l.pk);
  const known = new Map<number, KnownAct>();
  const db = ctx.app.database.db;
  for (let i = 0; i < pks.length; i += 500) {
    const rows = await db
      .selectFrom('fac_action as a')
      .leftJoin('fac_action_model as am', 'am.pk', 'a.model')
      .select(['a.pk', 'a.folder', 'a.owning_group', 'am.name'])
      .where('a.pk', 'in', pks.slice(i, i + 500))
      .execute();
    for (const r of rows)
      known.set(Number(r.pk), {
        pk: Number(r.pk),
        folder: Number(r.folder),
        owningGroup: Number(r.owning_group),
        actType: actTypeCode(r.name ?? ''),
      });
  }
  const matched = matchFeedback(parsed.lines, known, structure);
  if (matched.problems.length) throw refusal(ctx, matched.problems);
  const counts = feedbackCounts(matched.lines);
  return inTransaction(ctx, async (_tctx, trx) => {
    const now = nowIso();
    const feedback = await trx
      .insertInto('fac_tbs_feedback')
      .values({
        file_name: fileName.slice(0, 255),
        owning_group: structure,
        project: s.project,
        period: s.period.pk,
        line_count: counts.lineCount,
        accepted_count: counts.acceptedCount,
        error_count: counts.errorCount,
        rejection_count: counts.rejectionCount,
        unmatched_count: counts.unmatchedCount,
        created_at: now,
        updated_at: now,
      })
      .returning('pk')
      .executeTakeFirstOrThrow();
    const values = matched.lines.map((l) => ({
      feedback: feedback.pk,
      owning_group: structure,
      line: l.line,
      act_id: l.actId.slice(0, 200),
      act_type: l.actType.slice(0, 20),
      outcome: l.outcome,
      reason: l.reason.slice(0, 2000),
      action: l.action,
      folder: l.folder,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < values.length; i += 200)
      await trx
        .insertInto('fac_tbs_feedback_line')
        .values(values.slice(i, i + 200))
        .execute();
    return { pk: Number(feedback.pk) };
  });
}

/** Exported acts against the feedback files of the same programme, period (and structure). */
export async function comparison(ctx: RequestContext, s: Selection) {
  const acts = await exportedActs(ctx, s);
  const lines = await sql<{ action: number | null; act_id: string; act_type: string; outcome: string; line: number }>`
    select l.action, l.act_id, l.act_type, l.outcome, l.line from fac_tbs_feedback_line l
      join fac_tbs_feedback f on f.pk = l.feedback
      where f.project = ${s.project} and f.period = ${s.period.pk}
        ${s.structure === null ? sql`` : sql`and f.owning_group = ${s.structure}`}
      order by f.created_at, f.pk, l.line`.execute(ctx.app.database.db);
  const feedback = lines.rows.map((l) => ({
    action: l.action === null ? null : Number(l.action),
    pk: Number(l.act_id.split('.').pop()),
    outcome: l.outcome as FeedbackOutcome,
    actType: l.act_type ?? '',
  }));
  const files = await ctx.app.database.db
    .selectFrom('fac_tbs_feedback')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .where('project', '=', s.project)
    .where('period', '=', s.period.pk)
    .$if(s.structure !== null, (qb) => qb.where('owning_group', '=', s.structure!))
    .executeTakeFirst();
  return {
    project: s.project,
    period: s.period,
    structure: s.structure,
    feedbackFiles: Number(files?.n ?? 0),
    ...compareExportWithFeedback(acts, feedback),
  };
}
