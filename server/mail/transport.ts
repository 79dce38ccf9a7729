import nodemailer, { type Transporter } from 'nodemailer';

const transports = new Map<string, Transporter>();

/** One pooled nodemailer transport per SMTP URL (`smtp://user:pass@host:port`, `smtps://…`). */
export function smtpTransport(url: string): Transporter {
  let t = transports.get(url);
  if (!t) {
    t = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
    transports.set(url, t);
  }
  return t;
}

/** The URL without its password, for logs and the outbox. */
export function redactedSmtpUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'smtp://(adresse invalide)';
  }
}
