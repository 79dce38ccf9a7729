import { describe, expect, it } from 'vitest';
import { formatNumber, parseFrenchNumber } from './format';

describe('fr-FR formatting', () => {
  it('groups digits from five on, with a decimal comma', () => {
    expect(formatNumber(2019)).toBe('2019');
    expect(formatNumber(-1234.5)).toBe('-1234,5');
    expect(formatNumber(12019)).toMatch(/^12\s019$/u);
    expect(formatNumber(1234567.25)).toMatch(/^1\s234\s567,25$/u);
  });

  it('reads numbers typed with a comma or a dot', () => {
    expect(parseFrenchNumber('12,5')).toBe(12.5);
    expect(parseFrenchNumber(' 1 234,5 ')).toBe(1234.5);
    expect(parseFrenchNumber('')).toBeUndefined();
    expect(Number.isNaN(parseFrenchNumber('douze'))).toBe(true);
  });
});
