import { Router } from 'express';
import type { AppContext } from '../../../context';
import { denied } from '../../../context';
import { HttpError } from '../../../http/http-error';
import { asyncHandler } from '../../../http/async-handler';
import { isRecordKey } from '../../../db/record-key';
import { enqueueJob } from '../../../jobs/enqueue-job';
import { BASE } from '../booking-base';
import { DELIVER_EXCHANGE_JOB } from './appointment-notifications';

export const RESEND_MESSAGES = {
  notFound: 'Échange introuvable.',
  queued: 'Le message est remis dans la file d’envoi : il partira dans quelques instants.',
  chat: 'Ce type de message ne peut pas être renvoyé.',
} as const;

/**
 * POST /dialogwatt/exchange/{pk}/resend/ (staff of the exchange's structure): clears the sending
 * date and the error and queues a new delivery now. A resend key per request, so that each
 * resend is one delivery; the delivery itself skips an exchange already sent meanwhile.
 */
export function exchangeRouter(_app: AppContext): Router {
  const router = Router();
  router.post(
    `${BASE}/exchange/:pk/resend/`,
    asyncHandler(async (req, res) => {
      const ctx = req.ctx;
      if (ctx.user.anonymous || !ctx.user.roles.includes('staff')) throw denied(ctx);
      const pk = Number(req.params.pk);
      if (!isRecordKey(pk)) throw new HttpError(404, 'not_found', RESEND_MESSAGES.notFound);
      const db = ctx.app.database.db;
      const e = await db
        .selectFrom('dialogwatt_exchange')
        .select(['pk', 'group', 'message_type'])
        .where('pk', '=', pk)
        .executeTakeFirst();
      const admin = ctx.user.roles.includes('administrator');
      if (!e || (!admin && (e.group === null || !ctx.user.scopeGroups.includes(e.group))))
        throw new HttpError(404, 'not_found', RESEND_MESSAGES.notFound);
      if (e.message_type !== 'mail' && e.message_type !== 'sms')
        throw new HttpError(400, 'not_resendable', RESEND_MESSAGES.chat);
      const now = new Date();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('dialogwatt_exchange')
          .set({ has_been_sent_on: null, error: '', updated_at: now.toISOString() })
          .where('pk', '=', pk)
          .execute();
        await enqueueJob(trx, {
          kind: DELIVER_EXCHANGE_JOB,
          runAt: now,
          payload: { exchange: pk },
          dedupeKey: `exchange:${pk}:resend:${now.getTime()}`,
        });
      });
      res.json({ pk, message: RESEND_MESSAGES.queued });
    }),
  );
  return router;
}
