import { describe, expect, it } from 'vitest';
import { inspectBody } from './request-validation';

describe('body inspection before the schema', () => {
  it('accepts what the screens send', () => {
    expect(
      inspectBody({ year: 2026, needs: { heating: 1 }, solutions: [{ heatingSystems: [{ identifier: 'x' }] }] }),
    ).toBeNull();
  });

  it('stops at the depth limit without recursion, whatever the nesting', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(inspectBody(deep)).toBe('too_deep');
    expect(inspectBody({ a: { b: { c: 1 } } }, 3)).toBeNull();
    expect(inspectBody({ a: { b: { c: { d: 1 } } } }, 3)).toBe('too_deep');
  });

  it('counts every value against the size limit', () => {
    expect(
      inspectBody(
        Array.from({ length: 50 }, () => 1),
        32,
        50,
      ),
    ).toBe('too_large');
    expect(
      inspectBody(
        Array.from({ length: 49 }, () => 1),
        32,
        50,
      ),
    ).toBeNull();
  });
});
