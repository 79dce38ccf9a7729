import { describe, expect, it } from 'vitest';
import { placeNewRegistration, registrationState, registrationsToPromote, type Seat } from './event-capacity';

const seat = (pk: number, status: Seat['status'], position = pk): Seat => ({ pk, status, position });

describe('event capacity', () => {
  it('confirms up to the capacity, then puts people on the waiting list in order', () => {
    expect(placeNewRegistration(2, [])).toEqual({ status: 'confirmed', position: 1 });
    expect(placeNewRegistration(2, [seat(1, 'confirmed')])).toEqual({ status: 'confirmed', position: 2 });
    expect(placeNewRegistration(2, [seat(1, 'confirmed'), seat(2, 'confirmed')])).toEqual({
      status: 'waiting',
      position: 3,
    });
  });

  it('a cancelled seat is free again, its position is not reused', () => {
    expect(placeNewRegistration(2, [seat(1, 'cancelled'), seat(2, 'confirmed')])).toEqual({
      status: 'confirmed',
      position: 3,
    });
  });

  it('promotes the earliest waiting registrations, as many as there are free seats', () => {
    const seats = [seat(1, 'cancelled'), seat(2, 'confirmed'), seat(5, 'waiting', 5), seat(4, 'waiting', 4)];
    expect(registrationsToPromote(2, seats)).toEqual([4]);
    expect(registrationsToPromote(4, seats)).toEqual([4, 5]);
    expect(registrationsToPromote(1, seats)).toEqual([]);
    // A capacity lowered below the confirmed count demotes nobody.
    expect(registrationsToPromote(0, seats)).toEqual([]);
  });
});

describe('registration window', () => {
  const event = {
    isPublic: true,
    startDate: '2026-06-10T08:00:00.000Z',
    registrationOpensAt: '2026-06-01T00:00:00+02:00',
    registrationClosesAt: null,
  };
  it('opens at the opening and closes at the start when no closing is given', () => {
    expect(registrationState(event, new Date('2026-05-31T21:59:00Z'))).toBe('not_yet_open');
    expect(registrationState(event, new Date('2026-05-31T22:00:00Z'))).toBe('open');
    expect(registrationState(event, new Date('2026-06-10T08:00:00Z'))).toBe('closed');
    expect(registrationState({ ...event, registrationClosesAt: '2026-06-05T00:00:00Z' }, new Date('2026-06-06'))).toBe(
      'closed',
    );
  });
  it('a non-public event is never open to the public', () => {
    expect(registrationState({ ...event, isPublic: false }, new Date('2026-06-02'))).toBe('not_public');
  });
});
