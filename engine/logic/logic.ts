import jsonLogic from 'json-logic-js';
import type { Rule } from '../schema/types';

// One shared json-logic instance for the whole application (browser and server), with a
// whitelisted operator set. Custom operators are added here and nowhere else.

export const CUSTOM_OPERATORS = ['role', 'subset', 'intersects', 'date', 'localDay', 'daysAgo', 'related'] as const;

export const ALLOWED_OPERATORS = new Set<string>([
  'var',
  'missing',
  'missing_some',
  'if',
  '?:',
  '==',
  '===',
  '!=',
  '!==',
  '!',
  '!!',
  'or',
  'and',
  '>',
  '>=',
  '<',
  '<=',
  'max',
  'min',
  '+',
  '-',
  '*',
  '/',
  '%',
  'in',
  'cat',
  'substr',
  'merge',
  'some',
  'all',
  'none',
  'map',
  'filter',
  'reduce',
  ...CUSTOM_OPERATORS,
]);

let installed = false;
function install(): void {
  if (installed) return;
  installed = true;
  // Every element of the first list is in the second one.
  jsonLogic.add_operation(
    'subset',
    (a: unknown, b: unknown) => Array.isArray(a) && Array.isArray(b) && a.length > 0 && a.every((x) => b.includes(x)),
  );
  // At least one element of the first list is in the second one.
  jsonLogic.add_operation(
    'intersects',
    (a: unknown, b: unknown) => Array.isArray(a) && Array.isArray(b) && a.some((x) => b.includes(x)),
  );
  // ISO date text → epoch milliseconds, so that dates compare whatever their written form.
  jsonLogic.add_operation('date', (v: unknown) => {
    if (typeof v !== 'string' || v === '') return null;
    const t = Date.parse(v);
    return Number.isNaN(t) ? null : t;
  });
  // ISO date text → its calendar day (YYYY-MM-DD) on the platform's wall clock (Europe/Paris),
  // so that "same day" rules hold for what people read, on every side of a DST change.
  jsonLogic.add_operation('localDay', (v: unknown) => {
    if (typeof v !== 'string' || v === '') return null;
    const t = Date.parse(v);
    return Number.isNaN(t) ? null : PARIS_DAY.format(t);
  });
  // The instant N days before now, as ISO text: it reads no record, so a list filter compiles it to a constant that
  // SQL compares with a stored date-time (ISO text on both databases), e.g. « not updated for a year ».
  jsonLogic.add_operation('daysAgo', (n: unknown) => {
    const days = typeof n === 'number' ? n : Number(n);
    if (!Number.isFinite(days)) return null;
    return new Date(Date.now() - days * 86_400_000).toISOString();
  });
  // `{"related": [entity, link, rule]}` needs the database: the server resolves it before evaluating
  // (server/operations/related-rule.ts) and lists compile it to SQL; anywhere else it does not hold.
  jsonLogic.add_operation('related', () => false);
}

/** en-CA writes dates as YYYY-MM-DD. */
const PARIS_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const expanded = new WeakMap<object, Rule>();

/**
 * `{"role": ["staff", "manager"]}` reads as "the user has one of these roles". json-logic
 * operators only see their arguments, not the data, so the shorthand is rewritten into plain
 * json-logic on `user.roles` before evaluation (memoised per rule object).
 */
export function expandRoles(rule: unknown): unknown {
  if (Array.isArray(rule)) return rule.map(expandRoles);
  if (rule === null || typeof rule !== 'object') return rule;
  const cached = expanded.get(rule);
  if (cached !== undefined) return cached;
  const [op] = Object.keys(rule);
  const arg = (rule as Record<string, unknown>)[op];
  let out: unknown;
  if (op === 'role') {
    const names = (Array.isArray(arg) ? arg : [arg]) as string[];
    const tests = names.map((n) => ({ in: [n, { var: 'user.roles' }] }));
    out = tests.length === 1 ? tests[0] : { or: tests };
  } else {
    out = { [op]: expandRoles(arg) };
  }
  expanded.set(rule, out as Rule);
  return out;
}

export function evaluate(rule: Rule | undefined, data: unknown): unknown {
  install();
  if (rule === undefined) return true;
  if (typeof rule === 'boolean') return rule;
  return jsonLogic.apply(expandRoles(rule) as jsonLogic.RulesLogic, data as Record<string, unknown>);
}

/** json-logic's truthiness: an empty list is false (JavaScript's Boolean says true). */
export function truthy(value: unknown): boolean {
  return jsonLogic.truthy(value);
}

export function holds(rule: Rule | undefined, data: unknown): boolean {
  return truthy(evaluate(rule, data));
}

/** Operators used by a rule, to check declarations against the whitelist. */
export function operatorsOf(rule: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(rule)) rule.forEach((r) => operatorsOf(r, out));
  else if (rule && typeof rule === 'object') {
    for (const [op, arg] of Object.entries(rule)) {
      out.add(op);
      operatorsOf(arg, out);
    }
  }
  return out;
}

/**
 * `var` paths read by a rule (e.g. "record.group", "user.roles"). The rule of a `related` node reads another
 * entity's record: its paths are not the rule's own (`relatedNodes` gives them).
 */
export function varsOf(rule: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(rule)) rule.forEach((r) => varsOf(r, out));
  else if (rule && typeof rule === 'object') {
    for (const [op, arg] of Object.entries(rule)) {
      if (op === 'related') continue;
      if (op === 'var') {
        const path = Array.isArray(arg) ? arg[0] : arg;
        if (typeof path === 'string') out.add(path);
      } else varsOf(arg, out);
    }
  }
  return out;
}

/** The arguments of a rule's `related` nodes, not those within them (their own rules are about other records). */
export function relatedNodes(rule: unknown, out: unknown[] = []): unknown[] {
  if (Array.isArray(rule)) rule.forEach((r) => relatedNodes(r, out));
  else if (rule && typeof rule === 'object') {
    for (const [op, arg] of Object.entries(rule)) {
      if (op === 'related') out.push(arg);
      else relatedNodes(arg, out);
    }
  }
  return out;
}

const hasRelated = new WeakMap<object, boolean>();

/** Whether a rule reads other records (`related`), memoised per rule object. */
export function readsRelated(rule: Rule | undefined): boolean {
  if (rule === undefined || typeof rule === 'boolean') return false;
  let known = hasRelated.get(rule);
  if (known === undefined) hasRelated.set(rule, (known = relatedNodes(rule).length > 0));
  return known;
}
