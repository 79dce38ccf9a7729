import { describe, expect, it } from 'vitest';
import { consumptionLines, printedBlocks } from './scenario-summaries';

// Issue 28 row 8: the scenario summaries choose what the PDF prints of each scenario; the lighting and auxiliary
// consumptions are lists of lines with their total.
describe('scenario summaries', () => {
  it('prints every block unless unticked, in the fixed order', () => {
    expect(printedBlocks(undefined)).toEqual(['works', 'financial-aids', 'financings', 'remaining-cost']);
    expect(printedBlocks({ scenarioSummaries: [] })).toEqual([
      'works',
      'financial-aids',
      'financings',
      'remaining-cost',
    ]);
    expect(
      printedBlocks({
        scenarioSummaries: [
          { nature: 'remaining-cost', selected: true },
          { nature: 'financings', selected: false },
          { nature: 'works' },
        ],
      }),
    ).toEqual(['works', 'financial-aids', 'remaining-cost']);
  });

  it('sums the consumption lines, leaving blank ones out', () => {
    expect(
      consumptionLines([
        { label: 'Séjour (LED)', consumption: 120 },
        { label: ' ', consumption: 0 },
        { label: 'Extérieur', consumption: 45 },
      ]),
    ).toEqual({
      lines: [
        { label: 'Séjour (LED)', consumption: 120 },
        { label: 'Extérieur', consumption: 45 },
      ],
      total: 165,
    });
    expect(consumptionLines(null)).toEqual({ lines: [], total: 0 });
  });
});
