import { describe, expect, it } from 'vitest';
import { compactPhoneWords, searchValue } from './phone-words';
import { searchTextOf, searchWords } from './normalise';
import { storedPhone } from '../format/phone';

describe('compactPhoneWords', () => {
  it('joins the words that spell a phone number into its search key, whatever the separators', () => {
    for (const typed of ['04 76 12 34 56', '0476123456', '04.76.12.34.56', '04-76-12-34-56', '+33 4 76 12 34 56'])
      expect(compactPhoneWords(searchWords(typed)), typed).toEqual(['0476123456']);
    expect(compactPhoneWords(searchWords('Dupont 06 12 34 56 78 grenoble'))).toEqual([
      'dupont',
      '0612345678',
      'grenoble',
    ]);
  });

  it('leaves postcodes, short numbers and ordinary words alone', () => {
    expect(compactPhoneWords(searchWords('38000 grenoble'))).toEqual(['38000', 'grenoble']);
    expect(compactPhoneWords(searchWords('12 rue des Alpes'))).toEqual(['12', 'rue', 'des', 'alpes']);
    expect(compactPhoneWords(searchWords('04 76'))).toEqual(['04', '76']);
  });
});

describe('searchValue', () => {
  it('stores a phone number with its digits-only key, so that a compacted query finds it', () => {
    const text = searchTextOf([searchValue('04 76 12 34 56', true), 'Grenoble']);
    expect(text.split('\n')).toEqual(['04 76 12 34 56', '0476123456', 'grenoble']);
    expect(searchValue('04 76 12 34 56', false)).toBe('04 76 12 34 56');
    expect(searchValue('', true)).toBe('');
  });
});

describe('storedPhone', () => {
  it('writes French numbers in national form, overseas ones too, others internationally', () => {
    expect(storedPhone('0476123456')).toBe('04 76 12 34 56');
    expect(storedPhone('+33 (0)4 76 12 34 56')).toBe('04 76 12 34 56');
    expect(storedPhone('06.12.34.56.78')).toBe('06 12 34 56 78');
    expect(storedPhone('+262 262 12 34 56')).toBe('0262 12 34 56');
    expect(storedPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    // Not a number: kept as typed, for validation to refuse with its message.
    expect(storedPhone('12')).toBe('12');
    expect(storedPhone('')).toBe('');
  });
});
