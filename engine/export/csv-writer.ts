// CSV as French spreadsheet software opens it (reference file-area §9): UTF-8 with a byte-order
// mark (without it Excel reads the file as Windows-1252 and « é » becomes « Ã© »), « ; » between
// cells (« , » is the decimal separator in fr-FR), CRLF line ends (RFC 4180).

export const BOM = '\uFEFF';
export const SEPARATOR = ';';
const LINE_END = '\r\n';

/**
 * Formula injection (CWE-1236): a cell starting with = + - @ (or a tab / carriage return, which
 * some software strips before reading the rest) is run as a formula by spreadsheet software, so a
 * record named `=HYPERLINK("http://evil", "clic")` would become a live link in the exported file.
 * Such a cell gets a leading apostrophe, which the spreadsheet shows as plain text. The cost: a
 * negative number written as text (« -3 ») would be prefixed too, so numbers are passed as
 * numbers and never guarded.
 */
export function guardFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** One cell: text guarded and quoted when it holds the separator, a quote or a line break. */
export function csvCell(value: string | number): string {
  const text = typeof value === 'number' ? String(value).replace('.', ',') : guardFormula(value);
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: (string | number)[]): string {
  return cells.map(csvCell).join(SEPARATOR) + LINE_END;
}

/** A whole file: BOM, header line, one line per row. */
export function toCsv(headers: string[], rows: (string | number)[][]): string {
  let out = BOM + csvLine(headers);
  for (const row of rows) out += csvLine(row);
  return out;
}
