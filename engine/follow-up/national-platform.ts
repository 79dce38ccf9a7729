import { normaliseHeader } from '../import/normalise-header';

/**
 * The national platform's side of the follow-up engine (issue 11 item 8, reference file area
 * 9.5 and 12): the acts exported for a period, the platform's feedback file read and matched to
 * the actions, and the comparison of what was exported with what the platform accepted. Pure
 * functions: the server reads the database and the file, these decide.
 */

/**
 * The platform's short name in the act ids (reference 9.5: `<platform>.fac.action.<pk>`). One
 * name for every white label of the database: the pks are the database's, so two domains must
 * not give one action two ids.
 */
export const PLATFORM_SHORT_NAME = 'renovation';

export function actId(pk: number, platform = PLATFORM_SHORT_NAME): string {
  return `${platform.toLowerCase()}.fac.action.${pk}`;
}

/** The action pk an act id names, or null when it is not one of this platform's ids. */
export function actPk(id: string, platform = PLATFORM_SHORT_NAME): number | null {
  const m = /^([a-z0-9_-]+)\.fac\.action\.([1-9][0-9]{0,14})$/.exec(id.trim().toLowerCase());
  if (!m || m[1] !== platform.toLowerCase()) return null;
  return Number(m[2]);
}

/**
 * The national act type of an action model (reference 9.5 « Type Acte »): the part of its name
 * before the first « - », letter and number padded to two digits (A1 → A01), « bis » as a « b »
 * (A4 bis → A4b). A model named otherwise (« Commentaire », « Projet terminé ») is not an act of
 * the programme and is not exported: the rule reads the name an administrator gave, no list of
 * codes in the code.
 */
export function actTypeCode(modelName: string): string | null {
  const head = modelName.split('-')[0].trim();
  const m = /^([A-Za-z])\s*([0-9]{1,2})(\s*bis)?$/i.exec(head);
  if (!m) return null;
  const letter = m[1].toUpperCase();
  return m[3] ? `${letter}${Number(m[2])}b` : `${letter}${m[2].padStart(2, '0')}`;
}

/** One exported act, as the server reads it. */
export interface ExportAct {
  pk: number;
  structure: string;
  advisor: string;
  actType: string;
  date: string;
  /** Hours, as stored; exported in whole minutes. */
  duration: number | null;
  lastName: string;
  firstName: string;
  organization: string;
  email: string;
  phone: string;
  zipcode: string;
  town: string;
  address: string;
  updatedAt: string;
}

/** The export's columns (reference 9.5, those the model holds; docs/follow-up.md). */
export const EXPORT_HEADERS = [
  "Identifiant unique de l'acte",
  'Structure',
  'Conseiller',
  'Type Acte',
  'Date Acte',
  'Durée Acte',
  'Unité Durée Acte',
  'Nom',
  'Prénom',
  'Raison sociale',
  'E-mail',
  'Téléphone',
  'Code Postal',
  'Commune',
  'Adresse',
  'Date mise à jour Technique',
] as const;

const cut = (text: string, max: number): string => (text ?? '').slice(0, max);

export function exportRow(act: ExportAct, platform = PLATFORM_SHORT_NAME): string[] {
  return [
    actId(act.pk, platform),
    cut(act.structure, 100),
    cut(act.advisor, 100),
    act.actType,
    act.date,
    act.duration === null ? '' : String(Math.round(act.duration * 60)),
    'M',
    cut(act.lastName, 100),
    cut(act.firstName, 100),
    cut(act.organization, 100),
    cut(act.email, 100),
    cut(act.phone, 20),
    cut(act.zipcode, 5),
    cut(act.town, 100),
    cut(act.address, 100),
    act.updatedAt.slice(0, 10),
  ];
}

export type FeedbackOutcome = 'accepted' | 'error' | 'rejected';

/** A line of the feedback file, read and checked. */
export interface FeedbackLine {
  line: number;
  actId: string;
  pk: number;
  outcome: FeedbackOutcome;
  reason: string;
  /** The platform's act type when the file gives one. */
  actType: string;
}

export interface FeedbackProblem {
  line: number | null;
  message: string;
}

/** Feedback columns: French header, accepted spellings (compared without case, accents or spaces). */
const COLUMNS = {
  id: ["Identifiant unique de l'acte", 'Identifiant', "Identifiant de l'acte", 'Id acte', 'Acte'],
  outcome: ['Statut', 'Résultat', 'Etat', 'Retour'],
  reason: ['Motif', 'Message', 'Erreur', 'Commentaire', 'Motif du rejet'],
  actType: ['Type Acte', "Type d'acte"],
} as const;

const OUTCOME_WORDS: Record<string, FeedbackOutcome> = {
  accepte: 'accepted',
  valide: 'accepted',
  ok: 'accepted',
  erreur: 'error',
  enerreur: 'error',
  acorriger: 'error',
  rejet: 'rejected',
  rejete: 'rejected',
  refuse: 'rejected',
};

/**
 * Reads the feedback file's table (csv or xlsx, read by the file area's import readers): its
 * columns by name, each line's act id, outcome and reason. Every problem is reported with its
 * line number (the header is line 1), so the file can be corrected at once; a file with any
 * problem is imported not at all.
 */
export function parseFeedback(
  headers: string[],
  rows: { line: number; cells: string[] }[],
  platform = PLATFORM_SHORT_NAME,
): { lines: FeedbackLine[]; problems: FeedbackProblem[] } {
  const problems: FeedbackProblem[] = [];
  const keys = headers.map(normaliseHeader);
  const find = (names: readonly string[]) => keys.findIndex((k) => names.some((n) => normaliseHeader(n) === k));
  const col = {
    id: find(COLUMNS.id),
    outcome: find(COLUMNS.outcome),
    reason: find(COLUMNS.reason),
    actType: find(COLUMNS.actType),
  };
  if (col.id < 0) problems.push({ line: 1, message: `Colonne « ${COLUMNS.id[0]} » absente de la ligne d'en-tête.` });
  if (col.outcome < 0)
    problems.push({ line: 1, message: `Colonne « ${COLUMNS.outcome[0]} » absente de la ligne d'en-tête.` });
  if (problems.length) return { lines: [], problems };
  if (rows.length === 0)
    return { lines: [], problems: [{ line: null, message: 'Le fichier ne contient aucune ligne de retour.' }] };
  const lines: FeedbackLine[] = [];
  const seen = new Map<number, number>();
  for (const row of rows) {
    const cell = (i: number) => (i < 0 ? '' : (row.cells[i] ?? '').trim());
    const id = cell(col.id);
    const pk = actPk(id, platform);
    const outcome = OUTCOME_WORDS[normaliseHeader(cell(col.outcome))];
    if (id === '') problems.push({ line: row.line, message: "Identifiant de l'acte vide." });
    else if (pk === null)
      problems.push({
        line: row.line,
        message: `Identifiant d'acte « ${id} » invalide : attendu « ${actId(0, platform).replace(/0$/, '<numéro>')} ».`,
      });
    else if (seen.has(pk))
      problems.push({ line: row.line, message: `L'acte « ${id} » figure déjà ligne ${seen.get(pk)}.` });
    if (!outcome)
      problems.push({
        line: row.line,
        message: `Statut « ${cell(col.outcome)} » inconnu : attendu ACCEPTE, ERREUR ou REJETE.`,
      });
    if (pk !== null && !seen.has(pk)) seen.set(pk, row.line);
    if (pk !== null && outcome)
      lines.push({ line: row.line, actId: id, pk, outcome, reason: cell(col.reason), actType: cell(col.actType) });
  }
  return { lines: problems.length ? [] : lines, problems };
}

/** What the database knows of an action named by the file. */
export interface KnownAct {
  pk: number;
  folder: number;
  owningGroup: number;
  /** Its act type today (null: not an exported act). */
  actType: string | null;
}

export interface MatchedLine extends FeedbackLine {
  action: number | null;
  folder: number | null;
}

/**
 * Matches the file's lines to the actions by act id. An act of a structure the importer may not
 * see is a problem (an advisor cannot read, through a feedback file, a neighbour structure's
 * folders); an act that no longer exists (deleted since the export) is kept, unmatched.
 */
export function matchFeedback(
  lines: FeedbackLine[],
  known: Map<number, KnownAct>,
  structure: number,
): { lines: MatchedLine[]; problems: FeedbackProblem[] } {
  const problems: FeedbackProblem[] = [];
  const matched = lines.map((l): MatchedLine => {
    const act = known.get(l.pk);
    if (!act) return { ...l, action: null, folder: null };
    if (act.owningGroup !== structure) {
      problems.push({ line: l.line, message: `L'acte « ${l.actId} » n'appartient pas à la structure du retour.` });
      return { ...l, action: null, folder: null };
    }
    return { ...l, actType: l.actType || act.actType || '', action: act.pk, folder: act.folder };
  });
  return { lines: problems.length ? [] : matched, problems };
}

export interface FeedbackCounts {
  lineCount: number;
  acceptedCount: number;
  errorCount: number;
  rejectionCount: number;
  unmatchedCount: number;
}

export function feedbackCounts(lines: MatchedLine[]): FeedbackCounts {
  return {
    lineCount: lines.length,
    acceptedCount: lines.filter((l) => l.outcome === 'accepted').length,
    errorCount: lines.filter((l) => l.outcome === 'error').length,
    rejectionCount: lines.filter((l) => l.outcome === 'rejected').length,
    unmatchedCount: lines.filter((l) => l.action === null).length,
  };
}

export interface ComparisonRow {
  actType: string;
  /** Acts of the period the export holds today. */
  exported: number;
  errors: number;
  rejected: number;
  /** Exported acts the platform did not report in error or rejected. */
  accepted: number;
  /** Lines of the feedback naming an act the export does not hold (deleted, moved out of the period). */
  unknown: number;
}

/**
 * Per act type: what the export holds, what the platform reported in error or rejected, and what
 * it accepted. The platform's file lists the acts with a problem (an « ACCEPTE » line is
 * allowed but changes nothing): an exported act that the latest feedback does not report is
 * counted accepted. An act reported by several feedback files counts by the latest one.
 */
export function compareExportWithFeedback(
  exported: { pk: number; actType: string }[],
  feedback: { action: number | null; pk: number; outcome: FeedbackOutcome; actType: string }[],
): { rows: ComparisonRow[]; total: ComparisonRow } {
  const byType = new Map<string, ComparisonRow>();
  const row = (actType: string) => {
    let r = byType.get(actType);
    if (!r) byType.set(actType, (r = { actType, exported: 0, errors: 0, rejected: 0, accepted: 0, unknown: 0 }));
    return r;
  };
  const latest = new Map<number, FeedbackOutcome>();
  for (const f of feedback) latest.set(f.pk, f.outcome);
  const exportedPks = new Set<number>();
  for (const a of exported) {
    exportedPks.add(a.pk);
    const r = row(a.actType);
    r.exported++;
    const outcome = latest.get(a.pk);
    if (outcome === 'error') r.errors++;
    else if (outcome === 'rejected') r.rejected++;
    else r.accepted++;
  }
  const counted = new Set<number>();
  for (const f of feedback) {
    if (exportedPks.has(f.pk) || counted.has(f.pk)) continue;
    counted.add(f.pk);
    row(f.actType || '?').unknown++;
  }
  const rows = [...byType.values()].sort((a, b) => a.actType.localeCompare(b.actType, 'fr'));
  const total: ComparisonRow = { actType: 'Total', exported: 0, errors: 0, rejected: 0, accepted: 0, unknown: 0 };
  for (const r of rows)
    for (const k of ['exported', 'errors', 'rejected', 'accepted', 'unknown'] as const) total[k] += r[k];
  return { rows, total };
}
