import { describe, expect, it } from 'vitest';
import { reportColour } from './listepro-report';

describe('directory PDF colour', () => {
  it('takes the white label’s colour when white text reads on it, the platform’s blue otherwise', () => {
    expect(reportColour('#2d6a3e')).toBe('#2d6a3e');
    expect(reportColour('#2D6A3E')).toBe('#2d6a3e');
    expect(reportColour('#f7f6f1')).toBe('#1f5c99');
    expect(reportColour('green')).toBe('#1f5c99');
    expect(reportColour(undefined)).toBe('#1f5c99');
  });
});
