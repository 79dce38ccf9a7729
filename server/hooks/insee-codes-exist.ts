import { message } from '../context';
import { ValidationError } from '../http/http-error';
import { communeExists } from '../modules/territories';
import type { EntityHook } from './hook-types';

const INSEE_SHAPE = /^[0-9][0-9AB][0-9]{3}$/;

/**
 * Lists of INSEE codes (a group's or a catchment area's `territories`) may only name communes
 * that exist: « La commune 99999 n'existe pas. » Badly shaped codes are left to the schema's
 * format check, which words them better.
 */
export const inseeCodesExist: EntityHook = {
  beforeValidate({ ctx, record }) {
    const codes = record.territories;
    if (!Array.isArray(codes)) return;
    const unknown = codes.filter((c): c is string => typeof c === 'string' && INSEE_SHAPE.test(c) && !communeExists(c));
    if (!unknown.length) return;
    throw new ValidationError(
      unknown.map((code) => ({
        path: 'territories',
        code: 'unknown_commune',
        params: { code },
        message: message(ctx.app, 'validation.unknown_commune', { code }),
      })),
      message(ctx.app, 'validation.summary'),
    );
  },
};
