import { Router, type Request } from 'express';
import type { AppContext, RequestContext } from '../../context';
import { denied, message, notFound } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { HttpError } from '../../http/http-error';
import { inTransaction } from '../../db/transaction';
import { rowToRecord, type ApiRecord } from '../../db/row-mapper';
import { assertMay, assertModuleEnabled, entityOf } from '../../operations/entity-access';
import { loadRow, parsePk } from '../../operations/find-one';
import { create } from '../../operations/write';
import { loadUser } from '../auth/load-user';
import { sendPasswordMail } from '../accounts/account-mails';

const SHEET = 'listepro-professional';
/** What the account form sends; anything else (type, group, rights) is decided here. */
const ACCOUNT_FIELDS = ['email', 'firstName', 'lastName', 'title', 'phone'] as const;
/** The sheet's first values from the same form (spec 03: the sheet is then « Éditer la fiche »). */
const SHEET_FIELDS = ['name', 'job'] as const;

/** The directory team (advisors, super advisors, directory administrators) and administrators. */
function assertDirectoryTeam(ctx: RequestContext): void {
  if (ctx.user.anonymous) throw denied(ctx);
  if (!ctx.user.roles.some((r) => r === 'advisor' || r === 'administrator'))
    throw new HttpError(403, 'role_not_allowed', message(ctx.app, 'workflow.role_not_allowed'));
}

/** The sheet the caller may see (404 otherwise, as the generic detail). */
async function sheetOf(ctx: RequestContext, rawPk: unknown): Promise<ApiRecord> {
  const entity = entityOf(ctx, SHEET);
  assertModuleEnabled(ctx, entity);
  const pk = parsePk(rawPk);
  if (pk === null) throw notFound(ctx);
  const row = await loadRow(ctx.app.database.db, entity, pk);
  if (!row) throw notFound(ctx);
  const record = rowToRecord(entity, row);
  assertMay(ctx, entity, 'view', record);
  return record;
}

function bodyOf(ctx: RequestContext, req: Request): Record<string, unknown> {
  const body = req.body as unknown;
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new HttpError(400, 'invalid_json', message(ctx.app, 'errors.invalid_json'));
  return body as Record<string, unknown>;
}

/**
 * The admin area's account actions on a sheet (spec 03 §2 « Compte utilisateur », §8):
 * - POST /api/v1/listepro/accounts/ creates the professional's account and its sheet, linked, in
 *   one transaction, through the generic creations (their validation; their rights: the
 *   directory team may create professional accounts and sheets; their hooks: the
 *   account-initialisation mail leaves after the commit, never for a rolled-back account);
 * - POST …/password-reset/ sends the account the platform's password-reset mail.
 * Both are for the directory team only, checked here whatever the screen shows.
 */
export function professionalAccountRouter(app: AppContext): Router {
  const router = Router();

  router.post(
    '/api/v1/listepro/accounts/',
    asyncHandler(async (req, res) => {
      const ctx = req.ctx;
      assertDirectoryTeam(ctx);
      assertModuleEnabled(ctx, entityOf(ctx, SHEET));
      const body = bodyOf(ctx, req);
      const account: Record<string, unknown> = { userType: 'professional', isActive: true };
      for (const f of ACCOUNT_FIELDS) if (body[f] !== undefined) account[f] = body[f];
      // A professional belongs to a structure (reference 2.1): the one of the team member who
      // manages the account (the reference's managedByGroup); an administrator, who has none, names it.
      account.group =
        ctx.user.roles.includes('administrator') && body.group !== undefined ? body.group : ctx.user.group;
      // The account belongs to the site it was created on: its mails link there.
      if (ctx.whiteLabel.id) account.whiteLabelling = ctx.whiteLabel.id;
      const result = await inTransaction(ctx, async (tctx) => {
        const user = await create(tctx, 'user', account, { requestHost: req.get('host') });
        // The sheet starts with what the form knows; the team completes it on the sheet's form.
        const sheet: Record<string, unknown> = { user: user.pk, email: user.email };
        for (const f of SHEET_FIELDS) if (body[f] !== undefined) sheet[f] = body[f];
        const professional = await create(tctx, SHEET, sheet);
        return { user, professional };
      });
      res.status(201).json({ ...result, message: message(app, 'listepro-office.account.created') });
    }),
  );

  router.post(
    '/api/v1/listepro/professional/:pk/password-reset/',
    asyncHandler(async (req, res) => {
      const ctx = req.ctx;
      assertDirectoryTeam(ctx);
      const sheet = await sheetOf(ctx, req.params.pk);
      const userPk = typeof sheet.user === 'number' ? sheet.user : null;
      const account = userPk
        ? await app.database.db
            .selectFrom('account_user')
            .select(['pk', 'is_active'])
            .where('pk', '=', userPk)
            .executeTakeFirst()
        : undefined;
      if (!account) throw new HttpError(404, 'account_not_found', message(app, 'listepro-office.reset.not_found'));
      // Inactive account or structure: no link (the public reset says nothing; the team is told).
      if (!account.is_active || !(await loadUser(app, account.pk)))
        throw new HttpError(400, 'account_inactive', message(app, 'listepro-office.reset.inactive'));
      await sendPasswordMail(app, {
        userPk: account.pk,
        purpose: 'reset',
        requestWhiteLabel: ctx.whiteLabel.id,
        origin: { requestHost: req.get('host') },
      });
      res.json({ ok: 'done', message: message(app, 'listepro-office.reset.sent') });
    }),
  );

  return router;
}
