import fc from 'fast-check';

// Values the write fuzzes send (write-fuzz.test.ts through the generic endpoints, route-fuzz.test.ts
// through every mounted route), and how they judge an answer.

export const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "'; drop table account_user; --",
  '" or 1=1 --',
  '%',
  '_',
  '\\',
  '\u0000',
  '\u202e',
  '😀🏠',
  'é'.normalize('NFD'),
  '   ',
  '',
  'null',
  'undefined',
  'NaN',
  '{"a":1}',
  '../../etc/passwd',
  '${7*7}',
  '{{7*7}}',
  'a'.repeat(5000),
  'x@y',
  'javascript:alert(1)',
  '2026-02-30',
  '25:61',
  '#zzzzzz',
  '99999',
  '-1',
  '1e309',
];

export const anyJson = fc.jsonValue({ maxDepth: 2 });
export const empty = fc.constantFrom<unknown>(null, '', [], {}, '   ', 0, false);
export const hostile = fc.constantFrom<unknown>(...HOSTILE);
export const huge = fc.constantFrom<unknown>(
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER * 4,
  'x'.repeat(100_000),
  Array.from({ length: 2000 }, (_, i) => i),
);

/** A body as a failure message shows it: long lists and texts cut, the rest as sent. */
export function shorten(value: unknown): unknown {
  if (Array.isArray(value)) return value.length > 12 ? `[${value.length} values]` : value.map(shorten);
  if (typeof value === 'string')
    return value.length > 120 ? `${value.slice(0, 40)}… (${value.length} characters)` : value;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shorten(v)]));
  return value;
}

/** French, readable, without the traces of an English library message or a leaked value. */
export function readableFrench(text: unknown): boolean {
  return (
    typeof text === 'string' &&
    text.trim().length > 3 &&
    /[a-zàâçéèêëîïôûùüÿœ]/i.test(text) &&
    !/\b(must|should|expected|undefined|NaN|is not|cannot|invalid input|object Object)\b/.test(text)
  );
}
