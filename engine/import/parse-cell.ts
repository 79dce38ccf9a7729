import type { ImportColumn, PropertySchema } from '../schema/types';
import { mainType } from '../schema/columns';
import { normaliseHeader } from './normalise-header';

/** Why a cell could not be read: a message key of the catalogue (import.reason.*) and its params. */
export interface CellProblem {
  key: string;
  params: Record<string, unknown>;
}

export type CellResult = { ok: true; value: unknown } | { ok: false; problem: CellProblem };

/** Related records by normalised label (several records may share one). */
export type RelationIndex = Map<string, number[]>;

const YES_NO: Record<string, boolean> = { oui: true, non: false, vrai: true, faux: false, true: true, false: false };
YES_NO['1'] = true;
YES_NO['0'] = false;

/** Text as a relation label is compared: without case or accents, spaces collapsed. */
export function normaliseLabel(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('fr').replace(/\s+/g, ' ').trim();
}

/** « 12,5 », « 1 234 », « 12.5 » → a number; anything else → undefined. */
export function frenchNumber(text: string): number | undefined {
  const s = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(s) ? Number(s) : undefined;
}

/** « 31/12/2026 » or « 2026-12-31 » → « 2026-12-31 ». */
export function frenchDate(text: string): string | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  const fr = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const parts = iso ? [iso[1], iso[2], iso[3]] : fr ? [fr[3], fr[2], fr[1]] : undefined;
  if (!parts) return undefined;
  const [y, m, d] = parts;
  const day = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const check = new Date(`${day}T12:00:00Z`);
  return !Number.isNaN(check.getTime()) && check.toISOString().startsWith(day) ? day : undefined;
}

const fail = (key: string, params: Record<string, unknown>): CellResult => ({ ok: false, problem: { key, params } });

/** One value (a cell, or one item of a list cell) for a property of this schema. */
function parseOne(
  prop: PropertySchema,
  text: string,
  column: ImportColumn,
  relation?: { index: RelationIndex; label: string; feminine?: boolean },
): CellResult {
  const mapped = column.values
    ? Object.entries(column.values).find(([k]) => normaliseHeader(k) === normaliseHeader(text))
    : undefined;
  if (mapped) return { ok: true, value: mapped[1] };
  if (relation) {
    const found = relation.index.get(normaliseLabel(text));
    if (found?.length === 1) return { ok: true, value: found[0] };
    if (found && found.length > 1)
      return fail('import.reason.ambiguous_relation', { value: text, label: relation.label });
    const key = relation.feminine ? 'import.reason.unknown_relation_feminine' : 'import.reason.unknown_relation';
    return fail(key, { value: text, label: relation.label });
  }
  const type = mainType(prop);
  if (type === 'boolean') {
    const v = YES_NO[normaliseHeader(text)];
    if (v === undefined) return fail('import.reason.unknown_value', { value: text, choices: '« Oui », « Non »' });
    return { ok: true, value: v };
  }
  if (prop.enum) {
    const labels = prop['x-enum-labels'] ?? {};
    const hit = prop.enum.find(
      (v) =>
        normaliseHeader(String(v)) === normaliseHeader(text) ||
        (labels[String(v)] !== undefined && normaliseHeader(labels[String(v)]) === normaliseHeader(text)),
    );
    if (hit === undefined)
      return fail('import.reason.unknown_value', {
        value: text,
        choices: prop.enum.map((v) => `« ${labels[String(v)] ?? String(v)} »`).join(', '),
      });
    return { ok: true, value: hit };
  }
  if (type === 'integer' || type === 'number') {
    const n = frenchNumber(text);
    if (n === undefined) return fail('import.reason.number', { value: text });
    return { ok: true, value: n };
  }
  if (prop.format === 'date') {
    const d = frenchDate(text);
    if (d === undefined) return fail('import.reason.date', { value: text });
    return { ok: true, value: d };
  }
  return { ok: true, value: text };
}

/**
 * A cell's text → the property's value, as the API would receive it. An empty cell gives
 * `undefined` (the record keeps its default). Type problems that the record validation would
 * word less clearly (« abc » for a number) are reported here; everything else (lengths, patterns,
 * required fields, relations' filters) is left to the generic validation of the create.
 */
export function parseCell(
  prop: PropertySchema,
  raw: string,
  column: ImportColumn,
  relation?: { index: RelationIndex; label: string; feminine?: boolean },
): CellResult {
  const text = raw.trim();
  if (text === '') return { ok: true, value: undefined };
  if (mainType(prop) === 'array') {
    const items = (prop.items as PropertySchema | undefined) ?? { type: 'string', title: prop.title };
    const values: unknown[] = [];
    for (const part of text.split(column.separator ?? ',')) {
      if (part.trim() === '') continue;
      const one = parseOne(items, part.trim(), column, relation);
      if (!one.ok) return one;
      values.push(one.value);
    }
    return { ok: true, value: values };
  }
  return parseOne(prop, text, column, relation);
}
