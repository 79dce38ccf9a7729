import type { ExtraFieldSchema, OverlayOp } from '../schema/overlay-types';

/** One input of a custom form, in the reference's form language (platform-entities §7.2). */
export interface CustomFormElement {
  type: 'TextField' | 'TextArea' | 'DateField' | 'NumberField' | 'SelectList' | 'Checkbox';
  id: string;
  label: string;
  helptext?: string;
  mandatory: boolean;
  minValue?: number;
  maxValue?: number;
  choices?: Record<string, string>;
  multiple?: boolean;
  default?: unknown;
}

export interface CustomFormDefinition {
  label: string;
  content: CustomFormElement[];
}

function elementType(schema: ExtraFieldSchema): CustomFormElement['type'] {
  if (schema.enum) return 'SelectList';
  if (schema.type === 'integer' || schema.type === 'number') return 'NumberField';
  if (schema.type === 'boolean') return 'Checkbox';
  if (schema.format === 'textarea') return 'TextArea';
  if (schema.format === 'date') return 'DateField';
  return 'TextField';
}

/**
 * A scoped overlay's added fields as the reference's form definition, for the clients that read
 * `GET /custom-forms/custom-form/{model}/{anchor}/`: the overlay is the source, this is a view.
 */
export function customFormDefinition(label: string, ops: readonly OverlayOp[]): CustomFormDefinition {
  const content: CustomFormElement[] = [];
  for (const o of ops) {
    if (o.op !== 'addField') continue;
    const s = o.schema;
    const element: CustomFormElement = { type: elementType(s), id: o.field, label: s.title, mandatory: !!o.required };
    if (s.description) element.helptext = s.description;
    if (s.minimum !== undefined) element.minValue = s.minimum;
    if (s.maximum !== undefined) element.maxValue = s.maximum;
    if (s.enum) {
      const labels = s['x-enum-labels'] ?? {};
      element.choices = Object.fromEntries(s.enum.map((v) => [String(v), labels[String(v)] ?? String(v)]));
      element.multiple = false;
    }
    if (s.default !== undefined) element.default = s.default;
    content.push(element);
  }
  return { label, content };
}
