// The answers of `fac/statistics/` (server/modules/follow-up/statistics-routes.ts), as the screen reads them.

export interface Selectors {
  projects: { pk: number; name: string; groups: { pk: number; name: string }[] }[];
  periods: { pk: number; name: string; dateStart: string; dateEnd: string }[];
}

export interface ValuationLine {
  label: string;
  valuation: number | null;
  group: number | null;
  isAct: boolean;
  quantity: number;
  unitValorisation: number;
  totalValorisation: number;
}

export interface FolderModelFigures {
  pk: number;
  name: string;
  folders: number;
  totalExpenses: number;
  hasStatusObjectives: boolean;
  hasActionObjectives: boolean;
  statuses: {
    pk: number;
    name: string;
    nbStatus: number;
    percentage: number;
    nbCumulated: number;
    objective: number | null;
    progression: number | null;
  }[];
  categories: {
    pk: number;
    name: string;
    totalActions: number;
    totalExpenses: number;
    actions: {
      model: number;
      name: string;
      total: number;
      objective: number | null;
      progression: number | null;
      lines: ValuationLine[];
    }[];
  }[];
}

export interface BudgetTracking {
  graphData: { date: string; cumulatedExpenses: number }[];
  totalEnvelope: number;
  totalExpenses: number;
  expensesInSelectedTimeLapse: number;
  periodStart: string;
  periodEnd: string;
  percentExpenses: number;
}

export interface ProgrammeStatistics {
  project: { pk: number; name: string };
  period: { pk: number; name: string; dateStart: string; dateEnd: string } | null;
  groups: { pk: number; name: string }[];
  dateStart: string | null;
  dateEnd: string | null;
  folderModels: FolderModelFigures[];
  budgetTracking: BudgetTracking | null;
}

export type DrillDown =
  | { kind: 'status'; title: string; rows: { key: number; label: string; href: string; detail: string }[] }
  | { kind: 'action'; title: string; rows: { key: number; label: string; href: string; detail: string }[] };
