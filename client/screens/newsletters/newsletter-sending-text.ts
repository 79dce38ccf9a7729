import { formatNumber } from '../../lib/format';

/** A sending as the API gives it (entity newsletter-sending). */
export interface Sending {
  pk: number;
  /** « done »: every mail went; « partial »: some failed; « failed »: none went. */
  status: 'sending' | 'done' | 'partial' | 'failed';
  recipientCount: number;
  skippedCount: number;
  sentCount: number;
  failedCount: number;
  createdAt: string;
  list: number | null;
}

/** A line of a list's recipients (GET /fac/list/:pk/recipients/). */
export interface RecipientLine {
  email: string;
  acceptsNewsletters: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const plural = (n: number, one: string, other: string) => `${formatNumber(n)} ${n > 1 ? other : one}`;

/**
 * How many recipients a sending to these lines would reach: as the server counts them (it has the
 * last word), those who accept newsletters with an address, each address once.
 */
export function reachable(lines: RecipientLine[]): number {
  const seen = new Set<string>();
  for (const l of lines) {
    const email = l.email.trim().toLowerCase();
    if (l.acceptsNewsletters && EMAIL.test(email)) seen.add(email);
  }
  return seen.size;
}

/** The French sentence under the list's choice. */
export function recipientsText(lines: RecipientLine[]): string {
  const n = reachable(lines);
  const left = lines.length - n;
  if (lines.length === 0) return 'Cette liste est vide.';
  if (n === 0) return 'Aucun destinataire de cette liste n’accepte les newsletters avec une adresse de courriel.';
  const out = `${plural(n, 'destinataire accepte', 'destinataires acceptent')} les newsletters`;
  return left > 0
    ? `${out} ; ${plural(left, 'autre sera écarté', 'autres seront écartés')} (sans accord, sans adresse ou en double).`
    : `${out}.`;
}

/** Where a sending stands, in French. */
export function sendingText(s: Pick<Sending, 'status' | 'recipientCount' | 'sentCount' | 'failedCount'>): string {
  const failed = s.failedCount ? `, ${plural(s.failedCount, 'échec', 'échecs')}` : '';
  if (s.status === 'failed')
    return (
      `Envoi échoué : aucun courriel envoyé sur ${formatNumber(s.recipientCount)}${failed}. ` +
      'Vérifiez le compte d’envoi de la structure.'
    );
  if (s.status !== 'sending')
    return `Envoi terminé : ${plural(s.sentCount, 'courriel envoyé', 'courriels envoyés')} sur ${formatNumber(
      s.recipientCount,
    )}${failed}.`;
  const handled = formatNumber(s.sentCount + s.failedCount);
  return `Envoi en cours : ${handled} sur ${formatNumber(s.recipientCount)} traités${failed}.`;
}
