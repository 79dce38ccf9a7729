import { isPhoneNumber, phoneSearchKey } from '../format/phone';

// Phone numbers are typed with spaces, dots or dashes ("04 76 12 34 56", "04.76.12.34.56") or
// without; stored numbers too. The search text keeps, beside each stored number, its search key
// (0XXXXXXXXX: engine/format/phone.ts), and a search compacts the words that together spell a
// number into that key, so that any spelling finds any other (reference file area 8.1).

/** A searched value as it goes into the search text: a phone number with its search key. */
export function searchValue(value: unknown, phone?: boolean): unknown {
  if (!phone || typeof value !== 'string' || value.trim() === '') return value;
  const key = phoneSearchKey(value);
  return key && key !== value ? [value, key] : value;
}

const NUMBER_PART = /^[+(]?[0-9][0-9().-]*$/;

/**
 * The words of a query with the runs of number-like words that make a phone number ("04 76 12
 * 34 56", "+33 4 76…") joined into its search key; a word alone is left as it is unless it is a
 * whole number by itself written with separators ("04.76.12.34.56"). A postcode stays a postcode.
 */
export function compactPhoneWords(words: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length;) {
    let joined = false;
    if (NUMBER_PART.test(words[i])) {
      // The longest run starting here that spells a number.
      for (let j = words.length; j > i + 1; j -= 1) {
        const run = words.slice(i, j);
        if (!run.every((w) => NUMBER_PART.test(w))) continue;
        const text = run.join(' ');
        if (text.replace(/[^0-9]/g, '').length >= 9 && isPhoneNumber(text)) {
          out.push(phoneSearchKey(text));
          i = j;
          joined = true;
          break;
        }
      }
      if (!joined && /[().-]/.test(words[i]) && isPhoneNumber(words[i])) {
        out.push(phoneSearchKey(words[i]));
        i += 1;
        joined = true;
      }
    }
    if (!joined) {
      out.push(words[i]);
      i += 1;
    }
  }
  return out;
}
