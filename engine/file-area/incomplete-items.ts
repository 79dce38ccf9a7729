import type { PropertySchema } from '../schema/types';
import { mainType } from '../schema/columns';

/** A field a custom form adds to a record (its schema, and whether the form makes it mandatory). */
export interface CustomField {
  name: string;
  schema: PropertySchema;
  required: boolean;
}

const blank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/**
 * Whether one answer of a custom form fails (file-area reference 8.6, « custom-form field
 * validity »), for the field kinds custom forms add here: a mandatory answer missing; a number that
 * is not one or lies outside its bounds; a choice outside its list; too few or too many choices.
 * A missing optional answer is not a failure (the reference's « no custom data at all » rule for
 * text and date fields is not copied: it flagged every record created before its form existed).
 */
export function customFieldFails(field: CustomField, value: unknown): boolean {
  if (blank(value)) return field.required;
  const p = field.schema;
  const kind = mainType(p);
  if (kind === 'number' || kind === 'integer') {
    const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.replace(',', '.')) : NaN;
    if (!Number.isFinite(n) || (kind === 'integer' && !Number.isInteger(n))) return true;
    if (p.minimum !== undefined && n < p.minimum) return true;
    if (p.maximum !== undefined && n > p.maximum) return true;
    return false;
  }
  if (kind === 'array') {
    if (!Array.isArray(value)) return true;
    const choices = (p.items as PropertySchema | undefined)?.enum;
    if (choices && value.some((v) => !choices.includes(v as never))) return true;
    if (p.minItems !== undefined && value.length < p.minItems) return true;
    return p.maxItems !== undefined && value.length > p.maxItems;
  }
  if (p.enum) return !p.enum.includes(value as never);
  if (kind === 'boolean') return typeof value !== 'boolean';
  if (kind === 'string') {
    if (typeof value !== 'string') return true;
    if (p.format === 'date') return !/^\d{4}-\d{2}-\d{2}$/.test(value);
    return p.maxLength !== undefined && value.length > p.maxLength;
  }
  return false;
}

/**
 * The missing items of a contact or an organisation, in the reference's order (8.6): first the
 * failing answers of its custom forms (their titles, in the forms' order), then for a contact
 * « Courriel/Téléphone » when it can be reached neither by e-mail nor by phone. The fields that
 * programmes make mandatory (items 2 and 3) come with the follow-up engine (issue 11).
 */
export function missingItems(
  kind: 'contact' | 'organization',
  record: Record<string, unknown>,
  customFields: CustomField[] = [],
  answers: Record<string, unknown> = {},
): string[] {
  const out: string[] = [];
  for (const field of customFields)
    if (customFieldFails(field, answers[field.name])) out.push(field.schema.title ?? field.name);
  const none = (v: unknown) => typeof v !== 'string' || v.trim() === '';
  if (kind === 'contact' && none(record.email) && none(record.phone) && none(record.mobilePhone))
    out.push('Courriel/Téléphone');
  return out;
}
