/** A project as the statistics see it. */
export interface BapStatProject {
  state: string;
  subMission: number;
  publishedAt: string | null;
  firstInterestAt: string | null;
  interestCount: number;
}

export interface BapStatistics {
  total: number;
  byState: Record<string, number>;
  bySubMission: { subMission: number; count: number }[];
  /** Projects offered to professionals (published or closed after publication). */
  offered: number;
  /** Of those, the ones with at least one interest. */
  withInterest: number;
  /** withInterest / offered, 0 to 1; null when nothing was offered. */
  interestRate: number | null;
  /** Mean days between publication and the first interest; null without any. */
  meanDaysToFirstInterest: number | null;
  /** Median of the same, in days. */
  medianDaysToFirstInterest: number | null;
}

const DAY_MS = 86_400_000;

/** The figures of the exchange's statistics screen, from its projects (pure, unit-tested). */
export function bapStatistics(projects: BapStatProject[]): BapStatistics {
  const byState: Record<string, number> = {};
  const bySub = new Map<number, number>();
  let offered = 0;
  let withInterest = 0;
  const delays: number[] = [];
  for (const p of projects) {
    byState[p.state] = (byState[p.state] ?? 0) + 1;
    bySub.set(p.subMission, (bySub.get(p.subMission) ?? 0) + 1);
    if (p.publishedAt === null) continue;
    offered++;
    if (p.interestCount > 0) withInterest++;
    if (p.firstInterestAt !== null) {
      const days = (Date.parse(p.firstInterestAt) - Date.parse(p.publishedAt)) / DAY_MS;
      if (Number.isFinite(days)) delays.push(Math.max(0, days));
    }
  }
  delays.sort((a, b) => a - b);
  const mid = delays.length >> 1;
  const median = delays.length === 0 ? null : delays.length % 2 ? delays[mid] : (delays[mid - 1] + delays[mid]) / 2;
  return {
    total: projects.length,
    byState,
    bySubMission: [...bySub.entries()]
      .map(([subMission, count]) => ({ subMission, count }))
      .sort((a, b) => b.count - a.count || a.subMission - b.subMission),
    offered,
    withInterest,
    interestRate: offered === 0 ? null : withInterest / offered,
    meanDaysToFirstInterest: delays.length ? delays.reduce((s, d) => s + d, 0) / delays.length : null,
    medianDaysToFirstInterest: median,
  };
}
