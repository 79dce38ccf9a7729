import { toPascal } from '../../../engine/schema/naming';
import { slugify } from '../../../engine/format/slug';
import { parseFrenchNumber as parseNumber } from '../../lib/format';
import type { ExtraFieldSchema } from '../../../engine/schema/overlay-types';
import type { AddFieldOp } from './form-model';
import { wt } from './i18n';

/** The kinds of field an administrator may add (schemas/meta/overlay.meta.json, extraField). */
export const EXTRA_KINDS = [
  'text',
  'longText',
  'integer',
  'decimal',
  'boolean',
  'choice',
  'date',
  'email',
  'url',
] as const;
export type ExtraKind = (typeof EXTRA_KINDS)[number];

export interface ExtraDraft {
  label: string;
  help: string;
  kind: ExtraKind;
  required: boolean;
  minimum: string;
  maximum: string;
  maxLength: string;
  /** One choice per line. */
  choices: string;
  section: string;
}

export function emptyDraft(section: string): ExtraDraft {
  return {
    label: '',
    help: '',
    kind: 'text',
    required: false,
    minimum: '',
    maximum: '',
    maxLength: '',
    choices: '',
    section,
  };
}

export const hasBounds = (kind: ExtraKind) => kind === 'integer' || kind === 'decimal';
export const hasMaxLength = (kind: ExtraKind) =>
  kind === 'text' || kind === 'longText' || kind === 'email' || kind === 'url';

export function kindOf(schema: ExtraFieldSchema): ExtraKind {
  if (schema.enum) return 'choice';
  if (schema.type === 'integer') return 'integer';
  if (schema.type === 'number') return 'decimal';
  if (schema.type === 'boolean') return 'boolean';
  if (schema.format === 'textarea') return 'longText';
  if (schema.format === 'date') return 'date';
  if (schema.format === 'email') return 'email';
  if (schema.format === 'url') return 'url';
  return 'text';
}

export const kindLabel = (kind: ExtraKind) => wt(`white-labels.kind.${kind}`);

/** `x` + the label in PascalCase, unique among `taken` ("Accessibilité PMR" → xAccessibilitePmr). */
export function fieldNameFrom(label: string, taken: Set<string>): string {
  let stem = toPascal(slugify(label))
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 36);
  if (!/^[A-Z]/.test(stem)) stem = `Champ${stem}`.slice(0, 36);
  let name = `x${stem}`;
  for (let i = 2; taken.has(name); i += 1) name = `x${stem}${i}`;
  return name;
}

/** Stored values of a choice list: slugs of the labels, made unique. */
export function choiceValues(labels: string[]): string[] {
  const seen = new Set<string>();
  return labels.map((label, i) => {
    let v = slugify(label) || `choix-${i + 1}`;
    for (let n = 2; seen.has(v); n += 1) v = `${slugify(label) || 'choix'}-${n}`;
    seen.add(v);
    return v;
  });
}

/** The draft as an `addField` operation, or the French problems of each draft input. */
export function draftToOp(
  draft: ExtraDraft,
  taken: Set<string>,
): { op: AddFieldOp | null; errors: Partial<Record<keyof ExtraDraft, string>> } {
  const errors: Partial<Record<keyof ExtraDraft, string>> = {};
  const label = draft.label.trim();
  if (!label) errors.label = wt('validation.required');
  else if (label.length > 200) errors.label = wt('validation.max', { length: 200 });
  const schema: ExtraFieldSchema = { type: 'string', title: label };
  if (draft.help.trim()) schema.description = draft.help.trim();
  switch (draft.kind) {
    case 'longText':
      schema.format = 'textarea';
      break;
    case 'integer':
      schema.type = 'integer';
      break;
    case 'decimal':
      schema.type = 'number';
      break;
    case 'boolean':
      schema.type = 'boolean';
      schema.default = false;
      break;
    case 'date':
      schema.format = 'date';
      break;
    case 'email':
      schema.format = 'email';
      break;
    case 'url':
      schema.format = 'url';
      break;
    default:
      break;
  }
  if (hasBounds(draft.kind)) {
    const min = parseNumber(draft.minimum);
    const max = parseNumber(draft.maximum);
    const integer = draft.kind === 'integer';
    if (Number.isNaN(min) || (integer && min !== undefined && !Number.isInteger(min)))
      errors.minimum = wt(integer ? 'validation.integer' : 'validation.numeric');
    if (Number.isNaN(max) || (integer && max !== undefined && !Number.isInteger(max)))
      errors.maximum = wt(integer ? 'validation.integer' : 'validation.numeric');
    if (!errors.minimum && !errors.maximum && min !== undefined && max !== undefined && min > max)
      errors.maximum = wt('white-labels.add.bounds_order');
    if (min !== undefined && !Number.isNaN(min)) schema.minimum = min;
    if (max !== undefined && !Number.isNaN(max)) schema.maximum = max;
  }
  if (hasMaxLength(draft.kind) && draft.maxLength.trim()) {
    const n = parseNumber(draft.maxLength);
    if (n === undefined || Number.isNaN(n) || !Number.isInteger(n) || n < 1 || n > 10000)
      errors.maxLength = wt('white-labels.add.max_length_range');
    else schema.maxLength = n;
  }
  if (draft.kind === 'choice') {
    const labels = draft.choices
      .split('\n')
      .map((c) => c.trim())
      .filter(Boolean);
    if (labels.length === 0) errors.choices = wt('white-labels.add.choices_needed');
    else if (labels.length > 100) errors.choices = wt('white-labels.add.choices_too_many');
    else {
      const values = choiceValues(labels);
      schema.enum = values;
      schema['x-enum-labels'] = Object.fromEntries(values.map((v, i) => [v, labels[i]]));
    }
  }
  if (Object.keys(errors).length) return { op: null, errors };
  const op: AddFieldOp = { op: 'addField', field: fieldNameFrom(label, taken), section: draft.section, schema };
  if (draft.required) op.required = true;
  return { op, errors };
}
