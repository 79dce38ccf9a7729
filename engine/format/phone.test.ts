import { describe, expect, it } from 'vitest';
import { isPhoneNumber, phoneHref, phoneSearchKey } from './phone';

describe('phone numbers', () => {
  it('reads "+33 (0)4…" as metropolitan France, without a doubled 0 (the old helper gave 00476000000)', () => {
    expect(phoneSearchKey('+33 (0)4 76 00 00 00')).toBe('0476000000');
    expect(phoneSearchKey('04 76 00 00 00')).toBe('0476000000');
    expect(phoneSearchKey('0033 4.76.00.00.00')).toBe('0476000000');
    expect(phoneSearchKey('+33476000000')).toBe('0476000000');
  });

  it('keeps overseas numbers international, however they were typed (the old helper gave 262262123456)', () => {
    expect(phoneSearchKey('+262 262 12 34 56')).toBe('+262262123456');
    // Dialled from metropolitan France with a 0: the same line in Réunion, not a Paris-region number.
    expect(phoneSearchKey('0262 12 34 56')).toBe('+262262123456');
    expect(phoneSearchKey('0692 12 34 56')).toBe('+262692123456');
    expect(phoneSearchKey('0590 12 34 56')).toBe('+590590123456');
    expect(phoneSearchKey('+41 22 123 45 67')).toBe('+41221234567');
  });

  it('keeps the digits of a text that is not a number, so that a partial search still finds it', () => {
    expect(phoneSearchKey('0476')).toBe('0476');
    expect(phoneSearchKey('')).toBe('');
  });

  it('accepts phone numbers only, whole (an extension aside)', () => {
    expect(isPhoneNumber('+33 (0)4 76 00 00 00')).toBe(true);
    expect(isPhoneNumber('+262 262 12 34 56')).toBe(true);
    expect(isPhoneNumber('04 76 00 00 00 ext. 12')).toBe(true);
    expect(isPhoneNumber('')).toBe(true);
    expect(isPhoneNumber('0476')).toBe(false);
    expect(isPhoneNumber('04 76 00 00 00 abc')).toBe(false);
    expect(isPhoneNumber('pas de téléphone')).toBe(false);
  });

  it('makes tel: links that dial (the old link kept the (0) after +33)', () => {
    expect(phoneHref('04 76 11 22 40')).toBe('tel:0476112240');
    expect(phoneHref('+33 (0)4 76 00 00 00')).toBe('tel:0476000000');
    expect(phoneHref('+262 262 12 34 56')).toBe('tel:+262262123456');
  });
});
