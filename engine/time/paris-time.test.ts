import { describe, expect, it } from 'vitest';
import {
  addDays,
  hhmmToMinutes,
  isDayKey,
  minutesToHhmm,
  mondayOf,
  parisDate,
  parisDayStart,
  parisInstant,
  parisIso,
  parisOffsetMinutes,
  parisParts,
  parisTime,
  parisWallClock,
  parisWallToInstant,
  parseInstant,
  weekdayIndex,
} from './paris-time';

const H = 60;
const iso = (ms: number) => new Date(ms).toISOString();

describe('Paris wall clock: reading instants', () => {
  it('reads winter (UTC+1) and summer (UTC+2), from a number, a Date or ISO text alike', () => {
    expect(parisIso(Date.parse('2026-01-15T08:00:00Z'))).toBe('2026-01-15T09:00:00+01:00');
    expect(parisIso(new Date('2026-07-15T08:00:00Z'))).toBe('2026-07-15T10:00:00+02:00');
    expect(parisWallClock('2027-01-10T11:00:00Z')).toEqual({
      year: 2027,
      month: 1,
      day: 10,
      hour: 12,
      minute: 0,
      second: 0,
    });
    expect(parisWallClock('2027-07-10T11:00:05Z')).toMatchObject({ day: 10, hour: 13, minute: 0, second: 5 });
    expect(parisOffsetMinutes(new Date('2026-01-15T12:00:00Z'))).toBe(60);
    expect(parisOffsetMinutes('2026-07-15T12:00:00Z')).toBe(120);
  });

  it('gives the Paris day, which may differ from the UTC one, and the clock time', () => {
    expect(parisDate(Date.parse('2026-07-15T22:30:00Z'))).toBe('2026-07-16');
    expect(parisTime(Date.parse('2026-07-15T22:30:00Z'))).toBe('00:30');
    expect(parisDate('2027-01-10T23:30:00Z')).toBe('2027-01-11');
    expect(parisDate('2027-07-10T21:59:00Z')).toBe('2027-07-10');
    expect(parisDate('2027-07-10T22:00:00Z')).toBe('2027-07-11');
    expect(parisParts(new Date('2026-11-23T09:00:10Z'))).toEqual({
      day: '2026-11-23',
      time: '10:00',
      clock: '10:00:10',
      minutes: 10 * H,
      iso: '2026-11-23T10:00:10+01:00',
    });
    expect(parisParts(new Date('2026-07-01T22:30:00Z'))).toMatchObject({ day: '2026-07-02', minutes: 30 });
  });

  it('changes offset at 01:00 UTC on the last Sundays of March and October', () => {
    expect(parisIso(Date.parse('2026-03-29T00:59:00Z'))).toBe('2026-03-29T01:59:00+01:00');
    expect(parisIso(Date.parse('2026-03-29T01:00:00Z'))).toBe('2026-03-29T03:00:00+02:00');
    expect(parisIso(Date.parse('2026-10-25T00:59:00Z'))).toBe('2026-10-25T02:59:00+02:00');
    expect(parisIso(Date.parse('2026-10-25T01:00:00Z'))).toBe('2026-10-25T02:00:00+01:00');
  });
});

describe('Paris wall clock: from a wall-clock time to its instant', () => {
  it('in winter and in summer, with `HH:MM`, `HH:MM:SS` or minutes after midnight', () => {
    expect(parisInstant('2027-01-10', '12:00').toISOString()).toBe('2027-01-10T11:00:00.000Z');
    expect(parisInstant('2027-07-10', '12:00').toISOString()).toBe('2027-07-10T10:00:00.000Z');
    expect(parisInstant('2027-07-10', '08:15:30').toISOString()).toBe('2027-07-10T06:15:30.000Z');
    expect(parisInstant('2026-11-23', 10 * H).toISOString()).toBe('2026-11-23T09:00:00.000Z');
    expect(parisInstant('2026-07-01', 10 * H).toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(iso(parisDayStart('2026-03-30'))).toBe('2026-03-29T22:00:00.000Z');
    // 1440 minutes is the next midnight, 23 hours later on the spring day.
    expect(parisInstant('2026-03-29', 24 * H).toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('moves a time skipped in spring forward by the gap, takes the first of a repeated autumn time', () => {
    // 29 March 2026 and 28 March 2027: clocks jump from 02:00 to 03:00.
    expect(iso(parisWallToInstant('2026-03-29', '09:00'))).toBe('2026-03-29T07:00:00.000Z');
    expect(iso(parisWallToInstant('2026-03-29', '02:30'))).toBe('2026-03-29T01:30:00.000Z');
    expect(parisInstant('2026-03-29', 2 * H + 30).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(parisInstant('2027-03-28', '03:00').toISOString()).toBe('2027-03-28T01:00:00.000Z');
    // 25 October 2026 and 31 October 2027: 02:00 to 03:00 is shown twice; the summer one is taken.
    expect(iso(parisWallToInstant('2026-10-25', '02:30'))).toBe('2026-10-25T00:30:00.000Z');
    expect(iso(parisWallToInstant('2026-10-25', '09:00'))).toBe('2026-10-25T08:00:00.000Z');
    expect(parisInstant('2027-10-31', '03:00').toISOString()).toBe('2027-10-31T02:00:00.000Z');
  });

  it('gives back the wall clock it was given, also at midnight and late evening', () => {
    for (const [day, clock] of [
      ['2027-03-28', '00:00:00'],
      ['2027-03-28', '23:30:00'],
      ['2027-10-31', '01:15:00'],
      ['2027-07-14', '12:00:00'],
    ]) {
      expect(parisParts(parisWallToInstant(day, clock))).toMatchObject({ day, clock });
    }
  });

  it('refuses a time that cannot be read', () => {
    expect(() => parisWallToInstant('demain', '09:00')).toThrow(RangeError);
  });
});

describe('Paris wall clock: days, weeks and ISO text', () => {
  it('counts calendar days across clock changes, months and years', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(parisDayStart(addDays('2026-03-28', 2)) - parisDayStart('2026-03-29')).toBe(23 * 3_600_000);
  });

  it('finds the weekday and the Monday of a week', () => {
    expect(weekdayIndex('2026-11-23')).toBe(0);
    expect(weekdayIndex('2026-11-29')).toBe(6);
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
  });

  it('converts clock times and minutes', () => {
    expect(hhmmToMinutes('07:30')).toBe(450);
    expect(hhmmToMinutes('24:00')).toBe(1440);
    expect(minutesToHhmm(450)).toBe('07:30');
  });

  it('checks calendar days', () => {
    expect(isDayKey('2027-02-29')).toBe(false);
    expect(isDayKey('2028-02-29')).toBe(true);
    expect(isDayKey('2026-02-30')).toBe(false);
    expect(isDayKey('29/02/2028')).toBe(false);
    expect(isDayKey(20280229)).toBe(false);
  });

  it('reads ISO text: offsets as written, a date alone or a time without offset as Paris time', () => {
    expect(parseInstant('2026-06-15T09:00:00Z')).toBe(Date.parse('2026-06-15T09:00:00Z'));
    expect(parseInstant('2026-06-15T09:00:00+02:00')).toBe(Date.parse('2026-06-15T07:00:00Z'));
    expect(parseInstant('2026-06-15')).toBe(Date.parse('2026-06-14T22:00:00Z'));
    expect(parseInstant('2026-01-15T09:00')).toBe(Date.parse('2026-01-15T08:00:00Z'));
    expect(parseInstant('lundi')).toBeNaN();
    expect(parseInstant('2026-06-15T25:00:00Z')).toBeNaN();
  });
});
