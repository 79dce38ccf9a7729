import ical, {
  ICalAttendeeRole,
  ICalCalendarMethod,
  ICalEventStatus,
  type ICalAttendeeData,
  type ICalCalendar,
  type ICalEventData,
} from 'ical-generator';
import { htmlToPlainText } from '../templates/html-to-plain-text';
import type {
  AppointmentForCalendar,
  CalendarOrganizer,
  CalendarPerson,
  EventForCalendar,
  SlotForCalendar,
} from './calendar-types';

/** Our own product identifier (the reference's named its export library). */
export const CALENDAR_PRODID = { company: 'Plateforme renovation', product: 'Rendez-vous', language: 'FR' };

export interface CalendarOptions {
  /** Calendar name shown by calendar applications. */
  name?: string;
  /** DTSTAMP of every event: the moment the file is written (kept a parameter so the output is pure). */
  now: string;
}

function attendees(people: (CalendarPerson | null | undefined)[]): ICalAttendeeData[] {
  // An attendee is an address in iCalendar; a person without e-mail is named in the description.
  return people
    .filter((p): p is CalendarPerson & { email: string } => !!p?.email)
    .map((p) => ({ name: p.name, email: p.email, role: ICalAttendeeRole.REQ }));
}

function lines(pairs: [string, string | null | undefined][]): string[] {
  return pairs
    .filter(([, v]) => v && v.trim())
    .map(([label, v]) => `${label} : ${v!.trim().replace(/\s*\n\s*/g, ' - ')}`);
}

function description(head: string, details: string[]): string {
  return [head.trim(), ...details].filter(Boolean).join('\n');
}

export function appointmentSummary(a: AppointmentForCalendar): string {
  const base = a.client?.name ? `Rdv de ${a.client.name} - ${a.subject}` : a.subject;
  return a.status === 'waiting' ? `[en attente] ${base}` : base;
}

function appointmentEvent(a: AppointmentForCalendar, now: string): ICalEventData {
  const details = lines([
    ['Conseiller', a.advisor?.name],
    ['Client', a.client?.name],
    ['Courriel', a.client?.email],
    ['Adresse', a.client?.address],
    ['Téléphone', a.client?.phone],
    ['Mobile', a.client?.mobile],
    ['Lieu', a.place?.name],
  ]);
  return {
    id: a.uid,
    start: new Date(a.start),
    end: new Date(a.end),
    stamp: new Date(now),
    ...(a.updatedAt ? { lastModified: new Date(a.updatedAt) } : {}),
    // A record never saved has −1; iCalendar counts from 0 (written even when 0, unlike the reference).
    sequence: Math.max(0, a.sequence),
    summary: appointmentSummary(a),
    status: a.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    ...(a.place ? { location: a.place.name } : {}),
    attendees: attendees([a.advisor, a.client]),
    description: description(htmlToPlainText(a.descriptionHtml ?? ''), details),
  };
}

function slotEvent(s: SlotForCalendar, now: string): ICalEventData {
  const details = lines([
    ['Conseillers', s.advisors.map((a) => a.name).join(', ')],
    ['Lieu', s.place?.name],
    ['Motifs', s.reasons.join(', ')],
  ]);
  return {
    id: s.uuid,
    start: new Date(s.start),
    end: new Date(s.end),
    stamp: new Date(now),
    ...(s.updatedAt ? { lastModified: new Date(s.updatedAt) } : {}),
    sequence: Math.max(0, s.sequence),
    summary: `Créneau - ${s.text}`,
    status: s.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    ...(s.place ? { location: s.place.name } : {}),
    attendees: attendees(s.advisors),
    description: description(s.description ?? '', details),
  };
}

function calendar(options: CalendarOptions): ICalCalendar {
  // Times are written in UTC (…Z): exact for every calendar application, and no VTIMEZONE to keep.
  return ical({ prodId: CALENDAR_PRODID, ...(options.name ? { name: options.name } : {}) });
}

/** The `.ics` export of appointments (advisor agenda, permanent URL). */
export function buildAppointmentsCalendar(appointments: AppointmentForCalendar[], options: CalendarOptions): string {
  const cal = calendar(options);
  for (const a of appointments) cal.createEvent(appointmentEvent(a, options.now));
  return cal.toString();
}

/** The `.ics` export of slots. */
export function buildSlotsCalendar(slots: SlotForCalendar[], options: CalendarOptions): string {
  const cal = calendar(options);
  for (const s of slots) cal.createEvent(slotEvent(s, options.now));
  return cal.toString();
}

/**
 * The invitation mailed to the visitor with a confirmation, a move (METHOD REQUEST) or a
 * cancellation (METHOD CANCEL): same UID every time and the appointment's SEQUENCE, so that the
 * visitor's calendar updates or removes the one event it already has.
 */
export function buildAppointmentInvitation(
  appointment: AppointmentForCalendar,
  options: CalendarOptions & { method: 'REQUEST' | 'CANCEL'; organizer: CalendarOrganizer },
): string {
  const cal = calendar(options);
  cal.method(options.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST);
  const cancelled = options.method === 'CANCEL' ? { ...appointment, status: 'cancelled' as const } : appointment;
  cal.createEvent({
    ...appointmentEvent(cancelled, options.now),
    organizer: { name: options.organizer.name, email: options.organizer.email },
  });
  return cal.toString();
}

/**
 * The invitation mailed to an event's attendee once their seat is confirmed (METHOD REQUEST), or
 * when they cancel it (METHOD CANCEL): the same calendar writer as the appointments'.
 */
export function buildEventInvitation(
  event: EventForCalendar,
  options: CalendarOptions & { method: 'REQUEST' | 'CANCEL'; organizer: CalendarOrganizer },
): string {
  const cal = calendar(options);
  cal.method(options.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST);
  cal.createEvent({
    id: event.uid,
    start: new Date(event.start),
    end: new Date(event.end),
    stamp: new Date(options.now),
    sequence: Math.max(0, event.sequence),
    summary: event.title,
    status: options.method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    ...(event.location ? { location: event.location } : {}),
    attendees: attendees([event.attendee]),
    description: htmlToPlainText(event.descriptionHtml ?? '').trim(),
    organizer: { name: options.organizer.name, email: options.organizer.email },
  });
  return cal.toString();
}

/** The MIME type of an invitation attachment (the method lets mail clients offer « add to calendar »). */
export function invitationContentType(method: 'REQUEST' | 'CANCEL'): string {
  return `text/calendar; charset=utf-8; method=${method}`;
}
