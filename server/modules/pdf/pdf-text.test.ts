import { describe, expect, it } from 'vitest';
import { pdfText } from './pdf-text';
import { niceScale } from './charts';
import { euros } from './format';

describe('text for the PDF (embedded Unicode font)', () => {
  it('keeps every French character and symbol as typed: no lossy replacement', () => {
    expect(pdfText('Électricité « œuvre » – coût’s … 12 €')).toBe('Électricité « œuvre » – coût’s … 12 €');
    expect(pdfText('CO₂ ≈ 3 → 4 ≥ 2 ≤ 5 − 1 ρ Σ')).toBe('CO₂ ≈ 3 → 4 ≥ 2 ≤ 5 − 1 ρ Σ');
    expect(pdfText('a\u202fb\u00a0c')).toBe('a\u202fb\u00a0c');
  });

  it('turns line breaks and tabs into spaces (the layout wraps lines itself)', () => {
    expect(pdfText('ligne 1\nligne 2\tfin')).toBe('ligne 1 ligne 2 fin');
  });

  it('formats euros as the screens do', () => {
    expect(euros(28_099.74)).toBe('28\u202f100\u00a0€');
    expect(euros(null)).toBe('-');
  });
});

describe('chart axes', () => {
  it('round bounds to steps of 1, 2, 2.5 or 5 times a power of ten, always including 0', () => {
    expect(niceScale(0, 989_348)).toEqual({ min: 0, max: 1_000_000, step: 200_000 });
    expect(niceScale(-17_279, 7_096)).toEqual({ min: -20_000, max: 10_000, step: 5_000 });
    expect(niceScale(2.3, 14.1)).toEqual({ min: 0, max: 15, step: 5 });
    expect(niceScale(0, 0)).toEqual({ min: 0, max: 1, step: 0.2 });
  });
});
