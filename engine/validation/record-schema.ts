import type { EffectiveEntity } from '../schema/apply-overlay';
import { fileRefSchema, isFileProperty } from '../files/file-ref';

/** Keywords that describe a value for people and screens and constrain nothing. */
const ANNOTATIONS = new Set(['title', 'description', 'default', 'readOnly']);

/** Integers are stored in 32-bit columns (PostgreSQL's integer): a value beyond them is refused, not a crash. */
export const INTEGER_MIN = -2_147_483_648;
export const INTEGER_MAX = 2_147_483_647;

function isIntegerType(type: unknown): boolean {
  return type === 'integer' || (Array.isArray(type) && type.includes('integer'));
}

/** A property's constraints: annotations and x-keywords dropped, nested items and properties alike. */
export function constraintsOf(prop: Record<string, unknown>): Record<string, unknown> {
  // A file property is checked as the reference it stores; its limits apply when the file arrives.
  if (isFileProperty(prop)) return fileRefSchema(prop.type as never);
  const out: Record<string, unknown> = {};
  if (isIntegerType(prop.type)) {
    out.minimum = Math.max(typeof prop.minimum === 'number' ? prop.minimum : INTEGER_MIN, INTEGER_MIN);
    out.maximum = Math.min(typeof prop.maximum === 'number' ? prop.maximum : INTEGER_MAX, INTEGER_MAX);
  }
  for (const [k, v] of Object.entries(prop)) {
    if (k.startsWith('x-') || ANNOTATIONS.has(k) || (isIntegerType(prop.type) && (k === 'minimum' || k === 'maximum')))
      continue;
    if (k === 'items' && v && typeof v === 'object') out.items = constraintsOf(v as Record<string, unknown>);
    // Content blocks: each kind of item is checked with its own constraints.
    else if (k === 'oneOf' && Array.isArray(v)) out.oneOf = v.map((o) => constraintsOf(o as Record<string, unknown>));
    else if (k === 'properties' && v && typeof v === 'object') {
      out.properties = Object.fromEntries(
        Object.entries(v as Record<string, Record<string, unknown>>).map(([n, p]) => [n, constraintsOf(p)]),
      );
    } else out[k] = v;
  }
  return out;
}

export interface RecordSchema {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
}

/**
 * The JSON Schema a record's values are checked against, for one effective entity: its properties
 * as GET /meta/entity sends them (private fields and those the white label hides left out), with
 * only the keywords that constrain. No `required`: validateRecord decides what is missing, with
 * the rules of "empty" that a schema cannot say. Server and browser build it from the same inputs,
 * so the same text comes out on both sides; a label or help change in an overlay leaves it alone.
 * Every keyword left here is compiled in AJV's strict mode: one the meta-schemas let through but
 * AJV does not know is an error, never silently ignored.
 */
export function recordSchema(entity: EffectiveEntity): RecordSchema {
  const properties: Record<string, Record<string, unknown>> = {};
  for (const [name, prop] of Object.entries(entity.schema.properties)) {
    if (prop['x-storage']?.private || entity.hidden.has(name)) continue;
    properties[name] = constraintsOf(prop);
  }
  return { type: 'object', properties };
}

/** What identifies a compiled validator: the schema's text (equal texts validate alike). */
export function schemaKey(schema: RecordSchema): string {
  return JSON.stringify(schema);
}
