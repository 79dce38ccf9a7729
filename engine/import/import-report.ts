import { toCsv } from '../export/csv-writer';

export type ReportOutcome = 'create' | 'created' | 'skipped' | 'refused';

export interface ReportLine {
  line: number;
  outcome: ReportOutcome;
  reason?: string;
  cells: string[];
}

const OUTCOMES: Record<ReportOutcome, string> = {
  create: 'À créer',
  created: 'Créée',
  skipped: 'Ignorée',
  refused: 'Refusée',
};

/**
 * The import's report: every line of the file, in order, with its outcome and reason, then the
 * file's own cells — so that the refused lines can be corrected in the report and sent again.
 */
export function importReportCsv(headers: string[], lines: ReportLine[]): string {
  return toCsv(
    ['Ligne', 'Résultat', 'Motif', ...headers],
    lines.map((l) => [l.line, OUTCOMES[l.outcome], l.reason ?? '', ...l.cells]),
  );
}
