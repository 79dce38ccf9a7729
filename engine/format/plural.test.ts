import { describe, expect, it } from 'vitest';
import { countOf, frenchPlural, messageText, pluralKey } from './plural';
import { formatNumber } from './numbers';
import { translateFrench } from './french-messages';

describe('French numbers and plurals', () => {
  it('groups digits from five on (1234 → "1234", 12345 → "12 345"), where Intl\'s default groups 1234 too', () => {
    expect(new Intl.NumberFormat('fr-FR').format(1234)).toBe('1\u202f234');
    expect(formatNumber(1234)).toBe('1234');
    expect(formatNumber(12345)).toBe('12\u202f345');
    expect(formatNumber(-1234.5)).toBe('-1234,5');
    expect(formatNumber(1234567.25)).toBe('1\u202f234\u202f567,25');
  });

  it('puts 0 in the singular, as French does ("0 lieu"; the old n > 1 test and "n élément(s)" did not)', () => {
    expect(countOf(0, 'lieu', 'lieux')).toBe('0 lieu');
    expect(countOf(1, 'lieu', 'lieux')).toBe('1 lieu');
    expect(countOf(1.5, 'heure', 'heures')).toBe('1,5 heure');
    expect(countOf(3, 'lieu', 'lieux')).toBe('3 lieux');
    expect(countOf(12345, 'lieu', 'lieux')).toBe('12\u202f345 lieux');
    // CLDR's "many" (millions) is written as the plural.
    expect(frenchPlural(1_000_000)).toBe('other');
  });

  it('picks the _one / _other message by count, and formats the count', () => {
    const catalogue = {
      'x.items_one': '{count} élément',
      'x.items_other': '{count} éléments',
      'x.plain': '{count} au total',
    };
    expect(translateFrench(catalogue, 'x.items', { count: 0 })).toBe('0 élément');
    expect(translateFrench(catalogue, 'x.items', { count: 2 })).toBe('2 éléments');
    expect(translateFrench(catalogue, 'x.items', { count: 1234 })).toBe('1234 éléments');
    expect(translateFrench(catalogue, 'x.plain', { count: 12345 })).toBe('12\u202f345 au total');
    expect(pluralKey(catalogue, 'x.items', 'deux')).toBe('x.items');
  });

  it('lets a white label override one form of a message', () => {
    const catalogue = { 'x.places_one': '{count} lieu', 'x.places_other': '{count} lieux' };
    const overrides = { 'x.places_other': '{count} permanences' };
    expect(messageText(catalogue, overrides, 'x.places', 0)).toBe('{count} lieu');
    expect(messageText(catalogue, overrides, 'x.places', 2)).toBe('{count} permanences');
    expect(messageText(catalogue, overrides, 'x.missing', 2)).toBeUndefined();
  });
});
