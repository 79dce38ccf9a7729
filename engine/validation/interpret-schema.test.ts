import { describe, expect, it } from 'vitest';
import { interpretSchema } from './interpret-schema';

describe('interpretSchema', () => {
  it('checks types, integers and finite numbers', () => {
    expect(interpretSchema({ type: 'integer' }, 3)).toEqual([]);
    expect(interpretSchema({ type: 'integer' }, 3.5)).toEqual([{ keyword: 'type', instancePath: '', params: { type: 'integer' } }]);
    expect(interpretSchema({ type: 'number' }, 3)).toEqual([]);
    expect(interpretSchema({ type: ['integer', 'null'] }, null)).toEqual([]);
    expect(interpretSchema({ type: 'string' }, 3)[0].keyword).toBe('type');
  });

  it('checks lengths by characters, bounds, patterns and formats', () => {
    expect(interpretSchema({ type: 'string', maxLength: 3 }, 'éèà')).toEqual([]);
    expect(interpretSchema({ type: 'string', maxLength: 3 }, 'abcd')[0]).toMatchObject({ keyword: 'maxLength', params: { limit: 3 } });
    expect(interpretSchema({ type: 'number', minimum: 0, maximum: 10 }, 11)[0]).toMatchObject({ keyword: 'maximum', params: { limit: 10 } });
    expect(interpretSchema({ type: 'string', pattern: '^[a-z]+$' }, 'AB')[0].keyword).toBe('pattern');
    expect(interpretSchema({ type: 'string', format: 'email' }, 'a@b.fr')).toEqual([]);
    expect(interpretSchema({ type: 'string', format: 'email' }, 'a@b')[0].keyword).toBe('format');
    expect(interpretSchema({ type: 'string', format: 'insee-code' }, '2A004')).toEqual([]);
    expect(interpretSchema({ type: 'string', format: 'insee-code' }, '380')[0].keyword).toBe('format');
  });

  it('follows the spec url rule: optional scheme, 2 to 5 letter extension, optional port and path', () => {
    const url = { type: 'string', format: 'url' };
    for (const ok of ['example.fr', 'https://www.example.fr/a/b?c=1', 'ftp://files.example.com:2121/x', 'sub.example.paris']) expect(interpretSchema(url, ok)).toEqual([]);
    for (const bad of ['', 'sub.example.museum', 'localhost', 'http://example', 'exemple.francais', 'ht tp://a.fr']) expect(interpretSchema(url, bad)).toHaveLength(1);
  });

  it('checks lists item by item and reports the item path', () => {
    const schema = { type: 'array', items: { type: 'string', format: 'insee-code' }, minItems: 1, uniqueItems: true };
    expect(interpretSchema(schema, [])[0].keyword).toBe('minItems');
    expect(interpretSchema(schema, ['38185', '38185'])[0].keyword).toBe('uniqueItems');
    expect(interpretSchema(schema, ['38185', 'x'])).toEqual([{ keyword: 'format', instancePath: '/1', params: { format: 'insee-code' } }]);
  });

  it('checks nested objects, enums and one-of constants', () => {
    const schema = { type: 'object', properties: { color: { type: 'string', format: 'color' } }, additionalProperties: false };
    expect(interpretSchema(schema, { color: '#12ab' })[0]).toMatchObject({ keyword: 'format', instancePath: '/color' });
    expect(interpretSchema(schema, { other: 1 })[0].keyword).toBe('additionalProperties');
    expect(interpretSchema({ enum: ['a', 'b'] }, 'c')[0].keyword).toBe('enum');
    expect(interpretSchema({ oneOf: [{ const: 'a' }, { const: 'b' }] }, 'b')).toEqual([]);
  });
});
