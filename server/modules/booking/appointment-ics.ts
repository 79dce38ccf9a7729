import type { ApiRecord } from '../../db/row-mapper';
import type { BookedAppointment } from './public-shapes';
import { appointmentCalendarUid } from './appointment-calendar-uid';

/** iCalendar text: backslash, semicolon, comma and line breaks escaped (RFC 5545 §3.3.11). */
function text(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets are folded (RFC 5545 §3.1), without cutting a UTF-8 character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    if (bytes + size > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const stamp = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * The visitor's invitation for one appointment (the short link's « ajouter à mon agenda »): same
 * UID as every mail about it (derived from its uuid) and its SEQUENCE, so that a calendar updates the event it
 * already has; CANCELLED once cancelled.
 */
export function appointmentIcs(a: ApiRecord, shape: BookedAppointment, now: Date): string {
  const cancelled = shape.status === 'cancelled';
  const place = shape.place;
  const location = place ? [place.name, place.address, [place.postcode, place.city].filter(Boolean).join(' ')] : [];
  const description = [
    shape.reason ? `Motif : ${shape.reason.name}` : '',
    shape.advisor ? `Conseiller : ${shape.advisor.fullName}` : '',
    shape.group ? `Structure : ${shape.group.name}${shape.group.phone ? ` (${shape.group.phone})` : ''}` : '',
  ].filter(Boolean);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Renovation//Prise de rendez-vous//FR',
    'CALSCALE:GREGORIAN',
    `METHOD:${cancelled ? 'CANCEL' : 'PUBLISH'}`,
    'BEGIN:VEVENT',
    `UID:${appointmentCalendarUid(shape.uuid)}`,
    `SEQUENCE:${Math.max(0, Number(a.sequence) || 0)}`,
    `DTSTAMP:${stamp(now.toISOString())}`,
    `DTSTART:${stamp(shape.startDate)}`,
    `DTEND:${stamp(shape.endDate)}`,
    `SUMMARY:${text(shape.reason ? `Rendez-vous : ${shape.reason.name}` : 'Rendez-vous')}`,
    ...(location.length ? [`LOCATION:${text(location.filter(Boolean).join(', '))}`] : []),
    ...(description.length ? [`DESCRIPTION:${text(description.join('\n'))}`] : []),
    `STATUS:${cancelled ? 'CANCELLED' : shape.status === 'waiting' ? 'TENTATIVE' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
