import { describe, expect, it } from 'vitest';
import { withArticle } from './french';

describe('withArticle', () => {
  it('puts le, la or an elided l’ before the noun', () => {
    expect(withArticle('lieu')).toBe('le lieu');
    expect(withArticle('motif de rendez-vous')).toBe('le motif de rendez-vous');
    expect(withArticle('structure', true)).toBe('la structure');
    expect(withArticle('énergie', true)).toBe("l'énergie");
    expect(withArticle('utilisateur')).toBe("l'utilisateur");
    expect(withArticle('indisponibilité', true)).toBe("l'indisponibilité");
  });
});
