import { Router } from 'express';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { denied, message } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { HttpError } from '../../http/http-error';
import { isPhoneNumber, phoneSearchKey } from '../../../engine/format/phone';
import { fileAreaMatches } from './cti-file-area';
import { visibleRows } from '../../operations/find';
import { entityOf } from '../../operations/entity-access';

/** The caller's number in the form users' phones are searched by, or null when it is not a number. */
export function callerKey(raw: string): string | null {
  return raw.trim() !== '' && isPhoneNumber(raw) ? phoneSearchKey(raw) : null;
}

/**
 * GET /api/v1/cti/{phone}/ (reference §8): who is calling. Active accounts the caller may see whose
 * phone contains the number, and the file-area contacts and organisations the caller may see whose phone
 * fields hold it.
 */
export function ctiRouter(app: AppContext): Router {
  const router = Router();
  router.get(
    '/api/v1/cti/:phone/',
    asyncHandler(async (req, res) => {
      if (!['administrator', 'manager', 'advisor'].some((r) => req.ctx.user.roles.includes(r))) throw denied(req.ctx);
      const phone = callerKey(String(req.params.phone));
      if (!phone) throw new HttpError(404, 'not_a_phone', message(app, 'errors.cti_not_a_phone'));
      // The accounts the caller may see (the user entity's view rule as SQL): their structure's, the
      // clients it works with — not every account of the platform (issue 25).
      const users = (await visibleRows(req.ctx, entityOf(req.ctx, 'user'))
        .select(['pk', 'first_name', 'last_name', 'email', 'phone', 'user_type'])
        .where('is_active', '=', 1)
        .where(sql.ref('phone_cache'), 'like', `%${phone}%`)
        .orderBy('last_name')
        .limit(50)
        .execute()) as {
        pk: number;
        first_name: string | null;
        last_name: string | null;
        email: string;
        phone: string | null;
        user_type: string;
      }[];
      res.json({
        phone,
        users: users.map((u) => ({
          pk: u.pk,
          fullName: [u.first_name, u.last_name].filter(Boolean).join(' '),
          email: u.email,
          phone: u.phone,
          userType: u.user_type,
        })),
        contacts: await fileAreaMatches(req.ctx, 'contact', phone),
        organizations: await fileAreaMatches(req.ctx, 'organization', phone),
      });
    }),
  );
  return router;
}
