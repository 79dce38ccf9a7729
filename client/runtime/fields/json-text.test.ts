import { describe, expect, it } from 'vitest';
import { jsonText, parseJsonText } from './json-text';

describe('parseJsonText', () => {
  it('reads JSON text as its value', () => {
    expect(parseJsonText('{"schema": {"type": "object"}}')).toEqual({
      ok: true,
      value: { schema: { type: 'object' } },
    });
    expect(parseJsonText('  [1, 2]\n')).toEqual({ ok: true, value: [1, 2] });
  });

  it('takes empty or blank text as no value (null)', () => {
    expect(parseJsonText('')).toEqual({ ok: true, value: null });
    expect(parseJsonText(' \n\t')).toEqual({ ok: true, value: null });
  });

  it('says in French why text is not JSON, with where the mistake is', () => {
    const cases: [string, RegExp][] = [
      ['{"a": 1,}', /guillemets doubles attendu \(.*\d+.*\)\.$/],
      ['{a: 1}', /guillemets doubles attendu/],
      ['{"a": 1', /s’arrête avant la fin|syntaxe incorrecte|inattendu/],
      ['{"a": 1} x', /texte en trop après la fin du JSON|inattendu/],
      ['{"a": }', /caractère « } » inattendu|syntaxe incorrecte/],
    ];
    for (const [text, reason] of cases) {
      const result = parseJsonText(text);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.message.startsWith("Ce texte n'est pas un JSON valide : ")).toBe(true);
        expect([text, result.message]).toEqual([text, expect.stringMatching(reason)]);
      }
    }
  });
});

describe('jsonText', () => {
  it('pretty-prints a value with two spaces and shows nothing for null', () => {
    expect(jsonText({ schema: { type: 'object' } })).toBe('{\n  "schema": {\n    "type": "object"\n  }\n}');
    expect(jsonText(null)).toBe('');
    expect(jsonText(undefined)).toBe('');
  });

  it('gives back text that parses to the same value', () => {
    const value = { schema: { properties: { surface: { type: 'integer', title: 'Surface habitable (m²)' } } } };
    expect(parseJsonText(jsonText(value))).toEqual({ ok: true, value });
  });
});
