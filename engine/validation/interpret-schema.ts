import { FORMATS } from './formats';

/**
 * A JSON Schema validator for the subset that entity properties use (types, formats, lengths,
 * bounds, patterns, enums, lists, nested objects). It interprets the schema instead of
 * generating code, so it runs under a strict Content-Security-Policy (no eval) and is the same
 * code in the browser and on the server. Errors have AJV's shape, so one mapping serves both.
 */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

type Schema = Record<string, unknown>;

const patterns = new Map<string, RegExp>();
function regex(source: string): RegExp {
  let r = patterns.get(source);
  if (!r) {
    r = new RegExp(source, 'u');
    patterns.set(source, r);
  }
  return r;
}

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function matchesType(v: unknown, type: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  const actual = typeOf(v);
  return types.some((t) => t === actual || (t === 'number' && actual === 'integer'));
}

function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function interpretSchema(schema: Schema, value: unknown, path = '', errors: SchemaError[] = []): SchemaError[] {
  const push = (keyword: string, params: Record<string, unknown> = {}) => errors.push({ keyword, instancePath: path, params });
  if (schema.type !== undefined && !matchesType(value, schema.type)) {
    push('type', { type: schema.type });
    return errors;
  }
  if (schema.const !== undefined && !deepEqual(schema.const, value)) push('const', { allowedValue: schema.const });
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => deepEqual(e, value))) push('enum', { allowedValues: schema.enum });
  if (Array.isArray(schema.oneOf)) {
    const matching = (schema.oneOf as Schema[]).filter((s) => interpretSchema(s, value, path).length === 0).length;
    if (matching !== 1) push('oneOf', { passingSchemas: matching });
  }
  if (Array.isArray(schema.anyOf) && !(schema.anyOf as Schema[]).some((s) => interpretSchema(s, value, path).length === 0)) push('anyOf');
  if (typeof value === 'string') {
    const length = [...value].length;
    if (typeof schema.maxLength === 'number' && length > schema.maxLength) push('maxLength', { limit: schema.maxLength });
    if (typeof schema.minLength === 'number' && length < schema.minLength) push('minLength', { limit: schema.minLength });
    if (typeof schema.pattern === 'string' && !regex(schema.pattern).test(value)) push('pattern', { pattern: schema.pattern });
    const test = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
    if (test && !test(value)) push('format', { format: schema.format });
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) push('type', { type: schema.type ?? 'number' });
    if (typeof schema.maximum === 'number' && value > schema.maximum) push('maximum', { limit: schema.maximum, comparison: '<=' });
    if (typeof schema.minimum === 'number' && value < schema.minimum) push('minimum', { limit: schema.minimum, comparison: '>=' });
    if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum) push('exclusiveMaximum', { limit: schema.exclusiveMaximum });
    if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) push('exclusiveMinimum', { limit: schema.exclusiveMinimum });
  }
  if (Array.isArray(value)) {
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) push('maxItems', { limit: schema.maxItems });
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) push('minItems', { limit: schema.minItems });
    if (schema.uniqueItems === true && new Set(value.map((v) => JSON.stringify(v))).size !== value.length) push('uniqueItems');
    if (schema.items && typeof schema.items === 'object') value.forEach((v, i) => interpretSchema(schema.items as Schema, v, `${path}/${i}`, errors));
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    const props = (schema.properties ?? {}) as Record<string, Schema>;
    for (const r of (schema.required as string[] | undefined) ?? []) if (obj[r] === undefined) push('required', { missingProperty: r });
    for (const [k, v] of Object.entries(obj)) {
      if (props[k]) interpretSchema(props[k], v, `${path}/${k}`, errors);
      else if (schema.additionalProperties === false) push('additionalProperties', { additionalProperty: k });
    }
  }
  return errors;
}
