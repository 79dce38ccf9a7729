import { HttpError } from '../../http/http-error';
import { denied, message, type RequestContext } from '../../context';
import { fullSubject } from '../../mail/send-mail';
import { renderMailHtml, renderMailText } from '../../mail/layout';
import { create } from '../../operations/write';
import { systemContext } from '../../seed/system-context';
import { nowIso } from '../../db/column-types';
import { accountTransport, sendingError, smtpSettingsOf } from '../../mail/group-smtp-account';

export interface SmtpTestResult {
  status: 'sent' | 'failed';
  to: string;
  message: string;
}

function refusal(ctx: RequestContext, key: string): HttpError {
  const text = message(ctx.app, key);
  return new HttpError(400, 'validation', text, [{ path: '', code: key, params: {}, message: text }]);
}

/**
 * Sends a test mail to the caller through the SMTP account saved for the caller's structure (the
 * account that appointment notifications use), and records it in the outbox like every platform
 * mail. The server goes through the outbound policy (an internal address is refused unless the
 * operator allowed it); a failure is one French message whatever happened on the network, so the
 * test cannot be used to tell an open port from a closed one (docs/security.md, « Second review »).
 */
export async function testSmtpAccount(ctx: RequestContext): Promise<SmtpTestResult> {
  // The account's own rights (reference §4.4): a superadvisor, for the own structure only.
  if (ctx.user.anonymous || !ctx.user.roles.includes('superadvisor') || ctx.user.group === null) throw denied(ctx);
  const db = ctx.app.database.db;
  const account = await db
    .selectFrom('messaging_smtp_account')
    .selectAll()
    .where('group', '=', ctx.user.group)
    .executeTakeFirst();
  if (!account) throw refusal(ctx, 'booking_admin.smtp_test.no_account');
  if (account.smtp_type !== 'smtp' || !account.email_host) throw refusal(ctx, 'booking_admin.smtp_test.smtp_only');
  const me = await db.selectFrom('account_user').select(['email']).where('pk', '=', ctx.user.pk!).executeTakeFirst();
  if (!me?.email) throw refusal(ctx, 'booking_admin.smtp_test.no_email');

  const siteName = String(ctx.whiteLabel.record?.siteTitle || ctx.whiteLabel.domain || 'DialogWatt');
  const content = {
    siteName,
    paragraphs: [message(ctx.app, 'booking_admin.smtp_test.body', { host: account.email_host })],
    signature: siteName,
    footer: '',
  };
  const subject = fullSubject(siteName, message(ctx.app, 'booking_admin.smtp_test.subject'));
  const html = renderMailHtml(content);
  const text = renderMailText(content);
  const from = account.from_username
    ? { name: account.from_username, address: account.email_host_user ?? '' }
    : (account.email_host_user ?? '');
  // A transport of its own, closed afterwards: the settings being tested may be wrong.
  let status: SmtpTestResult['status'] = 'sent';
  let error = '';
  let transport: Awaited<ReturnType<typeof accountTransport>> | null = null;
  try {
    transport = await accountTransport(ctx.app, smtpSettingsOf(account));
    await transport.sendMail({ from, to: me.email, subject, text, html });
  } catch (e) {
    status = 'failed';
    error = sendingError(ctx.app, e, { group: ctx.user.group, smtpAccount: account.pk });
  } finally {
    transport?.close();
  }
  await create(systemContext(ctx.app), 'mail-outbox', {
    toEmail: me.email,
    fromEmail: account.email_host_user ?? '',
    subject,
    kind: 'other',
    status,
    textBody: text,
    htmlBody: html,
    sentAt: status === 'sent' ? nowIso() : null,
    error,
    whiteLabel: ctx.whiteLabel.id,
  });
  return {
    status,
    to: me.email,
    message:
      status === 'sent'
        ? message(ctx.app, 'booking_admin.smtp_test.sent', { email: me.email })
        : message(ctx.app, 'booking_admin.smtp_test.failed', { error }),
  };
}
