import { describe, expect, it } from 'vitest';
import { assignColumns, layoutDay, periodOf, weekDays } from './layout';
import {
  addDays,
  mondayOf,
  parisInstant,
  parisOffsetMinutes,
  parisParts,
  isDayKey,
} from '../../../engine/time/paris-time';
import { dayTitle, eventLabel, shortDayName, weekTitle } from './french-dates';

const ev = (id: number, start: string, end: string) => ({ id, start: new Date(start), end: new Date(end) });
const H = 60;

describe('calendar days (Paris time itself: engine/time/paris-time.test.ts)', () => {
  it('walks days and weeks by the calendar', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(weekDays('2026-11-23')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(isDayKey('2026-02-30')).toBe(false);
    expect(isDayKey('2026-02-28')).toBe(true);
  });

  it('covers a week from Paris midnight to Paris midnight, 167 hours long across the spring change', () => {
    const { from, to } = periodOf(weekDays('2026-03-23'));
    expect(from.toISOString()).toBe('2026-03-22T23:00:00.000Z');
    expect(to.toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect((to.getTime() - from.getTime()) / 3_600_000).toBe(167);
  });
});

describe('layoutDay', () => {
  it('positions events by wall-clock time between the day hours', () => {
    const { placed, outside } = layoutDay(
      [ev(1, '2026-11-23T09:00:00Z', '2026-11-23T10:30:00Z'), ev(2, '2026-11-24T09:00:00Z', '2026-11-24T10:00:00Z')],
      '2026-11-23',
      7 * H,
      20 * H,
    );
    expect(outside).toEqual([]);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ top: 3 * H, height: 90, column: 0, columns: 1 });
    expect(placed[0]).toMatchObject({ continuesBefore: false, continuesAfter: false });
  });

  it('places a summer event at the same clock hour as a winter one', () => {
    const summer = layoutDay([ev(1, '2026-07-01T08:00:00Z', '2026-07-01T09:00:00Z')], '2026-07-01', 7 * H, 20 * H);
    expect(summer.placed[0]).toMatchObject({ top: 3 * H, height: H });
  });

  it('uses the wall clock on the spring and autumn change days', () => {
    // 01:30 → 03:30 on 29 March lasts one hour but covers two hours of the clock.
    const spring = layoutDay([ev(1, '2026-03-29T00:30:00Z', '2026-03-29T01:30:00Z')], '2026-03-29', 0, 24 * H);
    expect(spring.placed[0]).toMatchObject({ top: 90, height: 120 });
    // 10:00 → 11:00 after the autumn change is still 10:00 → 11:00.
    const autumn = layoutDay([ev(1, '2026-10-25T09:00:00Z', '2026-10-25T10:00:00Z')], '2026-10-25', 7 * H, 20 * H);
    expect(autumn.placed[0]).toMatchObject({ top: 3 * H, height: H });
  });

  it('cuts events that span days or go beyond the hours, and lists those outside them apart', () => {
    // Thursday 10 December 09:00 → Friday 11 December 17:30 (Paris).
    const training = ev(1, '2026-12-10T08:00:00Z', '2026-12-11T16:30:00Z');
    const early = ev(2, '2026-12-10T05:00:00Z', '2026-12-10T05:30:00Z');
    const thursday = layoutDay([training, early], '2026-12-10', 7 * H, 20 * H);
    expect(thursday.placed).toHaveLength(1);
    expect(thursday.placed[0]).toMatchObject({
      top: 2 * H,
      height: 11 * H,
      continuesBefore: false,
      continuesAfter: true,
    });
    expect(thursday.outside.map((e) => e.id)).toEqual([2]);
    const friday = layoutDay([training], '2026-12-11', 7 * H, 20 * H);
    expect(friday.placed[0]).toMatchObject({
      top: 0,
      height: 10 * H + 30,
      continuesBefore: true,
      continuesAfter: false,
    });
    expect(layoutDay([training], '2026-12-12', 7 * H, 20 * H).placed).toEqual([]);
    // Ending exactly at midnight: not on the next day.
    const toMidnight = ev(3, '2026-12-12T18:00:00Z', '2026-12-12T23:00:00Z');
    expect(layoutDay([toMidnight], '2026-12-13', 7 * H, 20 * H)).toMatchObject({ placed: [], outside: [] });
  });

  it('gives very short events a readable height', () => {
    const { placed } = layoutDay([ev(1, '2026-11-23T09:00:00Z', '2026-11-23T09:05:00Z')], '2026-11-23', 7 * H, 20 * H);
    expect(placed[0].height).toBe(15);
  });
});

describe('assignColumns', () => {
  it('puts overlapping events side by side and reuses a column once free', () => {
    const placed = assignColumns([
      { id: 'a', top: 0, height: 60 },
      { id: 'b', top: 30, height: 60 },
      { id: 'c', top: 60, height: 60 },
      { id: 'd', top: 200, height: 30 },
    ]);
    const byId = Object.fromEntries(placed.map((p) => [p.id, [p.column, p.columns]]));
    // a and b overlap; c starts when a ends and takes its column; the three form one group.
    expect(byId).toEqual({ a: [0, 2], b: [1, 2], c: [0, 2], d: [0, 1] });
  });

  it('uses as many columns as events overlap at once', () => {
    const placed = assignColumns([
      { id: 'a', top: 0, height: 120 },
      { id: 'b', top: 0, height: 60 },
      { id: 'c', top: 10, height: 20 },
    ]);
    expect(placed.map((p) => [p.id, p.column, p.columns])).toEqual([
      ['a', 0, 3],
      ['b', 1, 3],
      ['c', 2, 3],
    ]);
  });
});

describe('French dates', () => {
  it('titles a week within a month, across months and across years', () => {
    expect(weekTitle('2026-11-23', '2026-11-29')).toBe('Semaine du 23 au 29 novembre 2026');
    expect(weekTitle('2026-11-30', '2026-12-06')).toBe('Semaine du 30 novembre au 6 décembre 2026');
    expect(weekTitle('2026-12-28', '2027-01-03')).toBe('Semaine du 28 décembre 2026 au 3 janvier 2027');
    expect(weekTitle('2027-02-01', '2027-02-07')).toBe('Semaine du 1er au 7 février 2027');
  });

  it('titles a day and names an event with its Paris times', () => {
    expect(dayTitle('2026-11-23')).toBe('Lundi 23 novembre 2026');
    expect(dayTitle('2026-12-01')).toBe('Mardi 1er décembre 2026');
    expect(shortDayName('2026-12-01')).toBe('mardi 1er');
    expect(shortDayName('2026-11-25')).toBe('mercredi 25');
    expect(
      eventLabel('rendez-vous', new Date('2026-11-23T09:00:00Z'), new Date('2026-11-23T10:00:00Z'), 'Dupont'),
    ).toBe('Rendez-vous de 10:00 à 11:00 : Dupont');
    expect(
      eventLabel('indisponibilité', new Date('2026-12-10T08:00:00Z'), new Date('2026-12-11T16:30:00Z'), 'Formation'),
    ).toBe('Indisponibilité du jeudi 10 décembre 09:00 au vendredi 11 décembre 17:30 : Formation');
  });
});
