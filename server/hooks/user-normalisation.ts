import { phoneSearchKey } from '../../engine/format/phone';
import type { EntityHook } from './hook-types';

export const emailLowerCase: EntityHook = {
  beforeValidate({ record }) {
    if (typeof record.email === 'string') record.email = record.email.trim().toLowerCase();
  },
};

/** Search by phone compares one form per number (0XXXXXXXXX in metropolitan France, +E.164 elsewhere). */
export const phoneCache: EntityHook = {
  beforeValidate({ record }) {
    record.phoneCache = typeof record.phone === 'string' ? phoneSearchKey(record.phone) : '';
  },
};
