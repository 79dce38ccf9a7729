import type { AppContext } from '../context';
import { create } from '../operations/write';
import { systemContext } from '../seed/system-context';
import { htmlToPlainText } from '../../engine/templates/html-to-plain-text';
import { renderMailHtmlBody } from './layout';
import { fullSubject } from './send-mail';
import { accountTransport, groupSmtpAccount, sendingError } from './group-smtp-account';

export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  /** e.g. `text/calendar; charset=utf-8; method=REQUEST`. */
  contentType: string;
}

export interface GroupMail {
  /** The structure whose SMTP account sends. */
  group: number;
  to: string;
  /** Rendered subject, before the site prefix. */
  subject: string;
  /** Rendered message (HTML), put into the platform's mail layout. */
  html: string;
  siteName: string;
  footer?: string;
  attachments?: MailAttachment[];
  whiteLabel?: number | null;
}

export interface GroupMailResult {
  /** `outbox`: kept in the outbox only (the structure has no active SMTP account). */
  status: 'sent' | 'failed' | 'outbox';
  /** French reason when not sent. */
  error: string | null;
  outboxPk: number;
  messageId: string | null;
}

export const NO_SMTP_ACCOUNT =
  "La structure n'a pas de compte d'envoi de courriels actif : le courriel est resté dans la boîte d'envoi.";
export const MAILGUN_UNAVAILABLE =
  "L'envoi par l'API Mailgun n'est pas disponible : configurez le compte en SMTP " +
  '(Mailgun fournit aussi un accès SMTP).';

/**
 * Sends a mail through the structure's own SMTP account (reference 4.3: appointment mails never
 * fall back to the platform's server) and records it in the outbox with its outcome. Never
 * throws for a sending failure: the caller keeps `error` (on the exchange) and may retry.
 */
export async function sendGroupMail(app: AppContext, mail: GroupMail): Promise<GroupMailResult> {
  const subject = fullSubject(mail.siteName, mail.subject);
  const html = renderMailHtmlBody({ siteName: mail.siteName, bodyHtml: mail.html, footer: mail.footer ?? '' });
  const text = `${htmlToPlainText(mail.html)}\n\n--\n${mail.footer ?? mail.siteName}\n`;
  const account = await groupSmtpAccount(app, mail.group);
  let status: GroupMailResult['status'] = 'outbox';
  let error: string | null = NO_SMTP_ACCOUNT;
  let messageId: string | null = null;
  let from = '';
  if (account) {
    from = account.fromUsername
      ? `"${account.fromUsername.replace(/"/g, '')}" <${account.emailHostUser}>`
      : account.emailHostUser;
    if (account.smtpType === 'mailgun') {
      status = 'failed';
      error = MAILGUN_UNAVAILABLE;
    } else {
      let transport: Awaited<ReturnType<typeof accountTransport>> | null = null;
      try {
        transport = await accountTransport(app, account);
        const info = await transport.sendMail({
          from: { name: account.fromUsername, address: account.emailHostUser },
          to: mail.to,
          subject,
          text,
          html,
          attachments: (mail.attachments ?? []).map((a) => ({
            filename: a.filename,
            content: a.content,
            contentType: a.contentType,
          })),
        });
        status = 'sent';
        error = null;
        messageId = info.messageId ?? null;
      } catch (e) {
        status = 'failed';
        // Kept on the exchange and shown to the structure's staff: the policy's or the one generic message.
        error = sendingError(app, e, { group: mail.group });
      } finally {
        transport?.close();
      }
    }
  }
  const row = await create(systemContext(app), 'mail-outbox', {
    toEmail: mail.to,
    fromEmail: from.slice(0, 300),
    subject: subject.slice(0, 500),
    kind: 'other',
    status,
    textBody: text,
    htmlBody: html,
    sentAt: status === 'sent' ? new Date().toISOString() : null,
    error: error ?? '',
    whiteLabel: mail.whiteLabel ?? null,
  });
  return { status, error, outboxPk: row.pk as number, messageId };
}
