import { describe, expect, it } from 'vitest';
import { isPostcodeLike, normalise, words } from './normalise';

describe('normalise', () => {
  it('drops accents, case, apostrophes and hyphens', () => {
    expect(normalise("L'Abergement-Clémenciat")).toBe('l abergement clemenciat');
    expect(normalise('  ÉCHIROLLES ')).toBe('echirolles');
    expect(normalise('Œuilly')).toBe('oeuilly');
  });

  it('expands St and Ste so that abbreviations match the full names', () => {
    expect(normalise('St-Égrève')).toBe('saint egreve');
    expect(normalise('Ste Foy lès Lyon')).toBe('sainte foy les lyon');
    expect(normalise('Saint-Martin-d’Hères')).toBe('saint martin d heres');
  });

  it('splits into words and recognises postcode-like numbers', () => {
    expect(words('12, rue des Alpes 38000 Grenoble')).toEqual(['12', 'rue', 'des', 'alpes', '38000', 'grenoble']);
    expect(words('   ')).toEqual([]);
    expect(isPostcodeLike('38000')).toBe(true);
    expect(isPostcodeLike('2A004')).toBe(false);
    expect(isPostcodeLike('3800')).toBe(false);
  });
});
