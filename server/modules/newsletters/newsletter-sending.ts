import { randomBytes } from 'node:crypto';
import juice from 'juice';
import type { Transporter } from 'nodemailer';
import type { AppContext, RequestContext } from '../../context';
import { denied, message } from '../../context';
import { HttpError, ValidationError } from '../../http/http-error';
import { findOne } from '../../operations/find-one';
import { entityOf, may } from '../../operations/entity-access';
import { inTransaction } from '../../db/transaction';
import { enqueueJob } from '../../jobs/enqueue-job';
import { registerJobHandler } from '../../jobs/job-handlers';
import type { JobInfo } from '../../jobs/job-types';
import { accountTransport, groupSmtpAccount, sendingError } from '../../mail/group-smtp-account';
import { NO_SMTP_ACCOUNT, MAILGUN_UNAVAILABLE } from '../../mail/send-group-mail';
import { recipientLines } from '../fac-lists/list-recipients-routes';
import { htmlToPlainText } from '../../../engine/templates/html-to-plain-text';
import {
  escapeHtml,
  renderNewsletterDocument,
  renderNewsletterBody,
} from '../../../engine/newsletters/render-newsletter';
import { loadIssue } from './newsletter-view';

export const NEWSLETTER_SEND_JOB = 'newsletters.send';
/** Mails per job: a large list is sent by many short jobs, so the server never blocks on one. */
export const NEWSLETTER_BATCH_SIZE = 50;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const INTERRUPTED = 'Envoi interrompu (redémarrage du serveur) : non renvoyé, pour ne pas risquer un doublon.';
export const UNSUBSCRIBED_MEANWHILE = 'Désinscrit avant l’envoi : non envoyé.';

export interface SendPayload {
  sending: number;
}

/** The unsubscribe page of a recipient (no sign-in: the token is the key). */
export function unsubscribeUrl(origin: string, token: string): string {
  return `${origin}/newsletters-public/desinscription/${token}`;
}

/**
 * « Envoyer » (POST /api/v1/infolettres/newsletter/{pk}/send/ {list}): the list's recipients are
 * resolved with the caller's rights (engine/file-area/list-recipients.ts), only those whose record
 * accepts newsletters and has an address are kept (each address once), and the sending, one
 * delivery row per recipient (each with its own unsubscribe secret) and the first batch job are
 * written in one transaction. The mails go out from the job, never from the request.
 */
export async function startSending(ctx: RequestContext, newsletterPk: unknown, body: unknown, origin: string) {
  const newsletter = await findOne(ctx, 'newsletter', newsletterPk);
  if (!may(ctx, entityOf(ctx, 'newsletter'), 'change', newsletter)) throw denied(ctx);
  const listPk = (body as { list?: unknown } | null)?.list;
  if (!Number.isSafeInteger(listPk))
    throw new ValidationError(
      [{ path: 'list', code: 'required', params: {}, message: message(ctx.app, 'newsletters.send.list_required') }],
      message(ctx.app, 'validation.summary'),
    );
  const list = await findOne(ctx, 'contact-list', listPk);
  if (!Array.isArray(newsletter.blocks) || newsletter.blocks.length === 0)
    throw new HttpError(400, 'empty', message(ctx.app, 'newsletters.send.empty'));
  const lines = await recipientLines(ctx, list.pk as number);
  const seen = new Set<string>();
  const kept = lines.filter((l) => {
    const email = l.email.trim().toLowerCase();
    if (!l.acceptsNewsletters || !EMAIL.test(email) || seen.has(email)) return false;
    seen.add(email);
    return true;
  });
  if (kept.length === 0) throw new HttpError(400, 'no_recipient', message(ctx.app, 'newsletters.send.no_recipient'));
  const now = new Date().toISOString();
  return inTransaction(ctx, async (tctx) => {
    const db = tctx.app.database.db;
    const sending = await db
      .insertInto('newsletters_sending')
      .values({
        newsletter: newsletter.pk as number,
        group: newsletter.group as number,
        list: list.pk as number,
        subject: String(newsletter.title ?? '').slice(0, 300),
        status: 'sending',
        recipient_count: kept.length,
        skipped_count: lines.length - kept.length,
        sent_count: 0,
        failed_count: 0,
        site_origin: origin.slice(0, 300),
        created_at: now,
        updated_at: now,
      })
      .returning('pk')
      .executeTakeFirstOrThrow();
    for (const l of kept)
      await db
        .insertInto('newsletters_delivery')
        .values({
          sending: sending.pk,
          group: newsletter.group as number,
          contact: l.kind === 'contact' ? l.pk : null,
          organization: l.kind === 'organization' ? l.pk : null,
          email: l.email.trim(),
          status: 'pending',
          error: '',
          claimed_at: null,
          sent_at: null,
          unsubscribe_token: randomBytes(24).toString('base64url'),
          created_at: now,
          updated_at: now,
        })
        .execute();
    await enqueueJob(db, {
      kind: NEWSLETTER_SEND_JOB,
      payload: { sending: sending.pk } satisfies SendPayload,
      dedupeKey: `newsletters:send:${sending.pk}:start`,
    });
    return { pk: sending.pk, recipientCount: kept.length, skippedCount: lines.length - kept.length };
  });
}

/** Test seam: called once a mail was accepted by the SMTP server, before its row says so. */
let afterAccepted: ((deliveryPk: number) => void | Promise<void>) | null = null;
export function onMailAccepted(hook: typeof afterAccepted): void {
  afterAccepted = hook;
}

/** A finished sending says whether its mails went: all (« Terminé »), some, or none (« Échoué »). */
function finishedStatus(sent: number, failed: number): 'done' | 'partial' | 'failed' {
  if (failed === 0) return 'done';
  return sent === 0 ? 'failed' : 'partial';
}

async function refreshCounts(app: AppContext, sending: number): Promise<number> {
  const db = app.database.db;
  const rows = await db
    .selectFrom('newsletters_delivery')
    .select(['status'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sending', '=', sending)
    .groupBy('status')
    .execute();
  const n = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  const pending = n('pending');
  await db
    .updateTable('newsletters_sending')
    .set({
      sent_count: n('sent'),
      failed_count: n('failed'),
      status: pending > 0 ? 'sending' : finishedStatus(n('sent'), n('failed')),
      updated_at: new Date().toISOString(),
    })
    .where('pk', '=', sending)
    .execute();
  return pending;
}

/**
 * One batch of a sending (job `newsletters.send`). Each delivery is claimed by a conditional
 * update (pending → sending) before its mail goes out and marked sent or failed after, so a row
 * is mailed at most once whatever happens: a delivery found « sending » when a batch starts was
 * claimed by a run that died (the job runner only hands a job to one runner at a time, and a
 * dead runner's job is handed on when its lease ends), and is marked failed, not mailed again.
 * Consent is read again just before each mail, so an unsubscription made during a long sending
 * is honoured. When rows remain, the next batch is a new job (its key derived from this job's,
 * so a re-run of this job adds no second one).
 */
export async function sendNewsletterBatch(
  app: AppContext,
  payload: SendPayload,
  job: Pick<JobInfo, 'pk'>,
  batchSize = NEWSLETTER_BATCH_SIZE,
): Promise<void> {
  const db = app.database.db;
  const sending = await db
    .selectFrom('newsletters_sending')
    .selectAll()
    .where('pk', '=', payload.sending)
    .executeTakeFirst();
  if (!sending || sending.status !== 'sending') return;
  await db
    .updateTable('newsletters_delivery')
    .set({ status: 'failed', error: INTERRUPTED, updated_at: new Date().toISOString() })
    .where('sending', '=', sending.pk)
    .where('status', '=', 'sending')
    .execute();
  const origin = sending.site_origin || 'http://localhost';
  const issue = sending.newsletter ? await loadIssue(app, sending.newsletter, origin) : null;
  const account = await groupSmtpAccount(app, sending.group ?? 0);
  let refusal = !issue
    ? 'La newsletter a été supprimée avant l’envoi.'
    : !account
      ? NO_SMTP_ACCOUNT
      : account.smtpType === 'mailgun'
        ? MAILGUN_UNAVAILABLE
        : null;
  let transport: Transporter | null = null;
  // The account's server is checked once per batch (outbound policy): a refused one fails each delivery.
  if (!refusal && account)
    transport = await accountTransport(app, account).catch((e: unknown) => {
      refusal = sendingError(app, e, { sending: sending.pk });
      return null;
    });
  try {
    for (let i = 0; i < batchSize; i += 1) {
      const next = await db
        .selectFrom('newsletters_delivery')
        .selectAll()
        .where('sending', '=', sending.pk)
        .where('status', '=', 'pending')
        .orderBy('pk')
        .limit(1)
        .executeTakeFirst();
      if (!next) break;
      const now = new Date().toISOString();
      const claimed = await db
        .updateTable('newsletters_delivery')
        .set({ status: 'sending', claimed_at: now, updated_at: now })
        .where('pk', '=', next.pk)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      const done = (status: 'sent' | 'failed', error = '') =>
        db
          .updateTable('newsletters_delivery')
          .set({
            status,
            error: error.slice(0, 1000),
            sent_at: status === 'sent' ? new Date().toISOString() : null,
            updated_at: new Date().toISOString(),
          })
          .where('pk', '=', next.pk)
          .execute();
      if (refusal || !issue || !transport || !account) {
        await done('failed', refusal ?? NO_SMTP_ACCOUNT);
        continue;
      }
      if (!(await stillConsents(app, next.contact, next.organization))) {
        await done('failed', UNSUBSCRIBED_MEANWHILE);
        continue;
      }
      const link = unsubscribeUrl(origin, next.unsubscribe_token ?? '');
      const sender = escapeHtml(account.fromUsername || 'la structure');
      const footerHtml =
        `<p>Vous recevez cette lettre car vous avez accepté de recevoir les newsletters de ${sender}. ` +
        `<a href="${escapeHtml(link)}">Se désinscrire</a></p>`;
      const view = { ...issue.view, footerHtml };
      // E-mail clients drop or ignore <style>: juice copies each rule into the style attributes.
      const html = juice(renderNewsletterDocument(view, issue.resolver));
      const text = `${htmlToPlainText(renderNewsletterBody(view, issue.resolver))}\n`;
      try {
        await transport.sendMail({
          from: { name: account.fromUsername, address: account.emailHostUser },
          to: next.email ?? '',
          subject: sending.subject ?? '',
          text,
          html,
          headers: { 'List-Unsubscribe': `<${link}>` },
        });
      } catch (e) {
        await done('failed', sendingError(app, e, { delivery: next.pk }));
        continue;
      }
      if (afterAccepted) await afterAccepted(next.pk);
      await done('sent');
    }
  } finally {
    transport?.close();
  }
  const pending = await refreshCounts(app, sending.pk);
  if (pending > 0)
    await enqueueJob(db, {
      kind: NEWSLETTER_SEND_JOB,
      payload: { sending: sending.pk } satisfies SendPayload,
      dedupeKey: `newsletters:send:${sending.pk}:after:${job.pk}`,
    });
}

/** Whether the recipient's record still accepts newsletters (an unsubscription turns it off). */
async function stillConsents(app: AppContext, contact: number | null, organization: number | null): Promise<boolean> {
  const db = app.database.db;
  if (contact !== null) {
    const c = await db
      .selectFrom('fac_contact')
      .select(['accepts_newsletters'])
      .where('pk', '=', contact)
      .executeTakeFirst();
    return Boolean(c?.accepts_newsletters);
  }
  if (organization !== null) {
    const o = await db
      .selectFrom('fac_organization')
      .select(['accepts_newsletters'])
      .where('pk', '=', organization)
      .executeTakeFirst();
    return Boolean(o?.accepts_newsletters);
  }
  return false;
}

registerJobHandler<SendPayload>(NEWSLETTER_SEND_JOB, async (app, payload, job) => {
  await sendNewsletterBatch(app, payload, job);
});
