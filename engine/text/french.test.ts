import { describe, expect, it } from 'vitest';
import { deName } from './french';

describe('deName', () => {
  it('elides « de » before a vowel, and only there', () => {
    expect(deName('Espace Conseil Démo')).toBe("d'Espace Conseil Démo");
    expect(deName('Énergies Isère')).toBe("d'Énergies Isère");
    expect(deName('Agence Locale')).toBe("d'Agence Locale");
    expect(deName('Yves Rénovation')).toBe("d'Yves Rénovation");
    expect(deName('Réseau Démo Isère')).toBe('de Réseau Démo Isère');
    expect(deName('Yaoundé Habitat')).toBe('de Yaoundé Habitat');
    expect(deName('Habitat Conseil')).toBe('de Habitat Conseil');
    expect(deName('  Oise Rénov ')).toBe("d'Oise Rénov");
  });
});
