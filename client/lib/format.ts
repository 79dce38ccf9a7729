import { formatNumber as frenchNumber } from '../../engine/format/numbers';

// fr-FR formatting for everything a user reads.

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' });
const date = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeZone: 'Europe/Paris' });

export function formatDateTime(v: unknown): string {
  if (typeof v !== 'string' || v === '') return '';
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? v : dateTime.format(d);
}

export function formatDate(v: unknown): string {
  if (typeof v !== 'string' || v === '') return '';
  const d = new Date(v.length === 10 ? `${v}T12:00:00Z` : v);
  return Number.isNaN(d.getTime()) ? v : date.format(d);
}

/** French typography groups digits from five on: 2019 (a year) but 12 019. */
export function formatNumber(v: unknown): string {
  return typeof v === 'number' ? frenchNumber(v) : '';
}

/** "12,5" or "12.5" → 12.5; "" → undefined; anything else → NaN. */
export function parseFrenchNumber(text: string): number | undefined {
  const s = text.replace(/\s|\u00a0|\u202f/g, '').replace(',', '.');
  if (s === '') return undefined;
  return /^-?\d*\.?\d+$|^-?\d+\.$/.test(s) ? Number(s) : Number.NaN;
}
