import type { AppContext } from '../context';
import { create } from '../operations/write';
import { systemContext } from '../seed/system-context';
import { nowIso } from '../db/column-types';
import { accountSettings } from '../modules/accounts/settings';
import { renderMailHtml, renderMailHtmlBody, renderMailText, type MailContent } from './layout';
import { redactedSmtpUrl, smtpTransport } from './transport';

export type MailKind =
  | 'password_reset'
  | 'account_initialisation'
  | 'email_change_confirm'
  | 'email_change_notice'
  | 'email_changed_notice'
  | 'other';

export interface OutgoingMail {
  to: string;
  /** Subject before the site prefix (reference 4.3: `<site title> - <subject>`). */
  subject: string;
  content: MailContent;
  kind: MailKind;
  whiteLabel: number | null;
  /** A message already written as HTML (a workflow's edited mail): put in the layout instead of `content`. */
  bodyHtml?: string;
  bodyText?: string;
}

export interface MailResult {
  status: 'sent' | 'failed' | 'outbox';
  outboxPk: number;
}

/** `Site - Sujet`, on one line (a newline in a header would start another header). */
export function fullSubject(siteName: string, subject: string): string {
  return `${siteName ? `${siteName} - ` : ''}${subject}`.replace(/[\r\n]+/g, ' ').trim();
}

/**
 * Sends through the SMTP server of SMTP_URL when there is one, and records every mail in the
 * outbox with its outcome; without SMTP the outbox is the only copy (administrators read it).
 */
export async function sendMail(app: AppContext, mail: OutgoingMail): Promise<MailResult> {
  const settings = accountSettings(app);
  const subject = fullSubject(mail.content.siteName, mail.subject);
  const html =
    mail.bodyHtml !== undefined
      ? renderMailHtmlBody({ siteName: mail.content.siteName, bodyHtml: mail.bodyHtml, footer: mail.content.footer })
      : renderMailHtml(mail.content);
  const text =
    mail.bodyText !== undefined ? `${mail.bodyText}\n\n--\n${mail.content.footer}\n` : renderMailText(mail.content);
  let status: MailResult['status'] = 'outbox';
  let error = '';
  let sentAt: string | null = null;
  if (settings.smtpUrl) {
    try {
      await smtpTransport(settings.smtpUrl).sendMail({ from: settings.mailFrom, to: mail.to, subject, text, html });
      status = 'sent';
      sentAt = nowIso();
    } catch (e) {
      status = 'failed';
      error = `${(e as Error).message} (${redactedSmtpUrl(settings.smtpUrl)})`;
      app.logger.warn({ err: e, to: mail.to, kind: mail.kind }, 'mail not sent');
    }
  }
  const row = await create(systemContext(app), 'mail-outbox', {
    toEmail: mail.to,
    fromEmail: settings.mailFrom,
    subject,
    kind: mail.kind,
    status,
    textBody: text,
    htmlBody: html,
    sentAt,
    error,
    whiteLabel: mail.whiteLabel,
  });
  return { status, outboxPk: row.pk as number };
}
