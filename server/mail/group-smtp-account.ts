import nodemailer, { type Transporter } from 'nodemailer';
import type { Selectable } from 'kysely';
import type { AppContext } from '../context';
import type { MessagingSmtpAccountTable } from '../generated/db';
import { checkOutbound, OutboundError, outboundFailure } from '../security/outbound-policy';

/** The fields of an `smtp-account` record that sending uses. */
export interface SmtpAccountSettings {
  pk: number;
  smtpType: 'smtp' | 'mailgun';
  fromUsername: string;
  emailHostUser: string;
  emailHost: string;
  emailPort: number;
  emailHostPassword: string;
  emailUseTls: boolean;
  emailUseSsl: boolean;
}

/** The sending settings of a stored `smtp-account` row. */
export function smtpSettingsOf(row: Selectable<MessagingSmtpAccountTable>): SmtpAccountSettings {
  return {
    pk: row.pk,
    smtpType: row.smtp_type === 'mailgun' ? 'mailgun' : 'smtp',
    fromUsername: row.from_username ?? '',
    emailHostUser: row.email_host_user ?? '',
    emailHost: row.email_host ?? '',
    emailPort: row.email_port ?? 25,
    emailHostPassword: row.email_host_password ?? '',
    emailUseTls: !!row.email_use_tls,
    emailUseSsl: !!row.email_use_ssl,
  };
}

/** The active SMTP account of a structure, or null (reference 4.3: one account per group). */
export async function groupSmtpAccount(app: AppContext, group: number): Promise<SmtpAccountSettings | null> {
  const row = await app.database.db
    .selectFrom('messaging_smtp_account')
    .selectAll()
    .where('group', '=', group)
    .where('is_active', '=', 1)
    .orderBy('pk')
    .executeTakeFirst();
  return row ? smtpSettingsOf(row) : null;
}

/**
 * A nodemailer transport for the account, to the address the outbound policy checked
 * (server/security/outbound-policy.ts): the host is resolved once here, and the transport connects
 * to that address, presenting the name to TLS. `emailUseSsl` is implicit TLS (port 465),
 * `emailUseTls` requires STARTTLS; the host user and password authenticate when a password is set.
 * Throws an OutboundError when the policy refuses the destination or the name does not resolve.
 */
export async function accountTransport(app: AppContext, account: SmtpAccountSettings): Promise<Transporter> {
  const target = await checkOutbound(app, account.emailHost, account.emailPort);
  return nodemailer.createTransport({
    host: target.address,
    port: target.port,
    secure: account.emailUseSsl,
    requireTLS: account.emailUseTls,
    ...(target.servername ? { tls: { servername: target.servername } } : {}),
    ...(account.emailHostPassword ? { auth: { user: account.emailHostUser, pass: account.emailHostPassword } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
}

/**
 * What a user reads when a mail through a structure's account was not sent: the policy's refusal,
 * or one message for every network and SMTP failure — never the error itself, which would tell
 * an open port from a closed one. The cause goes to the log, for the operator.
 */
export function sendingError(app: AppContext, error: unknown, context: Record<string, unknown>): string {
  if (error instanceof OutboundError) return error.userMessage;
  app.logger.warn({ err: error, ...context }, 'mail through a structure account not sent');
  return outboundFailure(app).userMessage;
}
