import { addDays, parisDate, parisInstant } from '../time/paris-time';
import type { NotificationRule } from './notification-types';

/**
 * Step 4: when a notification for an appointment starting at `start` goes out. Immediate → now.
 * Delayed → the Paris day `termDays` before or after the appointment's Paris day, at `termTime`
 * on the Paris clock (the reference read termTime as UTC: a 12:00 reminder left at 13:00 or
 * 14:00); once that moment has passed, now.
 */
export function sendingDate(
  rule: Pick<NotificationRule, 'term' | 'termDays' | 'termAfterBefore' | 'termTime'>,
  start: string,
  now: string,
): string {
  const nowIso = new Date(now).toISOString();
  if (rule.term === 'immediate') return nowIso;
  const days = rule.termAfterBefore === 'before' ? -rule.termDays : rule.termDays;
  const target = parisInstant(addDays(parisDate(start), days), rule.termTime || '12:00');
  return target.getTime() <= new Date(now).getTime() ? nowIso : target.toISOString();
}
