/** GET /api/v1/dialogwatt/statistics/ (server/modules/booking-admin/statistics.ts). */
export type StatisticsGrouping = 'reason' | 'place' | 'advisor' | 'month';

export interface StatisticsFigures {
  count: number;
  honoured: number;
  honouredRate: number | null;
}

export interface StatisticsRow extends StatisticsFigures {
  key: string;
  label: string;
}

export interface Statistics {
  from: string;
  to: string;
  groupBy: StatisticsGrouping;
  group: number | null;
  rows: StatisticsRow[];
  totals: StatisticsFigures;
}

export const GROUPING_LABELS: Record<StatisticsGrouping, string> = {
  reason: 'Motif de rendez-vous',
  place: 'Lieu',
  advisor: 'Conseiller',
  month: 'Mois',
};
