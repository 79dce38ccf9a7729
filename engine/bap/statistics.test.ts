import { describe, expect, it } from 'vitest';
import { bapStatistics } from './statistics';

describe('projects exchange statistics', () => {
  it('counts by state and sub-mission, the interest rate and the delays to the first interest', () => {
    const s = bapStatistics([
      { state: 'draft', subMission: 4, publishedAt: null, firstInterestAt: null, interestCount: 0 },
      {
        state: 'published',
        subMission: 9,
        publishedAt: '2026-01-01T10:00:00.000Z',
        firstInterestAt: '2026-01-03T10:00:00.000Z',
        interestCount: 2,
      },
      {
        state: 'published',
        subMission: 9,
        publishedAt: '2026-01-05T00:00:00.000Z',
        firstInterestAt: null,
        interestCount: 0,
      },
      {
        state: 'closed',
        subMission: 4,
        publishedAt: '2026-02-01T00:00:00.000Z',
        firstInterestAt: '2026-02-07T00:00:00.000Z',
        interestCount: 1,
      },
    ]);
    expect(s.total).toBe(4);
    expect(s.byState).toEqual({ draft: 1, published: 2, closed: 1 });
    expect(s.bySubMission).toEqual([
      { subMission: 4, count: 2 },
      { subMission: 9, count: 2 },
    ]);
    expect(s.offered).toBe(3);
    expect(s.withInterest).toBe(2);
    expect(s.interestRate).toBeCloseTo(2 / 3);
    expect(s.meanDaysToFirstInterest).toBe(4);
    expect(s.medianDaysToFirstInterest).toBe(4);
  });

  it('has no rate nor delay when nothing was offered', () => {
    const s = bapStatistics([
      { state: 'draft', subMission: 1, publishedAt: null, firstInterestAt: null, interestCount: 0 },
    ]);
    expect(s.interestRate).toBeNull();
    expect(s.meanDaysToFirstInterest).toBeNull();
    expect(s.medianDaysToFirstInterest).toBeNull();
  });
});
