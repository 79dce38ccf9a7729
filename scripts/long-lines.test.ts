import { describe, expect, it } from 'vitest';
import { MAX_LINE_LENGTH, isGenerated, longLines } from './long-lines';

describe('the line-length check', () => {
  it('reports the lines longer than the limit with their number and length, and only them', () => {
    const text = ['short', 'x'.repeat(MAX_LINE_LENGTH), 'y'.repeat(MAX_LINE_LENGTH + 1), '', 'z'.repeat(200)].join(
      '\n',
    );
    expect(longLines(text)).toEqual([
      { line: 3, length: MAX_LINE_LENGTH + 1 },
      { line: 5, length: 200 },
    ]);
    expect(longLines('')).toEqual([]);
  });

  it('counts characters as an editor does: accented letters, symbols and emoji are one each; CR is not one', () => {
    // 'é' is 2 bytes in UTF-8, '€' 3, '🏠' 4 bytes and 2 UTF-16 units: each is one column.
    expect(longLines('é€🏠'.repeat(40))).toEqual([]);
    expect(longLines('é€🏠'.repeat(40) + 'a')).toEqual([{ line: 1, length: 121 }]);
    expect(longLines(`${'a'.repeat(MAX_LINE_LENGTH)}\r\nb`)).toEqual([]);
  });

  it('skips the generated folders only', () => {
    expect(isGenerated('engine/generated/types.ts')).toBe(true);
    expect(isGenerated('server/generated/routes.ts')).toBe(true);
    expect(isGenerated('client/generated/manifest.ts')).toBe(true);
    expect(isGenerated('generators/gen-routes.ts')).toBe(false);
    expect(isGenerated('server/modules/generated-report.ts')).toBe(false);
  });
});
