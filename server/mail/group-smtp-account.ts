import nodemailer, { type Transporter } from 'nodemailer';
import type { AppContext } from '../context';

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

/** The active SMTP account of a structure, or null (reference 4.3: one account per group). */
export async function groupSmtpAccount(app: AppContext, group: number): Promise<SmtpAccountSettings | null> {
  const row = await app.database.db
    .selectFrom('messaging_smtp_account')
    .selectAll()
    .where('group', '=', group)
    .where('is_active', '=', 1)
    .orderBy('pk')
    .executeTakeFirst();
  if (!row) return null;
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

/**
 * A nodemailer transport for the account: `emailUseSsl` is implicit TLS (port 465),
 * `emailUseTls` requires STARTTLS; the host user and password authenticate when a password is set.
 */
export function accountTransport(account: SmtpAccountSettings): Transporter {
  return nodemailer.createTransport({
    host: account.emailHost,
    port: account.emailPort,
    secure: account.emailUseSsl,
    requireTLS: account.emailUseTls,
    ...(account.emailHostPassword ? { auth: { user: account.emailHostUser, pass: account.emailHostPassword } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
}
