import { plainTextOf } from '../html/plain-text';
import type { EntitySchema, PropertySchema } from './types';

// How a record is named to a person: in a notice (« Contact « Élodie Garnier » créé. »), a page
// title, a relation choice, a confirmation. `x-entity.label` lists the properties that make the
// name (a contact is its first and last name, where `display` — the one column a list sorts and
// searches by — is only the last name); without it the display property alone names the record.
// Values read as a person reads them: rich text as its words, a day as « 29 novembre 2026 », a
// coded value as its French label. Empty parts are left out; a record with none is « n° 12 ».

const MAX = 80;
const DAY = /^(\d{4})-(\d{2})-(\d{2})(T.*)?$/;
const dayFormat = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The properties that name a record of this entity, in order. */
export function labelProperties(schema: EntitySchema): string[] {
  const x = schema['x-entity'];
  return x.label?.length ? x.label : [x.display];
}

/** The label of a related record (its display value), when the caller has read it. */
export type RelatedLabel = (property: string, pk: number) => string | undefined;

function partOf(property: string, prop: PropertySchema | undefined, value: unknown, related?: RelatedLabel): string {
  if (value === null || value === undefined || value === '') return '';
  // A related record's number names nothing: its label, when the caller read it, or nothing.
  if (prop?.['x-relation']) return typeof value === 'number' ? (related?.(property, value) ?? '') : '';
  if (typeof value === 'string') {
    const coded = prop?.['x-enum-labels']?.[value];
    if (coded) return coded;
    if (value.includes('<')) return plainTextOf(value, MAX);
    const day = prop?.format === 'date' || prop?.format === 'date-time' ? DAY.exec(value) : null;
    if (day) {
      const date = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
      // « 1er » as French writes the first of a month.
      return dayFormat.format(date).replace(/^1 /, '1er ');
    }
    return value.trim();
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** The record's name from its properties and naming properties (the client has these from the entity's meta). */
export function labelFrom(
  properties: Record<string, PropertySchema>,
  label: readonly string[],
  record: Record<string, unknown>,
  related?: RelatedLabel,
): string {
  const text = label
    .map((p) => partOf(p, properties[p], record[p], related))
    .filter(Boolean)
    .join(' ');
  return text.length > MAX ? `${text.slice(0, MAX - 1).trimEnd()}…` : text;
}

/** The record's name as people read it, or '' when none of its naming properties has a value. */
export function recordLabel(schema: EntitySchema, record: Record<string, unknown>, related?: RelatedLabel): string {
  return labelFrom(schema.properties, labelProperties(schema), record, related);
}

/** The record's name, or « n° 12 » when it has none (a choice or a title is never empty). */
export function recordLabelOrNumber(schema: EntitySchema, record: Record<string, unknown>): string {
  return recordLabel(schema, record) || (record.pk !== undefined && record.pk !== null ? `n° ${record.pk}` : '');
}
