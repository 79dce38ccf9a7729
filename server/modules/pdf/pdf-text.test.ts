import { describe, expect, it, vi } from 'vitest';
import { PdfLayout } from './pdf-layout';
import { pdfText } from './pdf-text';
import { barChart, niceScale } from './charts';
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

describe('bar charts', () => {
  it('draw negative bars below the zero line instead of dropping them', () => {
    const layout = new PdfLayout({ title: 'Test', footer: 'Test' });
    const rect = vi.spyOn(layout.doc, 'rect');
    barChart(layout, {
      title: 'Dépenses',
      unit: 'en euros',
      categories: ['1', '2'],
      series: [{ name: 'Avec travaux', color: '#1f5c99', values: [-9_500, 4_500] }],
    });
    // Filled rectangles wider than the legend's 3.6 mm box: the bars.
    const bars = rect.mock.calls.filter((call) => call[4] === 'F' && call[2] > 4);
    expect(bars).toHaveLength(2);
    const [negative, positive] = bars;
    // The positive bar ends on the zero line, where the negative one starts and hangs down from.
    expect(negative[1]).toBeCloseTo(positive[1] + positive[3], 6);
    expect(negative[3] / positive[3]).toBeCloseTo(9_500 / 4_500, 6);
  });
});
