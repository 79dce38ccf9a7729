import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildAppointmentInvitation, buildAppointmentsCalendar, buildSlotsCalendar } from './build-calendar';
import type { AppointmentForCalendar, SlotForCalendar } from './calendar-types';

const NOW = '2027-03-01T10:00:00Z';

const appointment: AppointmentForCalendar = {
  uid: '0b0c5f0e-1111-4222-8333-444455556666',
  sequence: 2,
  status: 'validated',
  subject: 'RDV pris en ligne',
  start: '2027-03-28T00:30:00Z', // 01:30 Paris, just before the spring change
  end: '2027-03-28T01:30:00Z', // 03:30 Paris, just after it
  updatedAt: '2027-03-01T09:00:00Z',
  descriptionHtml: '<p>Apporter les factures ; merci, à bientôt</p>',
  place: { name: 'Maison de l’énergie, Lyon' },
  advisor: { name: 'Paul Conseil', email: 'paul@alec.fr' },
  client: { name: 'Élise Martin', email: 'elise@exemple.fr', phone: '+33412345678', address: '1 rue A\n69001 Lyon' },
};

function events(text: string): { calendar: ICAL.Component; events: ICAL.Event[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)) };
}

describe('buildAppointmentInvitation', () => {
  it('writes a REQUEST with the appointment uuid, sequence, times, place and attendees', () => {
    const text = buildAppointmentInvitation(appointment, {
      now: NOW,
      method: 'REQUEST',
      organizer: { name: 'ALEC Lyon', email: 'rdv@alec.fr' },
    });
    expect(text).toMatch(/\r\n/);
    const {
      calendar,
      events: [event],
    } = events(text);
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Plateforme renovation//Rendez-vous//FR');
    expect(event!.uid).toBe(appointment.uid);
    expect(event!.sequence).toBe(2);
    expect(event!.startDate.toJSDate().toISOString()).toBe('2027-03-28T00:30:00.000Z');
    expect(event!.endDate.toJSDate().toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(event!.location).toBe('Maison de l’énergie, Lyon');
    expect(event!.summary).toBe('Rdv de Élise Martin - RDV pris en ligne');
    expect(event!.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(event!.organizer).toBe('mailto:rdv@alec.fr');
    expect(event!.attendees.map((a) => [a.getParameter('cn'), a.getParameter('role'), a.getFirstValue()])).toEqual([
      ['Paul Conseil', 'REQ-PARTICIPANT', 'MAILTO:paul@alec.fr'],
      ['Élise Martin', 'REQ-PARTICIPANT', 'MAILTO:elise@exemple.fr'],
    ]);
    expect(event!.description).toBe(
      'Apporter les factures ; merci, à bientôt\nConseiller : Paul Conseil\nClient : Élise Martin\n' +
        'Courriel : elise@exemple.fr\nAdresse : 1 rue A - 69001 Lyon\nTéléphone : +33412345678\n' +
        'Lieu : Maison de l’énergie, Lyon',
    );
  });

  it('writes a CANCEL with the same UID, a later SEQUENCE and STATUS CANCELLED', () => {
    const text = buildAppointmentInvitation(
      { ...appointment, sequence: 3 },
      { now: NOW, method: 'CANCEL', organizer: { name: 'ALEC Lyon', email: 'rdv@alec.fr' } },
    );
    const {
      calendar,
      events: [event],
    } = events(text);
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(event!.uid).toBe(appointment.uid);
    expect(event!.sequence).toBe(3);
    expect(event!.component.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it('writes SEQUENCE 0 on the first invitation', () => {
    const text = buildAppointmentInvitation(
      { ...appointment, sequence: 0 },
      { now: NOW, method: 'REQUEST', organizer: { name: 'ALEC', email: 'rdv@alec.fr' } },
    );
    expect(events(text).events[0]!.component.getFirstPropertyValue('sequence')).toBe(0);
  });

  it('folds long lines at 75 octets', () => {
    const text = buildAppointmentInvitation(
      { ...appointment, descriptionHtml: `<p>${'Très long texte accentué. '.repeat(20)}</p>` },
      { now: NOW, method: 'REQUEST', organizer: { name: 'ALEC', email: 'rdv@alec.fr' } },
    );
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(events(text).events[0]!.description).toContain('Très long texte accentué. Très long');
  });
});

describe('buildAppointmentsCalendar', () => {
  it('exports several appointments without METHOD; waiting and cancelled ones are marked', () => {
    const text = buildAppointmentsCalendar(
      [
        { ...appointment, sequence: 0 },
        { ...appointment, uid: 'u-2', status: 'waiting', client: null, place: null, advisor: null },
        { ...appointment, uid: 'u-3', status: 'cancelled' },
      ],
      { now: NOW, name: 'Rendez-vous' },
    );
    const { calendar, events: list } = events(text);
    expect(calendar.getFirstPropertyValue('method')).toBeNull();
    expect(list.map((e) => e.uid)).toEqual([appointment.uid, 'u-2', 'u-3']);
    expect(list[0]!.component.getFirstPropertyValue('sequence')).toBe(0);
    expect(list[1]!.summary).toBe('[en attente] RDV pris en ligne');
    expect(list[1]!.location).toBeNull();
    expect(list[2]!.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect((list[0]!.component.getFirstPropertyValue('last-modified') as ICAL.Time).toJSDate().toISOString()).toBe(
      '2027-03-01T09:00:00.000Z',
    );
  });
});

describe('buildSlotsCalendar', () => {
  it('exports slots with their advisors, place and reasons', () => {
    const slot: SlotForCalendar = {
      uuid: 'slot-1',
      sequence: 4,
      status: 'validated',
      text: 'Permanence',
      start: '2027-07-01T07:00:00Z',
      end: '2027-07-01T10:00:00Z',
      description: 'Au premier étage',
      place: { name: 'Mairie' },
      advisors: [{ name: 'Paul', email: 'paul@alec.fr' }, { name: 'Zoé' }],
      reasons: ['Isolation', 'Chauffage'],
    };
    const [event] = events(buildSlotsCalendar([slot], { now: NOW })).events;
    expect(event!.uid).toBe('slot-1');
    expect(event!.summary).toBe('Créneau - Permanence');
    expect(event!.sequence).toBe(4);
    expect(event!.startDate.toJSDate().toISOString()).toBe('2027-07-01T07:00:00.000Z');
    expect(event!.endDate.toJSDate().toISOString()).toBe('2027-07-01T10:00:00.000Z');
    expect(event!.location).toBe('Mairie');
    expect(event!.attendees.map((a) => a.getParameter('cn'))).toEqual(['Paul']);
    expect(event!.description).toBe(
      'Au premier étage\nConseillers : Paul, Zoé\nLieu : Mairie\nMotifs : Isolation, Chauffage',
    );
  });
});
