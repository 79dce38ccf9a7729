import type { RJSFSchema, UiSchema } from '@rjsf/utils';

/** What the block editor needs per kind: its RJSF schema (without the `type` constant) and uiSchema. */
export interface BlockKind {
  type: string;
  title: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
}

/** The required fields of a block's kind that the block leaves empty (undefined, null or blank text). */
export function missingFields(schema: RJSFSchema, values: Record<string, unknown>): string[] {
  return (schema.required ?? []).filter((field) => {
    const v = values[field];
    return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
  });
}

/** The block with the form's values, its kind kept, empty inputs (undefined) left out. */
export function blockWith(type: string, values: Record<string, unknown>): { type: string; [k: string]: unknown } {
  return { ...Object.fromEntries(Object.entries(values).filter(([k, v]) => v !== undefined && k !== 'type')), type };
}

/** Whether two blocks hold the same values, whatever the order of their keys. */
export function sameBlock(a: object | undefined, b: object | undefined): boolean {
  const canon = (o: object | undefined) =>
    JSON.stringify(Object.entries(o ?? {}).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
  return canon(a) === canon(b);
}
