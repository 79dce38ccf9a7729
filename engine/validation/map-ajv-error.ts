import { FORMAT_CODES } from './formats';

/** A schema error as AJV reports it: the fields the mapping reads. */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

type ErrorObject = SchemaError;

const TYPE_CODES: Record<string, string> = {
  integer: 'integer',
  number: 'numeric',
  boolean: 'boolean',
  string: 'string',
  array: 'array',
  object: 'object',
};

/** AJV error → the field it belongs to ("theme.primary"; list items report on the list). */
export function errorPath(e: ErrorObject): string {
  const parts = e.instancePath
    .split('/')
    .slice(1)
    .filter((p) => !/^\d+$/.test(p));
  return parts.join('.');
}

/** AJV error → the catalogue's code and params (spec 01 §5 rule names where they exist). */
export function errorCode(
  e: ErrorObject,
  schema: { minLength?: number; maxLength?: number } = {},
): { code: string; params: Record<string, unknown> } {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'type': {
      const t = Array.isArray(p.type) ? (p.type as string[]).find((x) => x !== 'null') : (p.type as string);
      return { code: TYPE_CODES[t ?? ''] ?? 'default', params: {} };
    }
    case 'format':
      return { code: FORMAT_CODES[p.format as string] ?? 'default', params: {} };
    case 'maxLength':
      return schema.minLength === schema.maxLength
        ? { code: 'length', params: { length: p.limit } }
        : { code: 'max', params: { length: p.limit } };
    case 'minLength':
      return schema.minLength === schema.maxLength
        ? { code: 'length', params: { length: p.limit } }
        : { code: 'min', params: { length: p.limit } };
    case 'maximum':
    case 'exclusiveMaximum':
      return { code: 'max_value', params: { max: p.limit } };
    case 'minimum':
    case 'exclusiveMinimum':
      return { code: 'min_value', params: { min: p.limit } };
    case 'enum':
    case 'const':
    case 'oneOf':
    case 'anyOf':
      return { code: 'enum', params: {} };
    case 'pattern':
      return { code: 'pattern', params: {} };
    case 'minItems':
      return { code: 'min_items', params: { limit: p.limit } };
    case 'maxItems':
      return { code: 'max_items', params: { limit: p.limit } };
    case 'uniqueItems':
      return { code: 'unique_items', params: {} };
    case 'required':
      return { code: 'required', params: {} };
    case 'additionalProperties':
      return { code: 'unknown_field', params: { field: p.additionalProperty } };
    case 'unverifiable':
      return { code: 'unverifiable', params: {} };
    default:
      return { code: 'default', params: {} };
  }
}
