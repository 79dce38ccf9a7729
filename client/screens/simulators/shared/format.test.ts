import { describe, expect, it } from 'vitest';
import { euros, eurosCents, inputText, kgCo2PerYear, parseInput, percent } from './format';

describe('simulator number formats', () => {
  it('reads the comma, the point and spaces; refuses the rest', () => {
    expect(parseInput('12,5')).toBe(12.5);
    expect(parseInput(' 1 200,75 ')).toBe(1200.75);
    expect(parseInput('0.95')).toBe(0.95);
    expect(parseInput(',5')).toBe(0.5);
    expect(parseInput('12,')).toBe(12);
    expect(parseInput('')).toBeNull();
    expect(Number.isNaN(parseInput('12,5,3') as number)).toBe(true);
    expect(Number.isNaN(parseInput('abc') as number)).toBe(true);
  });

  it('writes inputs without grouping and figures the French way', () => {
    expect(inputText(15000)).toBe('15000');
    expect(inputText(0.0271)).toBe('0,0271');
    expect(inputText(null)).toBe('');
    expect(euros(50918.22)).toBe('50\u202f918\u00a0€');
    expect(kgCo2PerYear(4789.85)).toBe('4\u202f790\u00a0kg CO₂/an');
    expect(percent(0.625)).toBe('63\u00a0%');
    expect(eurosCents(1211.5)).toBe('1\u202f211,50\u00a0€');
  });
});
