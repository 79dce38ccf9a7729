import { evaluate, expandRoles, truthy } from './logic';
import type { Rule } from '../schema/types';

/**
 * A row filter: what a rights rule says about records once everything that does not depend on
 * the record (the user, the white label) has been evaluated. The server turns it into SQL.
 */
export type Filter =
  | boolean
  | { and: Filter[] }
  | { or: Filter[] }
  | { not: Filter }
  | { cmp: '=' | '!=' | '<' | '<=' | '>' | '>='; field: string; value: unknown }
  | { inList: string; values: unknown[] }
  | { contains: string; value: unknown }
  /**
   * The field is truthy as json-logic says: not null, false, 0, "" or an empty list (an object, even empty, is
   * truthy).
   */
  | { truthy: string }
  /**
   * Some record of another entity points at this one through its `link` (an integer relation) and passes `where`
   * (a filter on that record): `{"related": [entity, link, rule]}` (docs: schemas/README.md, « Rules on relations »).
   */
  | { related: { entity: string; link: string; where: Filter } };

export class UnsupportedFilterError extends Error {}

type Part = { kind: 'const'; value: unknown } | { kind: 'field'; name: string } | { kind: 'filter'; filter: Filter };

/** Stands for a sub-rule that depends on the record in a way SQL cannot express (lenient mode). */
const UNKNOWN: Filter = { truthy: '\u0000unknown' };

const RECORD = 'record.';

/**
 * `{"related": [entity, link, rule]}`: its arguments, checked for shape (the declarations check that the entity and
 * the link exist). The rule reads the related record as `record`; omitted, any related record will do.
 */
export function relatedArgs(arg: unknown): { entity: string; link: string; where: unknown } {
  const [entity, link, where = true] = Array.isArray(arg) ? arg : [];
  if (typeof entity !== 'string' || typeof link !== 'string')
    throw new UnsupportedFilterError('"related" needs an entity name, a link property and a rule');
  return { entity, link, where };
}

function asFilter(p: Part): Filter {
  if (p.kind === 'const') return Boolean(p.value);
  if (p.kind === 'field') return { truthy: p.name };
  return p.filter;
}

function and(filters: Filter[]): Filter {
  const kept: Filter[] = [];
  for (const f of filters) {
    if (f === false) return false;
    if (f !== true) kept.push(f);
  }
  if (kept.length === 0) return true;
  return kept.length === 1 ? kept[0] : { and: kept };
}

function or(filters: Filter[]): Filter {
  const kept: Filter[] = [];
  for (const f of filters) {
    if (f === true) return true;
    if (f !== false) kept.push(f);
  }
  if (kept.length === 0) return false;
  return kept.length === 1 ? kept[0] : { or: kept };
}

function not(f: Filter): Filter {
  if (typeof f === 'boolean') return !f;
  return { not: f };
}

const FLIP: Record<string, '<' | '<=' | '>' | '>='> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

function compare(op: string, a: Part, b: Part): Part {
  const sqlOp = op === '==' || op === '===' ? '=' : op === '!=' || op === '!==' ? '!=' : op;
  if (a.kind === 'field' && b.kind === 'const')
    return { kind: 'filter', filter: { cmp: sqlOp as '=', field: a.name, value: b.value } };
  if (a.kind === 'const' && b.kind === 'field') {
    const flipped = FLIP[sqlOp] ?? sqlOp;
    return { kind: 'filter', filter: { cmp: flipped as '=', field: b.name, value: a.value } };
  }
  throw new UnsupportedFilterError(`cannot compile ${op} between these operands`);
}

/**
 * A `missing`/`missing_some` argument naming record fields reads the record too (json-logic looks them up in the
 * data).
 */
function namesRecordField(arg: unknown): boolean {
  const names = Array.isArray(arg) ? arg.flat(2) : [arg];
  return names.some((n) => typeof n === 'string' && n.startsWith(RECORD));
}

function readsRecord(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(readsRecord);
  if (node === null || typeof node !== 'object') return false;
  return Object.entries(node).some(([op, arg]) => {
    // Which records point at this one depends on this record (its pk).
    if (op === 'related') return true;
    if (op === 'var') {
      const path = Array.isArray(arg) ? arg[0] : arg;
      return typeof path === 'string' && path.startsWith(RECORD);
    }
    if (op === 'missing' || op === 'missing_some') return namesRecordField(arg) || readsRecord(arg);
    return readsRecord(arg);
  });
}

function part(node: unknown, data: Record<string, unknown>, lenient = false): Part {
  try {
    return strictPart(node, data, lenient);
  } catch (e) {
    if (lenient && e instanceof UnsupportedFilterError) return { kind: 'filter', filter: UNKNOWN };
    throw e;
  }
}

function strictPart(node: unknown, data: Record<string, unknown>, lenient: boolean): Part {
  if (node === null || typeof node !== 'object') return { kind: 'const', value: node };
  if (Array.isArray(node)) {
    const parts = node.map((n) => part(n, data, lenient));
    if (parts.every((p) => p.kind === 'const'))
      return { kind: 'const', value: parts.map((p) => (p as { value: unknown }).value) };
    throw new UnsupportedFilterError('lists mixing record fields are not supported');
  }
  if (!readsRecord(node)) return { kind: 'const', value: evaluate(node as Rule, data) };
  const [op] = Object.keys(node);
  const raw = (node as Record<string, unknown>)[op];
  if (op === 'related') {
    const { entity, link, where } = relatedArgs(raw);
    // The inner rule is about the related record: its `record.` fields are that record's.
    const inner = asFilter(part(where, data, lenient));
    if (inner === false) return { kind: 'const', value: false };
    return { kind: 'filter', filter: { related: { entity, link, where: inner } } };
  }
  const args = Array.isArray(raw) ? raw : [raw];
  if (op === 'var') {
    const path = args[0];
    if (typeof path === 'string' && path.startsWith(RECORD)) {
      const name = path.slice(RECORD.length);
      if (name.includes('.')) throw new UnsupportedFilterError(`nested record path ${path}`);
      // A default ({"var": ["record.x", 0]}) would replace only a missing key, not a NULL column.
      if (args.length > 1) throw new UnsupportedFilterError(`a default value for ${path}`);
      return { kind: 'field', name };
    }
    return { kind: 'const', value: evaluate(node as Rule, data) };
  }
  if ((op === 'missing' || op === 'missing_some') && namesRecordField(raw)) {
    throw new UnsupportedFilterError(`"${op}" on record fields`);
  }
  const parts = args.map((a) => part(a, data, lenient));
  if (parts.every((p) => p.kind === 'const')) {
    return {
      kind: 'const',
      value: evaluate({ [op]: parts.map((p) => (p as { value: unknown }).value) } as Rule, data),
    };
  }
  switch (op) {
    case 'and':
      return { kind: 'filter', filter: and(parts.map(asFilter)) };
    case 'or':
      return { kind: 'filter', filter: or(parts.map(asFilter)) };
    case '!':
      return { kind: 'filter', filter: not(asFilter(parts[0])) };
    case '!!':
      return { kind: 'filter', filter: asFilter(parts[0]) };
    case '<':
    case '<=':
      // json-logic's "between": {"<": [a, b, c]} is a < b and b < c.
      if (parts.length === 3)
        return {
          kind: 'filter',
          filter: and([asFilter(compare(op, parts[0], parts[1])), asFilter(compare(op, parts[1], parts[2]))]),
        };
      if (parts.length !== 2) throw new UnsupportedFilterError(`${op} with ${parts.length} operands`);
      return compare(op, parts[0], parts[1]);
    case '==':
    case '===':
    case '!=':
    case '!==':
    case '>':
    case '>=':
      if (parts.length !== 2) throw new UnsupportedFilterError(`${op} with ${parts.length} operands`);
      return compare(op, parts[0], parts[1]);
    case 'in': {
      const [a, b] = parts;
      if (a.kind === 'const' && b.kind === 'field')
        return { kind: 'filter', filter: { contains: b.name, value: a.value } };
      if (a.kind === 'field' && b.kind === 'const' && Array.isArray(b.value))
        return { kind: 'filter', filter: { inList: a.name, values: b.value } };
      throw new UnsupportedFilterError('"in" needs a value and a list, one of them a record field');
    }
    case 'intersects': {
      const [a, b] = parts;
      if (a.kind === 'field' && b.kind === 'const' && Array.isArray(b.value)) {
        return { kind: 'filter', filter: or(b.value.map((v) => ({ contains: a.name, value: v }))) };
      }
      throw new UnsupportedFilterError('"intersects" needs a record list field and a list');
    }
    default:
      throw new UnsupportedFilterError(`operator ${op} cannot be applied to record fields in a list filter`);
  }
}

/**
 * Turns a rights rule into a row filter for a given user/white label: `true` (every row),
 * `false` (none) or a filter on record fields. Rules outside the compilable subset are
 * rejected with UnsupportedFilterError, never partially applied.
 */
export function compileFilter(rule: Rule | undefined, data: { user: unknown; whiteLabel?: unknown }): Filter {
  if (rule === undefined || typeof rule === 'boolean') return rule ?? true;
  return asFilter(part(expandRoles(rule), data as Record<string, unknown>));
}

/**
 * Whether a rule can hold for some record, given the user: false only when it certainly cannot
 * (e.g. "may this user ever create a place?"). Parts that SQL cannot express count as possible.
 */
export function couldHold(rule: Rule | undefined, data: { user: unknown; whiteLabel?: unknown }): boolean {
  if (rule === undefined || typeof rule === 'boolean') return rule ?? true;
  return asFilter(part(expandRoles(rule), data as Record<string, unknown>, true)) !== false;
}

/** Evaluates a filter against one record, e.g. for a record that is not in the database yet. */
export function matchesFilter(filter: Filter, record: Record<string, unknown>): boolean {
  if (typeof filter === 'boolean') return filter;
  if ('and' in filter) return filter.and.every((f) => matchesFilter(f, record));
  if ('or' in filter) return filter.or.some((f) => matchesFilter(f, record));
  if ('not' in filter) return !matchesFilter(filter.not, record);
  if ('truthy' in filter) return truthy(record[filter.truthy]);
  if ('contains' in filter) {
    const v = record[filter.contains];
    return Array.isArray(v) && v.includes(filter.value);
  }
  if ('inList' in filter) return filter.values.includes(record[filter.inList]);
  // Other records are not at hand here (a record not yet stored has none pointing at it).
  if ('related' in filter) return false;
  const v = record[filter.field] as number | string;
  const w = filter.value as number | string;
  switch (filter.cmp) {
    case '=':
      return w === null ? v === null || v === undefined : v == w;
    case '!=':
      return w === null ? v !== null && v !== undefined : v != w;
    case '<':
      return v < w;
    case '<=':
      return v <= w;
    case '>':
      return v > w;
    case '>=':
      return v >= w;
  }
}
