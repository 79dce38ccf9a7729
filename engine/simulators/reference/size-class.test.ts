import { describe, expect, it } from 'vitest';
import { multiUnitSizeClass } from './size-class';

describe('multiUnitSizeClass', () => {
  it('follows the dwelling thresholds 50 and 150', () => {
    expect(multiUnitSizeClass('multi_unit', 1)).toBe('small');
    expect(multiUnitSizeClass('multi_unit', 49)).toBe('small');
    expect(multiUnitSizeClass('multi_unit', 50)).toBe('medium');
    expect(multiUnitSizeClass('multi_unit', 149)).toBe('medium');
    expect(multiUnitSizeClass('multi_unit', 150)).toBe('large');
  });

  it('has no class for individual housing or an unknown dwelling count', () => {
    expect(multiUnitSizeClass('individual', 60)).toBeNull();
    expect(multiUnitSizeClass('anything_else', 60)).toBeNull();
    expect(multiUnitSizeClass('multi_unit', 0)).toBeNull();
    expect(multiUnitSizeClass('multi_unit', null)).toBeNull();
  });
});
