import { describe, expect, it } from 'vitest';
import { compileSchema, validatorModule } from './compile-schema-ajv';

/**
 * Errors of `value` against `schema` as compiled for records (AJV, strict, RE2 patterns, the application's
 * formats).
 */
function check(schema: object, value: unknown) {
  const validate = compileSchema(schema);
  return validate(value)
    ? []
    : (validate.errors ?? []).map((e) => ({ keyword: e.keyword, instancePath: e.instancePath, params: e.params }));
}

describe('record schemas compiled by AJV', () => {
  it('checks types, integers and finite numbers', () => {
    expect(check({ type: 'integer' }, 3)).toEqual([]);
    expect(check({ type: 'integer' }, 3.5)).toEqual([
      { keyword: 'type', instancePath: '', params: { type: 'integer' } },
    ]);
    expect(check({ type: 'number' }, 3)).toEqual([]);
    expect(check({ type: ['integer', 'null'] }, null)).toEqual([]);
    expect(check({ type: 'string' }, 3)[0].keyword).toBe('type');
  });

  it('checks lengths by characters, bounds, patterns and formats', () => {
    expect(check({ type: 'string', maxLength: 3 }, 'éèà')).toEqual([]);
    expect(check({ type: 'string', maxLength: 3 }, '😀😀😀')).toEqual([]);
    expect(check({ type: 'string', maxLength: 3 }, 'abcd')[0]).toMatchObject({
      keyword: 'maxLength',
      params: { limit: 3 },
    });
    expect(check({ type: 'number', minimum: 0, maximum: 10 }, 11)[0]).toMatchObject({
      keyword: 'maximum',
      params: { limit: 10 },
    });
    expect(check({ type: 'string', pattern: '^[a-z]+$' }, 'AB')[0].keyword).toBe('pattern');
    expect(check({ type: 'string', format: 'email' }, 'a@b.fr')).toEqual([]);
    expect(check({ type: 'string', format: 'email' }, 'a@b')[0].keyword).toBe('format');
    expect(check({ type: 'string', format: 'insee-code' }, '2A004')).toEqual([]);
    expect(check({ type: 'string', format: 'insee-code' }, '380')[0].keyword).toBe('format');
  });

  it('follows the spec url rule: optional scheme, 2 to 5 letter extension, optional port and path', () => {
    const url = { type: 'string', format: 'url' };
    for (const ok of [
      'example.fr',
      'https://www.example.fr/a/b?c=1',
      'ftp://files.example.com:2121/x',
      'sub.example.paris',
    ])
      expect(check(url, ok)).toEqual([]);
    for (const bad of ['', 'sub.example.museum', 'localhost', 'http://example', 'exemple.francais', 'ht tp://a.fr'])
      expect(check(url, bad)).toHaveLength(1);
  });

  it('checks lists item by item and reports the item path', () => {
    const schema = { type: 'array', items: { type: 'string', format: 'insee-code' }, minItems: 1, uniqueItems: true };
    expect(check(schema, [])[0].keyword).toBe('minItems');
    expect(check(schema, ['38185', '38185'])[0].keyword).toBe('uniqueItems');
    expect(check(schema, ['38185', 'x'])).toEqual([
      { keyword: 'format', instancePath: '/1', params: { format: 'insee-code' } },
    ]);
  });

  it('checks nested objects and choices, comparing objects by value whatever their key order', () => {
    const schema = {
      type: 'object',
      properties: { color: { type: 'string', format: 'color' } },
      additionalProperties: false,
    };
    expect(check(schema, { color: '#12ab' })[0]).toMatchObject({ keyword: 'format', instancePath: '/color' });
    expect(check(schema, { other: 1 })[0].keyword).toBe('additionalProperties');
    expect(check({ enum: ['a', 'b'] }, 'c')[0].keyword).toBe('enum');
    expect(check({ enum: [{ year: 2030, amount: 100 }] }, { amount: 100, year: 2030 })).toEqual([]);
    expect(
      check({ type: 'array', uniqueItems: true }, [
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ])[0].keyword,
    ).toBe('uniqueItems');
  });

  it('refuses keywords it does not know instead of ignoring them (strict mode)', () => {
    expect(() => compileSchema({ type: 'number', multipleOf2: 0.5 })).toThrow(/unknown keyword/);
    expect(() => compileSchema({ type: 'string', format: 'siret' })).toThrow(/unknown format/);
  });

  it('runs patterns on RE2: a catastrophic pattern answers at once, and a syntax RE2 lacks is refused', () => {
    const validate = compileSchema({ type: 'string', pattern: '^(a+)+$' });
    expect(validate(`${'a'.repeat(5000)}!`)).toBe(false);
    expect(validate('aaaa')).toBe(true);
    expect(() => compileSchema({ type: 'string', pattern: '(' })).toThrow();
    expect(() => compileSchema({ type: 'string', pattern: '^(?=a)' })).toThrow();
  });

  it('emits a module whose validator gives the same verdicts, naming only the runtime it needs', async () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string', maxLength: 3, pattern: '^[a-z]*$' },
        mail: { type: 'string', format: 'email' },
      },
    };
    const code = validatorModule(schema);
    expect(code).not.toMatch(/\bimport\b/);
    const module = (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as {
      requires: string[];
      default: (r: (id: string) => unknown) => (d: unknown) => boolean;
    };
    expect(module.requires.sort()).toEqual(['ajv/dist/runtime/ucs2length', 'app:formats', 'app:regexp']);
    const runtime: Record<string, unknown> = {
      'ajv/dist/runtime/ucs2length': await import('ajv/dist/runtime/ucs2length'),
      'app:formats': await import('./formats'),
      'app:regexp': await import('./safe-regexp'),
    };
    const validate = module.default((id) => runtime[id]) as ((d: unknown) => boolean) & {
      errors?: { keyword: string }[];
    };
    expect(validate({ name: 'abc', mail: 'a@b.fr' })).toBe(true);
    expect(validate({ name: 'abcd', mail: 'a@b' })).toBe(false);
    expect(validate.errors!.map((e) => e.keyword)).toEqual(['maxLength', 'format']);
    expect(validate({ name: 'AB' })).toBe(false);
    expect(validate.errors!.map((e) => e.keyword)).toEqual(['pattern']);
  });
});
