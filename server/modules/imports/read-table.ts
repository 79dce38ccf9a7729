import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';

/** A file's cells as text: the header line and the data lines (spreadsheet row numbers kept). */
export interface FileTable {
  headers: string[];
  /** Data lines, with their line number in the file as a spreadsheet shows it (header = 1). */
  rows: { line: number; cells: string[] }[];
}

const XLSX_MAGIC = Buffer.from('PK\u0003\u0004', 'latin1');

export function isXlsx(body: Buffer): boolean {
  return body.subarray(0, 4).equals(XLSX_MAGIC);
}

/** « ; » (French spreadsheets) or « , »: whichever the header line holds more of, outside quotes. */
function delimiterOf(text: string): ';' | ',' {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const outside = firstLine.replace(/"[^"]*"/g, '');
  return (outside.match(/,/g)?.length ?? 0) > (outside.match(/;/g)?.length ?? 0) ? ',' : ';';
}

function dropEmpty(rows: { line: number; cells: string[] }[]) {
  return rows.filter((r) => r.cells.some((c) => c.trim() !== ''));
}

/** CSV in UTF-8 (a BOM is tolerated), « ; » or « , », quoted cells with line breaks allowed. */
export function readCsv(body: Buffer): FileTable {
  const text = body.toString('utf8');
  const records = parse(text, {
    bom: true,
    delimiter: delimiterOf(text.replace(/^\uFEFF/, '')),
    relax_column_count: true,
    skip_empty_lines: true,
    info: true,
  }) as unknown as { record: string[]; info: { lines: number } }[];
  if (records.length === 0) return { headers: [], rows: [] };
  const [head, ...rest] = records;
  return {
    headers: head.record,
    rows: dropEmpty(rest.map((r) => ({ line: r.info.lines, cells: r.record }))),
  };
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    // A date typed without a time is stored as midnight UTC: keep the day only.
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
  }
  return String(value);
}

/** The first sheet of an xlsx workbook. */
export async function readXlsx(body: Buffer): Promise<FileTable> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) return { headers: [], rows: [] };
  const lines: { line: number; cells: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell.value);
    });
    lines.push({ line, cells: Array.from(cells, (c) => c ?? '') });
  });
  if (lines.length === 0) return { headers: [], rows: [] };
  const [head, ...rest] = lines;
  return { headers: head.cells, rows: dropEmpty(rest) };
}
