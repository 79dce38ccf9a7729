import ExcelJS from 'exceljs';
import type { Pivot } from './pivot';

/**
 * The pivot as a spreadsheet: a title line, the table with real numbers (so that the spreadsheet
 * computes with them), the row and column totals as the server counted them (distinct folders
 * do not add up, so they are not spreadsheet sums).
 */
export async function pivotWorkbook(p: Pivot, titles: { title: string; rows: string; measure: string }) {
  const book = new ExcelJS.Workbook();
  book.creator = 'Suivi des dossiers';
  const sheet = book.addWorksheet('Tableau croisé');
  sheet.addRow([titles.title]).font = { bold: true, size: 13 };
  sheet.addRow([]);
  const many = p.cols !== null;
  const header = sheet.addRow([titles.rows, ...p.colHeaders.map((h) => h.label), ...(many ? ['Total'] : [])]);
  header.font = { bold: true };
  p.rowHeaders.forEach((h, i) => sheet.addRow([h.label, ...p.cells[i], ...(many ? [p.rowTotals[i]] : [])]));
  const totals = sheet.addRow(['Total', ...p.colTotals, ...(many ? [p.total] : [])]);
  totals.font = { bold: true };
  sheet.getColumn(1).width = 40;
  for (let c = 2; c <= p.colHeaders.length + 2; c += 1) {
    sheet.getColumn(c).width = 16;
    if (p.measure === 'cost') sheet.getColumn(c).numFmt = '#,##0.00 "€"';
  }
  sheet.views = [{ state: 'frozen', xSplit: 1, ySplit: 3 }];
  return Buffer.from(await book.xlsx.writeBuffer());
}
