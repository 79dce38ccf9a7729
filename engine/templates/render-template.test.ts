import { describe, expect, it } from 'vitest';
import type { AppointmentTemplateContext } from './appointment-template-context';
import { formatAppointmentDate } from './format-appointment-date';
import { htmlToPlainText } from './html-to-plain-text';
import { renderSubject, renderTemplate } from './render-template';

const NOW = '2027-02-01T09:00:00+01:00';

const ctx: AppointmentTemplateContext = {
  start: '2027-03-05T13:00:00Z',
  end: '2027-03-05T14:00:00Z',
  now: NOW,
  contact: { fullName: 'Élise <Martin>', email: 'elise.martin@exemple.fr' },
  advisor: { fullName: 'Paul Conseil' },
  group: { name: 'ALEC Lyon & Co', phone: '04 72 00 00 00' },
  place: {
    name: 'Maison de l’énergie',
    address: '12 rue Vendôme\n69006 Lyon',
    phone: '04 72 11 11 11',
    presentationHtml: '<p>Entrée <strong>côté cour</strong></p>',
  },
  reasonDescriptionHtml: '<ul><li>Factures</li><li>Plans</li></ul>',
  slotPublicDescription: 'Permanence du vendredi',
};

describe('{date_rdv}', () => {
  it('writes one day as « DD mois, HH:MM - HH:MM » on the Paris clock (winter, UTC+1)', () => {
    expect(formatAppointmentDate('2027-03-05T13:00:00Z', '2027-03-05T14:00:00Z', NOW)).toBe(
      'vendredi 5 mars, 14:00 - 15:00',
    );
  });

  it('uses summer time (UTC+2) after the spring change', () => {
    expect(formatAppointmentDate('2027-03-29T07:30:00Z', '2027-03-29T08:15:00Z', NOW)).toBe(
      'lundi 29 mars, 09:30 - 10:15',
    );
  });

  it('reads each end of an appointment across the spring change with its own offset', () => {
    // 28 March 2027, 01:30 (UTC+1) to 03:30 (UTC+2): one hour of real time, two on the clock.
    expect(formatAppointmentDate('2027-03-28T00:30:00Z', '2027-03-28T01:30:00Z', NOW)).toBe(
      'dimanche 28 mars, 01:30 - 03:30',
    );
  });

  it('reads the autumn change back to winter time', () => {
    // 31 October 2027: 02:30 summer (00:30Z) and 02:30 winter (01:30Z) look the same on the clock.
    expect(formatAppointmentDate('2027-10-31T00:30:00Z', '2027-10-31T01:30:00Z', NOW)).toBe(
      'dimanche 31 octobre, 02:30 - 02:30',
    );
    expect(formatAppointmentDate('2027-10-31T09:00:00Z', '2027-10-31T10:00:00Z', NOW)).toBe(
      'dimanche 31 octobre, 10:00 - 11:00',
    );
  });

  it('writes the first of the month « 1er », the other days without a leading zero', () => {
    expect(formatAppointmentDate('2027-12-01T13:00:00Z', '2027-12-01T14:00:00Z', NOW)).toBe(
      'mercredi 1er décembre, 14:00 - 15:00',
    );
    expect(formatAppointmentDate('2027-12-02T13:00:00Z', '2027-12-02T14:00:00Z', NOW)).toBe(
      'jeudi 2 décembre, 14:00 - 15:00',
    );
  });

  it('gives a single time when start and end are equal', () => {
    expect(formatAppointmentDate('2027-08-15T08:00:00Z', '2027-08-15T08:00:00Z', NOW)).toBe('dimanche 15 août, 10:00');
  });

  it('adds the year when the appointment is not in the current year', () => {
    expect(formatAppointmentDate('2028-01-04T09:00:00Z', '2028-01-04T10:00:00Z', NOW)).toBe(
      'mardi 4 janvier 2028, 10:00 - 11:00',
    );
    expect(formatAppointmentDate('2026-12-30T09:00:00Z', '2026-12-30T10:00:00Z', NOW)).toBe(
      'mercredi 30 décembre 2026, 10:00 - 11:00',
    );
  });

  it('counts the current year in Paris: 31 December 23:30 UTC is already next year there', () => {
    expect(formatAppointmentDate('2028-01-05T09:00:00Z', '2028-01-05T10:00:00Z', '2027-12-31T23:30:00Z')).toBe(
      'mercredi 5 janvier, 10:00 - 11:00',
    );
  });

  it('writes « du … au … » across days, each date with its year when needed', () => {
    expect(formatAppointmentDate('2027-03-05T22:00:00Z', '2027-03-06T00:30:00Z', NOW)).toBe(
      'du vendredi 5 mars, 23:00 au samedi 6 mars, 01:30',
    );
    expect(formatAppointmentDate('2027-12-31T22:00:00Z', '2028-01-01T01:00:00Z', NOW)).toBe(
      'du vendredi 31 décembre, 23:00 au samedi 1er janvier 2028, 02:00',
    );
  });

  it('decides the day on the Paris clock, not in UTC', () => {
    // 23:30 UTC on the 5th is 00:30 on the 6th in Paris (winter).
    expect(formatAppointmentDate('2027-03-05T23:30:00Z', '2027-03-06T00:00:00Z', NOW)).toBe(
      'samedi 6 mars, 00:30 - 01:00',
    );
  });
});

describe('renderTemplate', () => {
  it('replaces every token in a text template (SMS), HTML values turned into text', () => {
    const sms = renderTemplate(
      '  Bonjour {contact}, RDV le {date_rdv} avec {conseiller} ({structure}, {tel_structure}) à {lieu}. ' +
        'Tél. lieu {tel_lieu}. {texte_lieu} / {texte_motif} / {texte_creneau} / {jitsi}  ',
      ctx,
      'text',
    );
    expect(sms).toBe(
      'Bonjour Élise <Martin>, RDV le vendredi 5 mars, 14:00 - 15:00 avec Paul Conseil ' +
        '(ALEC Lyon & Co, 04 72 00 00 00) à ' +
        'Maison de l’énergie (adresse: 12 rue Vendôme - 69006 Lyon / téléphone: 04 72 11 11 11). ' +
        'Tél. lieu 04 72 11 11 11. Entrée côté cour / * Factures\n * Plans / Permanence du vendredi / ' +
        'https://meet.jit.si/elise.martin-exemple.fr',
    );
  });

  it('escapes text values in an HTML template and keeps the sanitised HTML ones', () => {
    const html = renderTemplate('<p>Bonjour {contact} de {structure}</p>{texte_lieu}<p>{jitsi}</p>', ctx, 'html');
    expect(html).toBe(
      '<p>Bonjour Élise &lt;Martin&gt; de ALEC Lyon &amp; Co</p><p>Entrée <strong>côté cour</strong></p>' +
        '<p><a href="https://meet.jit.si/elise.martin-exemple.fr">https://meet.jit.si/elise.martin-exemple.fr</a></p>',
    );
  });

  it('leaves empty values for missing relations and unknown braces as written', () => {
    const bare: AppointmentTemplateContext = { ...ctx, contact: null, advisor: null, place: null };
    expect(renderTemplate('[{contact}][{conseiller}][{lieu}][{jitsi}] {inconnu}', bare, 'text')).toBe(
      '[][][][] {inconnu}',
    );
  });

  it('writes the place name alone when neither address nor phone is known', () => {
    const place = { name: 'Mairie' };
    expect(renderTemplate('{lieu}', { ...ctx, place }, 'text')).toBe('Mairie');
    expect(renderTemplate('{lieu}', { ...ctx, place: { ...place, phone: '01 02' } }, 'text')).toBe(
      'Mairie (téléphone: 01 02)',
    );
  });

  it('keeps a subject on one line', () => {
    expect(renderSubject('RDV {date_rdv}\n{texte_motif}', ctx)).toBe(
      'RDV vendredi 5 mars, 14:00 - 15:00 * Factures * Plans',
    );
  });
});

describe('htmlToPlainText', () => {
  it('derives the plain-text version of an HTML mail', () => {
    expect(htmlToPlainText('<p>Bonjour,</p><p>Votre <a href="https://x.fr/dg/1">rendez-vous</a>.</p>')).toBe(
      'Bonjour,\n\nVotre rendez-vous [https://x.fr/dg/1].',
    );
  });
});
