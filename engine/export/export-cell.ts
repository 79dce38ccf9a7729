import type { PropertySchema } from '../schema/types';
import { mainType } from '../schema/columns';

/** A typed spreadsheet cell: text, a number, a yes/no, a date (a Date, shown with a French format). */
export type ExportCell = string | number | boolean | Date | null;

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' });
const dateOnly = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeZone: 'Europe/Paris' });

function toDate(v: string, dayOnly: boolean): Date | null {
  const d = new Date(dayOnly && v.length === 10 ? `${v}T12:00:00Z` : v);
  return Number.isNaN(d.getTime()) ? null : d;
}

function htmlText(v: string): string {
  return v
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A stored value as the list shows it, typed for a spreadsheet: booleans stay booleans (the CSV
 * writes « Oui »/« Non »), numbers stay numbers, dates become Dates, enum values their French
 * labels, relations the display labels of the records (`labels`, pk → label; a record the caller
 * may not see reads « n° 12 » as on the screen), lists are joined with « , ».
 */
export function exportCell(prop: PropertySchema | undefined, value: unknown, labels?: Map<number, string>): ExportCell {
  if (value === null || value === undefined || value === '') return null;
  if (Array.isArray(value) && value.length === 0) return null;
  if (!prop) return typeof value === 'object' ? JSON.stringify(value) : (value as string | number | boolean);
  if (prop['x-relation']) {
    const ids = (Array.isArray(value) ? value : [value]) as number[];
    return ids.map((id) => labels?.get(id) ?? `n° ${id}`).join(', ');
  }
  const type = mainType(prop);
  if (type === 'boolean') return Boolean(value);
  const enumLabels = prop['x-enum-labels'] ?? (prop.items as PropertySchema | undefined)?.['x-enum-labels'];
  if (Array.isArray(value)) return value.map((v) => enumLabels?.[String(v)] ?? String(v)).join(', ');
  if (enumLabels && typeof value === 'string') return enumLabels[value] ?? value;
  if ((prop.format === 'date-time' || prop.format === 'date') && typeof value === 'string')
    return toDate(value, prop.format === 'date') ?? value;
  if (prop.format === 'html' && typeof value === 'string') return htmlText(value);
  if (typeof value === 'number') return value;
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k} : ${String(v)}`)
      .join(' ; ');
  return String(value);
}

/** The cell as CSV text: « Oui »/« Non », dates in fr-FR (the day only for a date), numbers kept. */
export function csvText(prop: PropertySchema | undefined, cell: ExportCell): string | number {
  if (cell === null) return '';
  if (typeof cell === 'boolean') return cell ? 'Oui' : 'Non';
  if (cell instanceof Date) return (prop?.format === 'date' ? dateOnly : dateTime).format(cell);
  return cell;
}
