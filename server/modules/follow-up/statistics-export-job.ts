import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { AppContext, RequestContext } from '../../context';
import { message } from '../../context';
import type { FacStatisticsExportTable } from '../../db/tables';
import { HttpError } from '../../http/http-error';
import { enqueueJob } from '../../jobs/enqueue-job';
import { registerJobHandler } from '../../jobs/job-handlers';
import { declareSchedule } from '../../jobs/job-schedules';
import { sendMail } from '../../mail/send-mail';
import { fileStorage } from '../../storage';
import type { FileRef } from '../../../engine/files/file-ref';
import { loadUser } from '../auth/load-user';
import { whiteLabelById } from '../white-labels/resolve-white-label';
import { preferredSite, siteOrigin } from '../accounts/account-mails';
import { systemContext } from '../../seed/system-context';
import { parseSelection, type StatisticsSelection } from './statistics-query';
import { programmeStatisticsOf } from './statistics';
import { statisticsWorkbook, workbookName } from './statistics-xlsx';

export const STATISTICS_EXPORT_JOB = 'fac.statistics-export';
export const STATISTICS_EXPORT_PURGE_JOB = 'fac.statistics-export-purge';
/** How long the mailed link (and the stored file) lives. */
export const EXPORT_TTL_DAYS = 7;

type ExportRow = Selectable<FacStatisticsExportTable>;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The selection fields a request may give; anything else is ignored, as by the download. */
export function selectionQuery(source: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of ['period', 'dateStart', 'dateEnd', 'groups'])
    if (source[k] !== undefined && source[k] !== null) out[k] = String(source[k]);
  return out;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * The statistics workbook of a selection (reference 9.4): the same for the download and the mailed
 * export. `progress` hears 0–100 as the structures' figures are computed.
 */
export async function buildStatisticsWorkbook(
  ctx: RequestContext,
  sel: StatisticsSelection,
  progress: (percent: number) => Promise<void> = async () => {},
): Promise<{ file: Buffer; fileName: string }> {
  const stats = await programmeStatisticsOf(ctx, sel);
  const perGroup = [];
  const several = sel.groups.length > 1;
  await progress(several ? Math.round(100 / (sel.groups.length + 1)) : 80);
  if (several)
    for (const [i, g] of sel.groups.entries()) {
      perGroup.push(await programmeStatisticsOf(ctx, { ...sel, groups: [g] }));
      await progress(Math.round(((i + 2) * 100) / (sel.groups.length + 1)));
    }
  return { file: await statisticsWorkbook(stats, perGroup), fileName: workbookName(stats) };
}

/** What the screen shows of an export: its state and a French sentence saying it. */
export function exportState(row: ExportRow) {
  const until = row.expires_at
    ? new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'long', timeStyle: 'short' }).format(
        new Date(row.expires_at),
      )
    : '';
  const text =
    row.status === 'queued'
      ? 'Le classeur est en attente : sa préparation va commencer.'
      : row.status === 'building'
        ? `Préparation du classeur : ${row.progress} %.`
        : row.status === 'sent'
          ? `Le classeur a été envoyé à ${row.email ?? 'votre adresse'} ; le lien de téléchargement est valable ` +
            `jusqu’au ${until}.`
          : (row.error ?? 'Le classeur n’a pas pu être préparé.');
  return {
    pk: row.pk,
    project: row.project,
    status: row.status,
    progress: row.progress,
    message: text,
    fileName: row.file_name,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}

/**
 * Queues the build of the statistics workbook for the caller (rights and selection checked now,
 * so that a bad request is a French 400 before anything is queued; checked again when built).
 * The export's row and its job are added in one transaction.
 */
export async function requestStatisticsExport(
  ctx: RequestContext,
  projectPk: unknown,
  body: Record<string, unknown>,
  requestHost: string | undefined,
) {
  const query = selectionQuery(body);
  const sel = await parseSelection(ctx, projectPk, query);
  const app = ctx.app;
  const userPk = ctx.user.pk;
  if (userPk === null) throw new HttpError(401, 'not_authenticated', message(app, 'errors.401'));
  const user = await app.database.db
    .selectFrom('account_user')
    .select(['email'])
    .where('pk', '=', userPk)
    .executeTakeFirst();
  if (!user?.email) throw new HttpError(400, 'no_email', message(app, 'follow_up.statistics.export_no_email'));
  const site = await preferredSite(app, userPk, ctx.whiteLabel.id);
  const origin = siteOrigin(app, site.domain, { requestHost });
  const pk = await app.database.db.transaction().execute(async (trx) => {
    // One mailed export at a time per user: each builds a whole workbook in the background. The
    // user's row is locked on PostgreSQL so that two requests at once cannot both pass the check
    // (SQLite runs one write transaction at a time).
    if (app.database.dialect === 'postgres')
      await trx.selectFrom('account_user').select('pk').where('pk', '=', userPk).forUpdate().execute();
    const pending = await trx
      .selectFrom('fac_statistics_export')
      .select('pk')
      .where('user_pk', '=', userPk)
      .where('status', 'in', ['queued', 'building'])
      .executeTakeFirst();
    if (pending)
      throw new HttpError(409, 'export_pending', message(app, 'follow_up.statistics.export_pending'), [], {
        export: pending.pk,
      });
    const row = await trx
      .insertInto('fac_statistics_export')
      .values({
        user_pk: userPk,
        project: sel.project.pk,
        query: JSON.stringify(query),
        white_label: ctx.whiteLabel.id,
        origin,
        email: user.email,
        error: null,
        file_key: null,
        file_name: null,
        token_hash: null,
        created_at: new Date().toISOString(),
        finished_at: null,
        expires_at: null,
      })
      .returning('pk')
      .executeTakeFirstOrThrow();
    await enqueueJob(trx, {
      kind: STATISTICS_EXPORT_JOB,
      payload: { export: row.pk },
      dedupeKey: `${STATISTICS_EXPORT_JOB}:${row.pk}`,
      maxAttempts: 3,
    });
    return row.pk;
  });
  return exportState(await exportRow(app, pk));
}

async function exportRow(app: AppContext, pk: number): Promise<ExportRow> {
  return (await app.database.db
    .selectFrom('fac_statistics_export')
    .selectAll()
    .where('pk', '=', pk)
    .executeTakeFirstOrThrow()) as ExportRow;
}

/** The caller's own export, or 404 (another user's export is never named: it does not exist for them). */
export async function ownExport(ctx: RequestContext, pkText: unknown): Promise<ExportRow> {
  const pk = Number(pkText);
  const notFound = new HttpError(404, 'not_found', message(ctx.app, 'errors.404'));
  if (ctx.user.anonymous) throw new HttpError(401, 'not_authenticated', message(ctx.app, 'errors.401'));
  if (!Number.isSafeInteger(pk) || pk <= 0) throw notFound;
  const row = (await ctx.app.database.db
    .selectFrom('fac_statistics_export')
    .selectAll()
    .where('pk', '=', pk)
    .executeTakeFirst()) as ExportRow | undefined;
  if (!row || row.user_pk !== ctx.user.pk) throw notFound;
  return row;
}

/**
 * The file of a sent export, for its requester holding the mailed link's secret: anyone else, a
 * wrong secret or an export not sent → 404; past its date → 410 with a French message.
 */
export async function exportFile(ctx: RequestContext, pkText: unknown, secret: unknown): Promise<FileRef> {
  const row = await ownExport(ctx, pkText);
  const given = Buffer.from(sha256(typeof secret === 'string' ? secret : ''), 'hex');
  const stored = Buffer.from(row.token_hash ?? '', 'hex');
  if (row.status !== 'sent' || stored.length !== given.length || !timingSafeEqual(stored, given))
    throw new HttpError(404, 'not_found', message(ctx.app, 'errors.404'));
  if (!row.file_key || !row.expires_at || row.expires_at < new Date().toISOString())
    throw new HttpError(410, 'expired', message(ctx.app, 'follow_up.statistics.export_expired'));
  // A reference like a file property's, for the one sender of stored files (size and type unused there).
  return { key: row.file_key, name: row.file_name ?? 'statistiques.xlsx', size: 0, contentType: XLSX_TYPE };
}

async function setExport(app: AppContext, pk: number, values: Partial<ExportRow>): Promise<void> {
  await app.database.db.updateTable('fac_statistics_export').set(values).where('pk', '=', pk).execute();
}

/** The requester as a request would see them, or null when they may no longer sign in. */
async function requesterContext(app: AppContext, row: ExportRow): Promise<RequestContext | null> {
  const user = await loadUser(app, row.user_pk);
  if (!user) return null;
  const whiteLabel =
    (row.white_label !== null ? await whiteLabelById(app, row.white_label) : null) ?? systemContext(app).whiteLabel;
  return { app, user: user.rule, whiteLabel };
}

/**
 * Builds, stores and mails one export. Safe to run again after a failure: a sent export is left
 * alone and a file stored by an earlier attempt is removed before the new one is written. A refusal
 * (rights lost, programme gone) fails the export at once with its French message; anything else is
 * retried by the job runner, the export failing with a general message after the last attempt.
 */
export async function runStatisticsExport(
  app: AppContext,
  exportPk: number,
  attempt = { attempts: 1, maxAttempts: 1 },
): Promise<void> {
  const row = (await app.database.db
    .selectFrom('fac_statistics_export')
    .selectAll()
    .where('pk', '=', exportPk)
    .executeTakeFirst()) as ExportRow | undefined;
  if (!row || row.status === 'sent' || row.status === 'failed') return;
  const fail = (error: string) =>
    setExport(app, row.pk, { status: 'failed', error, finished_at: new Date().toISOString() });
  if (row.file_key) {
    await fileStorage(app).delete(row.file_key);
    await setExport(app, row.pk, { file_key: null });
  }
  await setExport(app, row.pk, { status: 'building', progress: 5, error: null });
  try {
    const ctx = await requesterContext(app, row);
    if (!ctx || !row.email) return await fail(message(app, 'follow_up.statistics.export_requester_gone'));
    const sel = await parseSelection(ctx, row.project, JSON.parse(row.query) as Record<string, unknown>);
    const { file, fileName } = await buildStatisticsWorkbook(ctx, sel, (p) =>
      setExport(app, row.pk, { progress: 5 + Math.round(p * 0.8) }),
    );
    const stored = await fileStorage(app).put(file);
    const secret = randomBytes(32).toString('base64url');
    const expires = new Date(Date.now() + EXPORT_TTL_DAYS * 86_400_000).toISOString();
    await setExport(app, row.pk, {
      progress: 90,
      file_key: stored.key,
      file_name: fileName,
      token_hash: sha256(secret),
      expires_at: expires,
    });
    const site = await preferredSite(app, row.user_pk, row.white_label);
    const url = `${row.origin}/fac/suivi?classeur=${row.pk}&cle=${secret}`;
    const until = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'long' }).format(
      new Date(expires),
    );
    const range =
      sel.dateStart && sel.dateEnd
        ? ` du ${frenchDay(sel.dateStart)} au ${frenchDay(sel.dateEnd)}`
        : sel.period
          ? ` (${sel.period.name})`
          : '';
    const sent = await sendMail(app, {
      to: row.email,
      subject: '[FAC] Votre classeur de statistiques est prêt',
      kind: 'other',
      whiteLabel: site.whiteLabel,
      content: {
        siteName: site.siteName,
        paragraphs: [
          'Bonjour,',
          `Le classeur des statistiques « ${sel.project.name} »${range} ` +
            `(${sel.groups.map((g) => g.name).join(', ')}) que vous avez demandé est prêt : ${fileName}.`,
          `Ouvrez ce lien en étant connecté(e) à votre compte pour le télécharger ; il est valable jusqu’au ${until}.`,
        ],
        action: { label: 'Télécharger le classeur', url },
        signature: message(app, 'accounts.mail.signature', { siteName: site.siteName }),
        footer: message(app, 'accounts.mail.automatic'),
      },
    });
    // Without SMTP the outbox keeps the mail (administrators read it): the export is done.
    if (sent.status === 'failed') throw new Error('statistics export mail not sent');
    await setExport(app, row.pk, { status: 'sent', progress: 100, finished_at: new Date().toISOString() });
  } catch (err) {
    if (err instanceof HttpError) return await fail(err.message);
    if (attempt.attempts >= attempt.maxAttempts) await fail(message(app, 'follow_up.statistics.export_failed'));
    else await setExport(app, row.pk, { status: 'queued', progress: 0 });
    throw err;
  }
}

function frenchDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/** Removes the files of expired exports (the rows stay, answering « expiré »). */
export async function purgeExpiredExports(app: AppContext, now = new Date()): Promise<number> {
  const rows = await app.database.db
    .selectFrom('fac_statistics_export')
    .select(['pk', 'file_key'])
    .where('expires_at', '<', now.toISOString())
    .where('file_key', 'is not', null)
    .limit(1000)
    .execute();
  for (const r of rows) {
    await setExport(app, r.pk, { file_key: null });
    await fileStorage(app).delete(r.file_key!);
  }
  return rows.length;
}

registerJobHandler<{ export: number }>(STATISTICS_EXPORT_JOB, async (app, payload, job) => {
  await runStatisticsExport(app, payload.export, job);
});
registerJobHandler(STATISTICS_EXPORT_PURGE_JOB, async (app) => {
  await purgeExpiredExports(app);
});
declareSchedule({ name: STATISTICS_EXPORT_PURGE_JOB, kind: STATISTICS_EXPORT_PURGE_JOB, everyMs: 3_600_000 });
