import ExcelJS from 'exceljs';
import type { Statistics } from './statistics';

const GROUPING_TITLES: Record<Statistics['groupBy'], string> = {
  reason: 'Motif de rendez-vous',
  place: 'Lieu',
  advisor: 'Conseiller',
  month: 'Mois',
};

const frDay = (day: string) => day.split('-').reverse().join('/');

/**
 * The statistics as a spreadsheet: a title line, the table with real numbers (the rate as a
 * percentage cell, so that the spreadsheet can compute with it) and the totals.
 */
export async function statisticsWorkbook(stats: Statistics, groupName: string | null): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'DialogWatt';
  const sheet = book.addWorksheet('Statistiques');
  sheet.addRow([
    `Rendez-vous du ${frDay(stats.from)} au ${frDay(stats.to)}${groupName ? ` — ${groupName}` : ''}`,
  ]).font = { bold: true, size: 13 };
  sheet.addRow([]);
  const header = sheet.addRow([GROUPING_TITLES[stats.groupBy], 'Rendez-vous', 'Honorés', 'Taux honoré']);
  header.font = { bold: true };
  for (const r of stats.rows) sheet.addRow([r.label, r.count, r.honoured, r.honouredRate]);
  const totals = sheet.addRow(['Total', stats.totals.count, stats.totals.honoured, stats.totals.honouredRate]);
  totals.font = { bold: true };
  sheet.getColumn(1).width = 40;
  for (const c of [2, 3, 4]) sheet.getColumn(c).width = 14;
  sheet.getColumn(4).numFmt = '0.0%';
  sheet.views = [{ state: 'frozen', ySplit: 3 }];
  return Buffer.from(await book.xlsx.writeBuffer());
}
