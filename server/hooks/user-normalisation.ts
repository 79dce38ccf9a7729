import type { EntityHook } from './hook-types';

export const emailLowerCase: EntityHook = {
  beforeValidate({ record }) {
    if (typeof record.email === 'string') record.email = record.email.trim().toLowerCase();
  },
};

/** Search by phone compares digits only, in national form (0XXXXXXXXX). */
export function phoneDigits(phone: string): string {
  let digits = phone.replace(/[^0-9+]/g, '');
  if (digits.startsWith('+33')) digits = `0${digits.slice(3)}`;
  else if (digits.startsWith('0033')) digits = `0${digits.slice(4)}`;
  return digits.replace(/\+/g, '');
}

export const phoneCache: EntityHook = {
  beforeValidate({ record }) {
    record.phoneCache = typeof record.phone === 'string' ? phoneDigits(record.phone) : '';
  },
};
