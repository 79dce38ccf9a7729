import { createHash } from 'node:crypto';

/**
 * The iCalendar UID of an appointment, derived one way from its uuid. The uuid is the secret of the
 * visitor's /da, /dc and /dg links; a calendar feed shared with a colleague or an outside calendar
 * service must not carry it. The same uuid always gives the same UID, so every invitation, move and
 * cancellation still updates the one event a calendar already holds.
 */
export function appointmentCalendarUid(uuid: string): string {
  const h = createHash('sha256').update(`appointment-calendar-uid:${uuid.toLowerCase()}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}
