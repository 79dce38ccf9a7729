import { describe, expect, it } from 'vitest';
import { slugify } from './slug';

describe('slugs', () => {
  it('spells out the ligatures that accents removal loses (the old helper gave c-ur-de-savoie and uvre)', () => {
    expect(slugify('Cœur de Savoie')).toBe('coeur-de-savoie');
    expect(slugify('Œuvre')).toBe('oeuvre');
    expect(slugify('Ægir & Cie')).toBe('aegir-et-cie');
  });

  it('reads French: accents dropped, apostrophes and punctuation as dashes, ü without the German e', () => {
    expect(slugify('Noël à Saint-Étienne')).toBe('noel-a-saint-etienne');
    expect(slugify("L'Isle-d’Abeau")).toBe('l-isle-d-abeau');
    expect(slugify('Capharnaüm')).toBe('capharnaum');
    expect(slugify('Réseau Démo 38 (Isère)')).toBe('reseau-demo-38-isere');
    expect(slugify('EspaceInfo')).toBe('espaceinfo');
    expect(slugify(' -- ')).toBe('');
  });

  it('stays within the length a column allows, cutting between words', () => {
    expect(slugify('Espace Conseil France Rénov de la vallée', 29)).toBe('espace-conseil-france-renov');
    expect(slugify('abcdefghijklmnop', 10)).toBe('abcdefghij');
    expect(slugify('a'.repeat(150))).toHaveLength(100);
  });
});
