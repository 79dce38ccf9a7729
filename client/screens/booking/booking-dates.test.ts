import { describe, expect, it } from 'vitest';
import {
  formatAppointmentDate,
  formatDay,
  formatDuration,
  formatTime,
  minutesLeft,
  weekColumns,
  weekHasOffers,
  weekTitle,
} from './booking-dates';
import type { OfferDay } from './booking-api';

describe('booking days and times in fr-FR (the Paris clock itself: engine/time/paris-time.test.ts)', () => {
  it('writes times and dates in fr-FR, Paris time', () => {
    expect(formatTime('2026-11-30T13:00:00Z')).toBe('14:00');
    expect(formatTime('2026-07-01T07:05:00Z')).toBe('09:05');
    expect(formatDay('2026-11-30')).toBe('lundi 30 novembre');
    // The first of the month as French writes it (issue 26 item 2).
    expect(formatDay('2026-12-01', true)).toBe('mardi 1er décembre 2026');
    expect(formatAppointmentDate('2026-11-30T13:00:00Z')).toBe('lundi 30 novembre 2026 à 14:00');
    expect(weekTitle('2026-11-30')).toBe('semaine du 30 novembre au 6 décembre 2026');
    expect(weekTitle('2026-12-28')).toBe('semaine du 28 décembre 2026 au 3 janvier 2027');
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(90)).toBe('1 h 30');
    expect(formatDuration(60)).toBe('1 h');
  });

  it('counts the minutes left on a hold, to the nearest, at least one while it holds', () => {
    const now = new Date('2026-11-25T14:00:00Z');
    expect(minutesLeft('2026-11-25T15:00:00Z', now)).toBe(60);
    expect(minutesLeft('2026-11-25T15:00:12Z', now)).toBe(60);
    expect(minutesLeft('2026-11-25T14:30:40Z', now)).toBe(31);
    expect(minutesLeft('2026-11-25T14:00:01Z', now)).toBe(1);
    expect(minutesLeft('2026-11-25T13:59:00Z', now)).toBe(0);
  });
});

describe('week grouping of offers', () => {
  const days: OfferDay[] = [
    {
      date: '2026-11-30',
      offers: [
        { time: '09:00', start: '2026-11-30T08:00:00Z', slot: '1' },
        { time: '09:45', start: '2026-11-30T08:45:00Z', slot: '1' },
        {
          dropIn: true,
          startTime: '14:00',
          endTime: '17:00',
          start: '2026-11-30T13:00:00Z',
          end: '2026-11-30T16:00:00Z',
          slot: '2',
        },
      ],
    },
    { date: '2026-12-03', offers: [{ time: '10:00', start: '2026-12-03T09:00:00Z', slot: '3' }] },
    { date: '2026-12-08', offers: [{ time: '10:00', start: '2026-12-08T09:00:00Z', slot: '3' }] },
  ];

  it('lays the offers out on the seven days of the week, times apart from drop-in ranges', () => {
    const cols = weekColumns('2026-11-30', days);
    expect(cols.map((c) => c.date)).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(cols[0].label).toBe('lundi 30 novembre');
    expect(cols[0].times.map((o) => o.time)).toEqual(['09:00', '09:45']);
    expect(cols[0].dropIns.map((o) => `${o.startTime}-${o.endTime}`)).toEqual(['14:00-17:00']);
    expect(cols[3].times.map((o) => o.start)).toEqual(['2026-12-03T09:00:00Z']);
    expect(cols[1].times).toEqual([]);
    // The 8th belongs to the next week.
    expect(cols.flatMap((c) => c.times).some((o) => o.start.startsWith('2026-12-08'))).toBe(false);
    expect(weekHasOffers(cols)).toBe(true);
    expect(weekHasOffers(weekColumns('2026-11-23', days))).toBe(false);
  });
});
