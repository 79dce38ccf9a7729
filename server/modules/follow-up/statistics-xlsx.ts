import ExcelJS from 'exceljs';
import type { StatisticsAnswer } from './statistics';
import type { ActionRow } from './statistics-actions';
import { parisDate } from '../../../engine/time/paris-time';

const frDay = (day: string) => day.split('-').reverse().join('/');
const MONTHS = ['janv', 'févr', 'mars', 'avr', 'mai', 'juin', 'juil', 'août', 'sept', 'oct', 'nov', 'déc'];
const shortMonth = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1]}-${day.slice(2, 4)}`;
const BOLD = { bold: true };
const TITLE = { bold: true, size: 13 };

/** A structure's name as a file or sheet name part (9.4): spaces → `_`, no slashes, 27 characters + « ... » past 30. */
export function namePart(name: string): string {
  const clean = name.replace(/\s+/g, '_').replace(/[/\\?*[\]:]/g, '');
  return clean.length > 30 ? `${clean.slice(0, 27)}...` : clean;
}

/** `FAC_<structure>_statistics_<YYYY_MM_DD>.xlsx`, the structure only when one is selected (9.4). */
export function workbookName(stats: StatisticsAnswer, today = parisDate(Date.now())): string {
  const group = stats.groups.length === 1 ? `${namePart(stats.groups[0].name)}_` : '';
  return `FAC_${group}statistics_${today.replace(/-/g, '_')}.xlsx`;
}

/** A sheet name of at most 31 characters not yet in the book (two cut structure names may meet). */
function sheetName(book: ExcelJS.Workbook, wanted: string): string {
  const taken = new Set(book.worksheets.map((w) => w.name.toLowerCase()));
  let name = wanted.slice(0, 31);
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${wanted.slice(0, 31 - String(i).length - 1)}~${i}`;
  return name;
}

function heading(sheet: ExcelJS.Worksheet, stats: StatisticsAnswer, what: string, today: string): void {
  sheet.addRow([stats.groups.map((g) => g.name).join(' / ')]).font = BOLD;
  sheet.addRow([`${stats.project.name} : ${what}`]).font = TITLE;
  if (stats.period && stats.dateStart && stats.dateEnd)
    sheet.addRow([`Du ${frDay(stats.dateStart)} au ${frDay(stats.dateEnd)}`]);
  sheet.addRow([`Exporté le ${frDay(today)}`]);
  sheet.addRow([]);
}

/** « Statistiques » (9.4): per folder model, its statuses and the acts done. */
function statisticsSheet(book: ExcelJS.Workbook, name: string, stats: StatisticsAnswer, today: string): void {
  const sheet = book.addWorksheet(sheetName(book, name));
  heading(sheet, stats, 'statistiques', today);
  for (const model of stats.folderModels) {
    sheet.addRow([model.name]).font = TITLE;
    const objectives = model.hasStatusObjectives;
    sheet.addRow(
      ['Statut', 'Ont ce statut (sur la période)', '% du nb total', 'Cumul'].concat(
        objectives ? ['Objectifs', 'Avancement'] : [],
      ),
    ).font = BOLD;
    const first = model.statuses[0]?.nbCumulated ?? 0;
    for (const s of model.statuses) {
      const row = sheet.addRow([s.name, s.nbStatus, first ? s.nbStatus / first : 0, s.nbCumulated]);
      row.getCell(3).numFmt = '0.0%';
      if (objectives) {
        row.getCell(5).value = s.objective;
        row.getCell(6).value = s.progression === null ? null : s.progression / 100;
        row.getCell(6).numFmt = '0.0%';
      }
    }
    sheet.addRow([]);
    const actionObjectives = model.hasActionObjectives;
    sheet.addRow(['Actions réalisées', 'Total'].concat(actionObjectives ? ['Objectifs', 'Avancement'] : [])).font =
      BOLD;
    for (const c of model.categories) {
      const header = sheet.addRow([c.name]);
      header.font = { bold: true, italic: true };
      sheet.mergeCells(header.number, 1, header.number, actionObjectives ? 4 : 2);
      for (const a of c.actions) {
        const row = sheet.addRow([a.name, a.total]);
        if (actionObjectives) {
          row.getCell(3).value = a.objective;
          row.getCell(4).value = a.progression === null ? null : a.progression / 100;
          row.getCell(4).numFmt = '0.0%';
        }
      }
    }
    sheet.addRow([]);
  }
  sheet.getColumn(1).width = 50;
  for (const c of [2, 3, 4, 5, 6]) sheet.getColumn(c).width = 16;
}

/** « Suivi budget » (9.4): consumption, envelope, the monthly graph table, valued acts per model. */
function budgetSheet(book: ExcelJS.Workbook, name: string, stats: StatisticsAnswer, today: string): void {
  const budget = stats.budgetTracking!;
  const sheet = book.addWorksheet(sheetName(book, name));
  heading(sheet, stats, 'suivi budget actions', today);
  const at = today < budget.periodEnd ? today : budget.periodEnd;
  const total = stats.folderModels.reduce((s, m) => s + m.totalExpenses, 0);
  sheet.addRow([`Estimation de la consommation du budget actions au ${frDay(at)} :`, total]).getCell(2).numFmt =
    '#,##0.00 €';
  sheet.addRow(['Budget actions :', budget.totalEnvelope]).getCell(2).numFmt = '#,##0.00 €';
  sheet.addRow(['Consommation :', budget.percentExpenses / 100]).getCell(2).numFmt = '0.00%';
  sheet.addRow([]);
  sheet.addRow(['t', ...budget.graphData.map((p) => shortMonth(p.date))]);
  sheet.addRow(['€', ...budget.graphData.map((p) => p.cumulatedExpenses)]);
  sheet.addRow([]);
  for (const model of stats.folderModels) {
    sheet.addRow([model.name]).font = TITLE;
    sheet.addRow(['Action', 'Type de valorisation', 'Nombre', 'Valorisation unitaire', 'Total']).font = BOLD;
    for (const c of model.categories) {
      const header = sheet.addRow([c.name]);
      header.font = { bold: true, italic: true };
      sheet.mergeCells(header.number, 1, header.number, 5);
      for (const a of c.actions)
        for (const l of a.lines) {
          const row = sheet.addRow([a.name, l.label, l.quantity, l.unitValorisation]);
          // Nombre × unitaire as a formula (9.4), with the server's total as its cached result.
          row.getCell(5).value = { formula: `C${row.number}*D${row.number}`, result: l.totalValorisation };
          row.getCell(4).numFmt = '#,##0.00 €';
          row.getCell(5).numFmt = '#,##0.00 €';
        }
    }
    const sub = sheet.addRow([`Total ${model.name} :`, null, null, null, model.totalExpenses]);
    sub.font = BOLD;
    sub.getCell(5).numFmt = '#,##0.00 €';
    sheet.addRow([]);
  }
  sheet.getColumn(1).width = 50;
  for (const c of [2, 3, 4, 5]) sheet.getColumn(c).width = 20;
}

/**
 * The statistics workbook (reference 9.4): « Statistiques » and « Suivi budget » (when the budget
 * is tracked) for the whole selection, then the same per structure when several are selected.
 */
export async function statisticsWorkbook(
  stats: StatisticsAnswer,
  perGroup: StatisticsAnswer[],
  today = parisDate(Date.now()),
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Suivi des dossiers';
  statisticsSheet(book, 'Statistiques', stats, today);
  if (stats.budgetTracking) budgetSheet(book, 'Suivi budget', stats, today);
  if (stats.groups.length > 1)
    for (const one of perGroup) {
      const part = namePart(one.groups[0]?.name ?? '');
      statisticsSheet(book, `Stats_${part}`, one, today);
      if (one.budgetTracking) budgetSheet(book, `Budget_${part}`, one, today);
    }
  return Buffer.from(await book.xlsx.writeBuffer());
}

const ACTION_COLUMNS = [
  'Structure utilisatrice',
  'Nom',
  'Type',
  'Email',
  'Accepte de recevoir des newsletters',
  'Adresse',
  'Commune',
  'Code postal',
  'Nombre de contacts associés à la structure',
  'Référent',
  'Action réalisée',
  'Réalisée par',
  'Date de réalisation',
  'Contact concerné',
  'Poste du contact concerné',
  'Pièce jointe',
  'Champ libre',
];

/** « 02 avr 2020 » (9.4 « dd mmm yyyy »). */
const longDay = (day: string) => `${day.slice(8, 10)} ${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;

/** « Actions » (9.4): one row per done action of the selection in the range, by date; then its tags. */
function actionsSheet(
  book: ExcelJS.Workbook,
  name: string,
  stats: StatisticsAnswer,
  rows: ActionRow[],
  today: string,
): void {
  const sheet = book.addWorksheet(sheetName(book, name));
  heading(sheet, stats, 'actions', today);
  const most = Math.max(0, ...rows.map((r) => r.tags.length));
  sheet.addRow([...ACTION_COLUMNS, ...Array.from({ length: most }, (_, i) => `Tag ${i + 1}`)]).font = BOLD;
  for (const r of rows)
    sheet.addRow([
      r.group,
      r.name,
      r.type,
      r.email,
      r.newsletters,
      r.address,
      r.town,
      r.zipcode,
      r.members,
      r.referents,
      r.action,
      r.doneBy,
      r.date ? longDay(r.date) : '',
      r.contact,
      r.contactTitle,
      r.attachment,
      r.message,
      ...r.tags,
    ]);
  for (const c of [1, 2, 11]) sheet.getColumn(c).width = 30;
}

/** `FAC_<structure>_actions_<YYYY_MM_DD>.xlsx` (9.4). */
export function actionsWorkbookName(stats: StatisticsAnswer, today = parisDate(Date.now())): string {
  return workbookName(stats, today)
    .replace('_statistics_', '_actions_')
    .replace(/^FAC_statistics_/, 'FAC_actions_');
}

/**
 * The actions workbook (9.4, « export_type=actions »): « Actions » for the whole selection, then
 * `Actions_<structure>` per structure when several are selected.
 */
export async function actionsWorkbook(
  stats: StatisticsAnswer,
  rows: ActionRow[],
  today = parisDate(Date.now()),
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Suivi des dossiers';
  actionsSheet(book, 'Actions', stats, rows, today);
  if (stats.groups.length > 1)
    for (const g of stats.groups)
      actionsSheet(
        book,
        `Actions_${namePart(g.name)}`,
        { ...stats, groups: [g] },
        rows.filter((r) => r.group === g.name),
        today,
      );
  return Buffer.from(await book.xlsx.writeBuffer());
}
