import { describe, expect, it } from 'vitest';
import { composeMessage } from './compose-message';
import { CONSENT_ERRORS } from './consent-errors';
import type { AppointmentForNotifications, NotificationRecipient, NotificationRule } from './notification-types';
import { planNotifications, type PlanNotificationsInput } from './plan-notifications';
import { sendingDate } from './sending-date';

const person = (kind: NotificationRecipient['kind'], id: number, over: Partial<NotificationRecipient> = {}) => ({
  kind,
  id,
  fullName: `${kind} ${id}`,
  email: `${kind}${id}@exemple.fr`,
  mobile: '+33612345678',
  allowsEmail: true,
  allowsPhone: true,
  ...over,
});

const client = person('client', 1);
const advisor = person('advisor', 10);
const colleague = person('advisor', 11);
const outsider = person('advisor', 20);

const appointment: AppointmentForNotifications = {
  id: 100,
  group: 5,
  status: 'validated',
  start: '2027-06-10T08:00:00Z', // 10:00 in Paris (summer)
  end: '2027-06-10T09:00:00Z',
  reason: 3,
  place: 7,
  advisor,
  client,
  groupMembers: [advisor, colleague],
};

const rule = (over: Partial<NotificationRule> = {}): NotificationRule => ({
  id: 1,
  group: 5,
  isActive: true,
  trigger: 'created_client',
  term: 'immediate',
  termDays: 0,
  termAfterBefore: 'before',
  termTime: '12:00',
  allReasons: true,
  reasons: [],
  allPlaces: true,
  places: [],
  to: 'contact',
  advisors: [],
  smsIsActive: false,
  mailIsActive: true,
  ...over,
});

const NOW = '2027-06-01T09:00:00+02:00';

const plan = (over: Partial<PlanNotificationsInput> = {}) =>
  planNotifications({
    notifications: [rule()],
    trigger: 'created_client',
    appointment,
    ledger: [],
    advisorsById: new Map([[20, outsider]]),
    groupHasActiveSmsAccount: true,
    now: NOW,
    ...over,
  });

describe('planNotifications', () => {
  it('step 1: only active notifications of the group with that trigger', () => {
    const got = plan({
      notifications: [
        rule({ id: 1 }),
        rule({ id: 2, isActive: false }),
        rule({ id: 3, trigger: 'cancelled_client' }),
        rule({ id: 4, group: 6 }),
      ],
    });
    expect(got.map((m) => m.notification)).toEqual([1]);
    expect(got[0]).toMatchObject({ recipient: client, channel: 'mail', schedule: '2027-06-01T07:00:00.000Z' });
    expect(got[0]!.error).toBeUndefined();
  });

  it('step 2: a notification already in the ledger is not sent twice, except for changes', () => {
    expect(plan({ ledger: [{ notification: 1 }] })).toEqual([]);
    const changed = plan({
      trigger: 'changed_advisor',
      notifications: [rule({ trigger: 'changed_advisor' })],
      ledger: [{ notification: 1 }, { notification: 1 }],
    });
    expect(changed).toHaveLength(1);
  });

  it('step 3: restrictions to reasons and places', () => {
    const got = plan({
      notifications: [
        rule({ id: 1, allReasons: false, reasons: [3] }),
        rule({ id: 2, allReasons: false, reasons: [4] }),
        rule({ id: 3, allPlaces: false, places: ['7'] }),
        rule({ id: 4, allPlaces: false, places: [8] }),
        rule({ id: 5, allPlaces: false, places: [] }),
      ],
    });
    expect(got.map((m) => m.notification)).toEqual([1, 3]);
  });

  it('step 4: a delayed term is scheduled on the Paris clock at termTime', () => {
    const got = plan({ notifications: [rule({ term: 'delayed', termDays: 2, termTime: '12:00' })] });
    // Two days before 10 June, at 12:00 Paris summer time = 10:00 UTC (the reference said 12:00 UTC).
    expect(got[0]!.schedule).toBe('2027-06-08T10:00:00.000Z');
  });

  it('step 5: date_of_appointment acts only once its sending date has come', () => {
    const reminder = rule({ trigger: 'date_of_appointment', term: 'delayed', termDays: 1, termTime: '18:00' });
    const base = { trigger: 'date_of_appointment' as const, notifications: [reminder] };
    expect(plan({ ...base, now: '2027-06-09T17:59:00+02:00' })).toEqual([]);
    const due = plan({ ...base, now: '2027-06-09T18:05:00+02:00' });
    expect(due).toHaveLength(1);
    expect(due[0]!.schedule).toBe('2027-06-09T16:05:00.000Z');
    expect(plan({ ...base, now: '2027-06-09T18:05:00+02:00', ledger: [{ notification: 1 }] })).toEqual([]);
    expect(
      plan({ ...base, now: '2027-06-09T18:05:00+02:00', appointment: { ...appointment, status: 'cancelled' } }),
    ).toEqual([]);
  });

  it('step 5: other triggers queue a delayed message at once, for later', () => {
    const got = plan({
      notifications: [rule({ term: 'delayed', termDays: 1, termAfterBefore: 'after', termTime: '09:30' })],
    });
    expect(got[0]!.schedule).toBe('2027-06-11T07:30:00.000Z');
  });

  it('step 6: recipients by kind of notification', () => {
    const to = (t: NotificationRule['to'], over: Partial<NotificationRule> = {}) =>
      plan({ notifications: [rule({ to: t, ...over })] }).map((m) => m.recipient.id);
    expect(to('contact')).toEqual([1]);
    expect(to('all_advisors')).toEqual([10, 11]);
    expect(to('some_advisors', { advisors: [20, 99] })).toEqual([20]);
    expect(to('allocated_advisor')).toEqual([10]);
    expect(
      plan({ notifications: [rule({ to: 'allocated_advisor' })], appointment: { ...appointment, advisor: null } }),
    ).toEqual([]);
    expect(plan({ appointment: { ...appointment, client: null } })).toEqual([]);
  });

  it('step 7: one message per recipient and active channel', () => {
    const got = plan({ notifications: [rule({ to: 'all_advisors', smsIsActive: true, chatIsActive: true })] });
    expect(got.map((m) => `${m.recipient.id}/${m.channel}`)).toEqual(['10/sms', '10/mail', '11/sms', '11/mail']);
  });

  it('step 8: consent and data failures are kept on the message with the French error; mail is transactional', () => {
    const refusing = person('client', 2, { allowsEmail: false, allowsPhone: false });
    const both = rule({ smsIsActive: true });
    const errors = (c: NotificationRecipient, sms = true) =>
      plan({ notifications: [both], appointment: { ...appointment, client: c }, groupHasActiveSmsAccount: sms }).map(
        (m) => m.error,
      );
    // The e-mail consent does not gate an appointment's mails (issue 26 item 2); the SMS one still does.
    expect(errors(refusing)).toEqual([CONSENT_ERRORS.smsConsent, undefined]);
    expect(errors(person('client', 3, { mobile: null, email: null }))).toEqual([
      CONSENT_ERRORS.noMobile,
      CONSENT_ERRORS.noEmail,
    ]);
    expect(errors(client, false)).toEqual([CONSENT_ERRORS.noSmsAccount, undefined]);
  });

  it("step 8: advisors are told even on a channel the client refused (the client's consent is the client's)", () => {
    const refusing = person('client', 2, { allowsEmail: false, allowsPhone: false });
    const got = plan({
      notifications: [rule({ to: 'allocated_advisor', smsIsActive: true })],
      appointment: { ...appointment, client: refusing },
    });
    expect(got.map((m) => [m.channel, m.error])).toEqual([
      ['sms', undefined],
      ['mail', undefined],
    ]);
  });
});

describe('sendingDate', () => {
  const delayed = { term: 'delayed' as const, termDays: 1, termAfterBefore: 'before' as const, termTime: '12:00' };

  it('uses the winter offset in winter and the summer offset in summer', () => {
    expect(sendingDate(delayed, '2027-01-15T09:00:00Z', '2027-01-01T00:00:00Z')).toBe('2027-01-14T11:00:00.000Z');
    expect(sendingDate(delayed, '2027-07-15T09:00:00Z', '2027-01-01T00:00:00Z')).toBe('2027-07-14T10:00:00.000Z');
  });

  it('counts days on the Paris calendar across the spring change', () => {
    // Appointment Monday 29 March 2027 at 00:30 Paris (28 March 22:30 UTC); two days before = 27 March.
    expect(sendingDate({ ...delayed, termDays: 2 }, '2027-03-28T22:30:00Z', '2027-01-01T00:00:00Z')).toBe(
      '2027-03-27T11:00:00.000Z',
    );
  });

  it('is now once the moment has passed, and now for an immediate term', () => {
    expect(sendingDate(delayed, '2027-01-15T09:00:00Z', '2027-01-14T11:00:01Z')).toBe('2027-01-14T11:00:01.000Z');
    expect(sendingDate({ ...delayed, term: 'immediate' }, '2027-01-15T09:00:00Z', '2027-01-02T10:00:00+01:00')).toBe(
      '2027-01-02T09:00:00.000Z',
    );
  });
});

describe('composeMessage', () => {
  const ctx = {
    start: appointment.start,
    end: appointment.end,
    now: NOW,
    contact: { fullName: 'Ana & Bo', email: 'ana@exemple.fr' },
    advisor: { fullName: 'Paul' },
    group: { name: 'ALEC' },
    place: null,
  };

  it('renders the mail subject, HTML and its plain-text version', () => {
    const m = composeMessage(
      { mailSubject: 'Votre RDV du {date_rdv}', mailMessage: '<p>Bonjour {contact},</p><p>avec {conseiller}</p>' },
      'mail',
      ctx,
    );
    expect(m).toEqual({
      channel: 'mail',
      subject: 'Votre RDV du jeudi 10 juin, 10:00 - 11:00',
      messageMailHtml: '<p>Bonjour Ana &amp; Bo,</p><p>avec Paul</p>',
      messageMailAscii: 'Bonjour Ana & Bo,\n\navec Paul',
    });
  });

  it('renders the SMS as text', () => {
    expect(composeMessage({ smsMessage: 'RDV {date_rdv} {structure}' }, 'sms', ctx)).toEqual({
      channel: 'sms',
      messageSms: 'RDV jeudi 10 juin, 10:00 - 11:00 ALEC',
    });
  });
});
