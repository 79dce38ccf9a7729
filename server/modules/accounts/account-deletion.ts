import { Router } from 'express';
import type { AppContext, RequestContext } from '../../context';
import { message } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { ValidationError } from '../../http/http-error';
import { remove } from '../../operations/write';
import { systemContext } from '../../seed/system-context';
import { verifyPassword } from '../auth/passwords';
import { requireUser } from './profile';
import { count, isLastAdministrator, linked, userLinks } from './erase-user';

export interface DeletionItem {
  label: string;
  count: number;
}

export interface DeletionPreview {
  deleted: DeletionItem[];
  detached: DeletionItem[];
  isLastAdministrator: boolean;
}

/** What the deletion screen lists, counted for this user now. */
export async function deletionPreview(app: AppContext, pk: number): Promise<DeletionPreview> {
  const db = app.database.db;
  const email =
    (await db.selectFrom('account_user').select('email').where('pk', '=', pk).executeTakeFirst())?.email ?? '';
  const deleted: DeletionItem[] = [
    {
      label: message(app, 'accounts.delete.item.consents'),
      count: await count(db.selectFrom('account_rgpd_consent').where('user', '=', pk) as never),
    },
    {
      label: message(app, 'accounts.delete.item.logins'),
      count: await count(db.selectFrom('login_log').where('user_pk', '=', pk) as never),
    },
    {
      label: message(app, 'accounts.delete.item.mails'),
      count: email ? await count(db.selectFrom('mail_outbox').where('to_email', '=', email) as never) : 0,
    },
  ];
  const detached: DeletionItem[] = [];
  for (const link of userLinks(app)) {
    const n = await count(linked(db, app, link, pk) as never);
    if (!n) continue;
    const x = link.entity.schema['x-entity'];
    const label = `${x.labels.plural} (${link.entity.schema.properties[link.property].title})`;
    (link.effect === 'delete' ? deleted : detached).push({ label, count: n });
  }
  return { deleted, detached, isLastAdministrator: await isLastAdministrator(db, pk) };
}

async function checkPassword(ctx: RequestContext, pk: number, password: unknown): Promise<void> {
  const field = (code: string) =>
    new ValidationError(
      [
        {
          path: 'password',
          code,
          params: {},
          message: message(ctx.app, code.includes('.') ? code : `validation.${code}`),
        },
      ],
      message(ctx.app, 'validation.summary'),
    );
  if (typeof password !== 'string' || password === '') throw field('required');
  const row = await ctx.app.database.db
    .selectFrom('account_user')
    .select('password_hash')
    .where('pk', '=', pk)
    .executeTakeFirst();
  if (!(await verifyPassword(row?.password_hash, password))) throw field('accounts.password.wrong');
}

export function accountDeletionRouter(app: AppContext): Router {
  const router = Router();

  router.get(
    '/api/v1/accounts/profile/me/deletion/',
    asyncHandler(async (req, res) => {
      res.json(await deletionPreview(app, requireUser(req.ctx)));
    }),
  );

  router.delete(
    '/api/v1/accounts/profile/me/',
    asyncHandler(async (req, res) => {
      const ctx = req.ctx;
      const pk = requireUser(ctx);
      await checkPassword(ctx, pk, (req.body as Record<string, unknown> | undefined)?.password);
      // The same path as any deletion of a user (its beforeDelete hook erases what belongs to it and
      // refuses the last administrator), with the platform's rights: the password stood for them.
      await remove(systemContext(app), 'user', pk);
      res.json({ ok: 'Deleted' });
    }),
  );

  return router;
}
