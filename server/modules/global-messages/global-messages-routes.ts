import { Router } from 'express';
import { sql } from 'kysely';
import type { AppContext, RequestContext } from '../../context';
import { denied, message, notFound } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { ValidationError } from '../../http/http-error';
import { nowIso } from '../../db/column-types';

const AUDIENCES: Record<string, (ctx: RequestContext) => boolean> = {
  all: () => true,
  staff: (ctx) => ctx.user.roles.includes('staff'),
  professional: (ctx) => ctx.user.userType === 'professional',
  client: (ctx) => ctx.user.userType === 'client',
};

async function messagesFor(app: AppContext, ctx: RequestContext) {
  const now = nowIso();
  const rows = await app.database.db
    .selectFrom('global_message')
    .select(['pk', 'title', 'message_html', 'audience', 'start_date'])
    .where('is_active', '=', 1)
    .where((eb) => eb.or([eb('start_date', 'is', null), eb('start_date', '<=', now)]))
    .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>', now)]))
    .orderBy(sql.ref('start_date'), 'desc')
    .orderBy('pk', 'desc')
    .execute();
  const read = new Set(
    (
      await app.database.db
        .selectFrom('global_message_read')
        .select('message')
        .where('user_pk', '=', ctx.user.pk!)
        .execute()
    ).map((r) => r.message),
  );
  const visible = rows.filter((r) => AUDIENCES[r.audience ?? 'all']?.(ctx));
  const shape = (r: (typeof rows)[number]) => ({ pk: r.pk, title: r.title, messageHtml: r.message_html });
  return {
    newMessages: visible.filter((r) => !read.has(r.pk)).map(shape),
    seenMessages: visible.filter((r) => read.has(r.pk)).map(shape),
  };
}

/** Global messages for signed-in users (spec 01 §3, §4, §7): new until acknowledged, then seen. */
export function globalMessagesRouter(app: AppContext): Router {
  const router = Router();
  router.get(
    '/api/v1/global-messages/messages-for-user/',
    asyncHandler(async (req, res) => {
      if (req.ctx.user.anonymous) throw denied(req.ctx);
      res.json(await messagesFor(app, req.ctx));
    }),
  );
  // The path keeps the reference's "/0/"; the message is in the body.
  router.post(
    '/api/v1/global-messages/mark-message-as-read-by-user/:ignored/',
    asyncHandler(async (req, res) => {
      if (req.ctx.user.anonymous) throw denied(req.ctx);
      const pk = (req.body as { pk?: unknown } | undefined)?.pk;
      if (typeof pk !== 'number' || !Number.isInteger(pk)) {
        throw new ValidationError(
          [{ path: 'pk', code: 'required', params: {}, message: message(app, 'validation.required') }],
          message(app, 'validation.summary'),
        );
      }
      const { newMessages, seenMessages } = await messagesFor(app, req.ctx);
      if (![...newMessages, ...seenMessages].some((m) => m.pk === pk)) throw notFound(req.ctx);
      await app.database.db
        .insertInto('global_message_read')
        .values({ message: pk, user_pk: req.ctx.user.pk!, read_at: nowIso() })
        .onConflict((oc) => oc.columns(['message', 'user_pk']).doNothing())
        .execute();
      res.json({ ok: true });
    }),
  );
  return router;
}
