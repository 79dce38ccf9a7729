import { parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from 'libphonenumber-js/max';

// Phone numbers as French users type them: national form ("04 76 00 00 00"), international form
// ("+33 4 76 00 00 00", "0033…"), the British-style "+33 (0)4…", and the overseas departments,
// which share the national 10-digit plan ("0262 12 34 56" from Paris) but have their own country
// codes abroad ("+262 262 12 34 56"). libphonenumber-js (Google's metadata) knows which national
// numbers belong to which territory; the "max" metadata is needed to tell them apart.

/** Territories dialled from metropolitan France with a 0 and a 10-digit number, but with their own country code. */
const OVERSEAS: CountryCode[] = ['RE', 'YT', 'GP', 'MQ', 'GF', 'BL', 'MF', 'PM'];

/**
 * The last texts parsed: one save checks, stores and indexes the same number (validation, storage
 * form, search keys), and libphonenumber costs ~0.1 ms a parse (an import of 10,000 contacts parsed
 * each number four times). Callers only read the PhoneNumber objects.
 */
const recent = new Map<string, PhoneNumber | undefined>();
const RECENT_MAX = 256;

/** The number a text stands for, or undefined when it is not one (a national form is tried overseas too). */
export function parsePhone(text: string): PhoneNumber | undefined {
  if (recent.has(text)) return recent.get(text);
  const parsed = parseUncached(text);
  if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value!);
  recent.set(text, parsed);
  return parsed;
}

function parseUncached(text: string): PhoneNumber | undefined {
  // The whole text must be the number ("04 76 00 00 00 abc" is not one), an extension aside.
  const french = parsePhoneNumberFromString(text, { defaultCountry: 'FR', extract: false });
  if (!french || french.isValid() || /^\s*(\+|00)/.test(text)) return french;
  for (const region of OVERSEAS) {
    const overseas = parsePhoneNumberFromString(text, { defaultCountry: region, extract: false });
    if (overseas?.isValid()) return overseas;
  }
  return french;
}

/** A number of metropolitan France (and its free/shared numbers), dialled as 0XXXXXXXXX. */
function isMetropolitan(n: PhoneNumber): boolean {
  return n.countryCallingCode === '33';
}

/**
 * The form phones are searched by (users' `phoneCache`, the telephony lookup): 0XXXXXXXXX for a
 * number of metropolitan France whatever way it was typed, the international E.164 form for any
 * other country and for the overseas departments (+262262123456), and the bare digits of a text
 * that is not a number at all (so that a partial search still finds it).
 */
export function phoneSearchKey(text: string): string {
  const n = parsePhone(text);
  if (n?.isPossible()) return isMetropolitan(n) ? `0${n.nationalNumber}` : n.number;
  return text.replace(/[^0-9]/g, '');
}

/**
 * Whether a typed value is a phone number: a possible one (right length for its territory),
 * not necessarily a line in service. The empty string is left to `required`.
 */
export function isPhoneNumber(text: string): boolean {
  if (text.trim() === '') return true;
  return parsePhone(text)?.isPossible() === true;
}

/** A `tel:` link: national digits in France, the international form elsewhere. */
export function phoneHref(text: string): string {
  const n = parsePhone(text);
  if (n?.isPossible()) return `tel:${isMetropolitan(n) ? `0${n.nationalNumber}` : n.number}`;
  return `tel:${text.replace(/[^0-9+]/g, '')}`;
}

/**
 * The form a phone number is stored in: the French national form ("04 76 12 34 56", and
 * "0262 12 34 56" for the overseas departments) for the numbers dialled with a 0 from France,
 * the international form for any other country. A text that is not a possible number is
 * returned as typed (validation refuses it with its message).
 */
export function storedPhone(text: string): string {
  if (text.trim() === '') return text;
  const n = parsePhone(text);
  if (!n?.isPossible()) return text;
  const national = isMetropolitan(n) || (n.country !== undefined && OVERSEAS.includes(n.country));
  return national ? n.formatNational() : n.formatInternational();
}

/** Every `format: phone` value of a record in its stored form (any entity: the generic writes call it). */
export function normalisePhoneFields(
  properties: Record<string, { format?: string }>,
  record: Record<string, unknown>,
): void {
  for (const [name, p] of Object.entries(properties)) {
    const v = record[name];
    if (p.format === 'phone' && typeof v === 'string') record[name] = storedPhone(v);
  }
}
