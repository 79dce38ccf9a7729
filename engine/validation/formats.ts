// String formats understood by record validation, server and browser alike: AJV calls these
// functions on both sides (in the browser through the validator module the server emits). The url
// rule is the one of spec 01 §5: optional http/https/ftp(s) prefix, a domain with a 2 to 5 letter
// extension, optional port and path.

import { isPhoneNumber } from '../format/phone';

export const URL_PATTERN =
  /^(?:(?:https?|ftps?):\/\/)?(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,5}(?::\d{1,5})?(?:[/?#][^\s]*)?$/i;

/**
 * The one e-mail rule of the application (record fields, password-reset requests, simulator
 * contact fields): something@domain.tld, no spaces, a 2-letter extension at least, 254 characters
 * at most (RFC 5321's limit on a path).
 */
export function isEmail(v: string): boolean {
  return v.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(v);
}

function isDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}

export const FORMATS: Record<string, (v: string) => boolean> = {
  email: isEmail,
  url: (v) => v !== '' && URL_PATTERN.test(v),
  date: isDate,
  'date-time': (v) =>
    /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(v) && !Number.isNaN(Date.parse(v)),
  time: (v) => /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(v),
  color: (v) => /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(v),
  'insee-code': (v) => /^[0-9][0-9AB][0-9]{3}$/.test(v),
  // A possible number of its territory (libphonenumber-js): national, international, overseas.
  phone: isPhoneNumber,
  // Formats that choose a widget and constrain nothing.
  html: () => true,
  textarea: () => true,
  'html-document': () => true,
  password: () => true,
  'fr-address': () => true,
  'data-url': (v) => /^data:[a-z0-9.+/-]+;base64,/i.test(v),
  uuid: (v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v),
};

export const FORMAT_CODES: Record<string, string> = {
  email: 'email',
  url: 'url',
  date: 'date',
  'date-time': 'date_time',
  time: 'time',
  color: 'color',
  'insee-code': 'insee_code',
  phone: 'pattern',
  'data-url': 'pattern',
  uuid: 'pattern',
};
