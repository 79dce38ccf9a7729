import type { ImportColumn, ImportDeclaration } from '../schema/types';
import { normaliseHeader } from './normalise-header';

export interface HeaderMapping {
  /** For each file column, the mapping column it fills (null: an empty header, ignored). */
  columns: (ImportColumn | null)[];
  /** Required columns the file lacks (their French headers). */
  missing: string[];
  /** File headers the mapping does not know. */
  unknown: string[];
  /** Columns named twice in the file. */
  repeated: string[];
}

/**
 * The file's header line against the mapping: headers are compared without case, accents,
 * spaces or punctuation, aliases included. An unknown header is reported rather than ignored:
 * a misspelt « Adrese » would otherwise silently import every address as empty. A column also
 * answers to its property's title (`titles`), which is the header an export writes: a list
 * exported re-imports (« Numéro de téléphone » as well as the template's « Téléphone »).
 */
export function mapHeaders(
  headers: string[],
  mapping: ImportDeclaration,
  titles: Record<string, string> = {},
): HeaderMapping {
  const byKey = new Map<string, ImportColumn>();
  for (const c of mapping.columns) for (const h of [c.header, ...(c.aliases ?? [])]) byKey.set(normaliseHeader(h), c);
  for (const c of mapping.columns) {
    const title = titles[c.property];
    if (title && !byKey.has(normaliseHeader(title))) byKey.set(normaliseHeader(title), c);
  }
  const columns: (ImportColumn | null)[] = [];
  const unknown: string[] = [];
  const repeated: string[] = [];
  const seen = new Set<ImportColumn>();
  for (const h of headers) {
    const key = normaliseHeader(h);
    if (key === '') {
      columns.push(null);
      continue;
    }
    const c = byKey.get(key);
    if (!c) unknown.push(h.trim());
    else if (seen.has(c)) repeated.push(h.trim());
    if (c) seen.add(c);
    columns.push(c && !repeated.includes(h.trim()) ? c : null);
  }
  const missing = mapping.columns.filter((c) => c.required && !seen.has(c)).map((c) => c.header);
  return { columns, missing, unknown, repeated };
}
