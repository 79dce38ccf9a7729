import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface CapturedMail {
  to: string[];
  raw: string;
  subject: string;
  text: string;
  html: string;
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const soft = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i += 1) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(header: string): string {
  return header
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function split(part: string): { headers: Record<string, string>; body: string } {
  const at = part.search(/\r?\n\r?\n/);
  const head = at < 0 ? part : part.slice(0, at);
  const body = at < 0 ? '' : part.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const enc = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (enc === 'quoted-printable') return decodeQuotedPrintable(body);
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** Enough MIME for the platform's mails: a subject and a text/plain + text/html alternative. */
export function parseMail(raw: string): { subject: string; text: string; html: string } {
  const { headers, body } = split(raw);
  const out = { subject: decodeWords(headers.subject ?? ''), text: '', html: '' };
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1).map(split) : [{ headers, body }];
  for (const p of parts) {
    const type = (p.headers['content-type'] ?? 'text/plain').toLowerCase();
    if (type.startsWith('text/plain')) out.text = decodeBody(p.headers, p.body);
    if (type.startsWith('text/html')) out.html = decodeBody(p.headers, p.body);
  }
  return out;
}

/** A real SMTP server in this process that keeps what it receives. */
export async function startSmtpCapture() {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, ...parseMail(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The first mail to this address received after `from` mails, waiting up to `timeoutMs`. */
    async waitFor(to: string, from = 0, timeoutMs = 10_000): Promise<CapturedMail> {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.slice(from).find((m) => m.to.includes(to));
        if (found) return found;
        if (Date.now() > end) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const RESET_LINK =
  /https?:\/\/[^\s"<>]+\/mon-compte\/reinitialisation-mot-de-passe-changement\/([A-Za-z0-9_-]+)\/([0-9a-z]+-[0-9a-f]+)/;

/** The reset-change link of a platform mail (uid and token are its last two segments). */
export function resetLink(text: string): { url: string; uid: string; token: string } {
  const m = RESET_LINK.exec(text);
  if (!m) throw new Error(`no reset link in: ${text}`);
  return { url: m[0], uid: m[1]!, token: m[2]! };
}
