import { Router } from 'express';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { AppContext, RequestContext } from '../../context';
import { message } from '../../context';
import type { AppDatabase } from '../../db/tables';
import { asyncHandler } from '../../http/async-handler';
import { HttpError, ValidationError } from '../../http/http-error';
import { filterToSql } from '../../db/apply-filter';
import { nowIso } from '../../db/column-types';
import type { EntityRuntime } from '../../../engine/schema/registry';
import { verifyPassword } from '../auth/passwords';
import { accountSettings } from './settings';
import { requireUser } from './profile';

/**
 * What deleting an account does to records that point at the user, read from the schemas (so a
 * module added later is covered without code here):
 * - a required link (the record belongs to the user, e.g. an advisor's downtime) → record deleted;
 * - an optional link → set to empty, the record stays;
 * - a list of users (e.g. the advisors present at a place) → the user is taken out of the list.
 */
type Effect = 'delete' | 'clear' | 'remove-from-list';

interface Link { entity: EntityRuntime; property: string; effect: Effect }

function userLinks(app: AppContext): Link[] {
  const links: Link[] = [];
  for (const entity of app.registry.entities.values()) {
    if (entity.name === 'user') continue;
    for (const [property, p] of Object.entries(entity.schema.properties)) {
      if (p['x-relation']?.entity !== 'user' || p['x-storage']?.virtual) continue;
      const nullable = Array.isArray(p.type) && p.type.includes('null');
      links.push({ entity, property, effect: p.type === 'array' ? 'remove-from-list' : nullable ? 'clear' : 'delete' });
    }
  }
  return links;
}

function linked(db: Kysely<AppDatabase>, app: AppContext, link: Link, pk: number) {
  const column = link.entity.columnByProperty.get(link.property)!.column;
  const table = link.entity.schema['x-entity'].table;
  const q = db.selectFrom(table as never);
  return link.effect === 'remove-from-list'
    ? q.where((eb) => filterToSql(eb, { contains: link.property, value: pk }, link.entity, app.database.dialect))
    : q.where(sql.ref(column), '=', pk);
}

export interface DeletionItem { label: string; count: number }

export interface DeletionPreview {
  deleted: DeletionItem[];
  detached: DeletionItem[];
  isLastAdministrator: boolean;
}

async function count(qb: { select: (fn: (eb: any) => unknown) => { executeTakeFirst: () => Promise<unknown> } }): Promise<number> {
  const row = (await qb.select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

async function isLastAdministrator(db: Kysely<AppDatabase>, pk: number): Promise<boolean> {
  const me = await db.selectFrom('account_user').select(['user_type', 'is_active']).where('pk', '=', pk).executeTakeFirst();
  if (me?.user_type !== 'administrator') return false;
  const others = await count(db.selectFrom('account_user').where('user_type', '=', 'administrator').where('is_active', '=', 1).where('pk', '!=', pk) as never);
  return others === 0;
}

/** What the deletion screen lists, counted for this user now. */
export async function deletionPreview(app: AppContext, pk: number): Promise<DeletionPreview> {
  const db = app.database.db;
  const email = (await db.selectFrom('account_user').select('email').where('pk', '=', pk).executeTakeFirst())?.email ?? '';
  const deleted: DeletionItem[] = [
    { label: message(app, 'accounts.delete.item.consents'), count: await count(db.selectFrom('account_rgpd_consent').where('user', '=', pk) as never) },
    { label: message(app, 'accounts.delete.item.logins'), count: await count(db.selectFrom('login_log').where('user_pk', '=', pk) as never) },
    { label: message(app, 'accounts.delete.item.mails'), count: email ? await count(db.selectFrom('mail_outbox').where('to_email', '=', email) as never) : 0 },
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

/** Erases a user and what belongs only to them, in one transaction (files after the commit). */
export async function eraseUser(app: AppContext, pk: number): Promise<void> {
  await app.database.db.transaction().execute(async (trx) => {
    const email = (await trx.selectFrom('account_user').select('email').where('pk', '=', pk).executeTakeFirst())?.email;
    const now = nowIso();
    for (const link of userLinks(app)) {
      const table = link.entity.schema['x-entity'].table;
      const column = link.entity.columnByProperty.get(link.property)!.column;
      const stamp = link.entity.columnByProperty.has('updatedAt') ? { updated_at: now } : {};
      if (link.effect === 'delete') {
        await trx.deleteFrom(table as never).where(sql.ref(column), '=', pk).execute();
      } else if (link.effect === 'clear') {
        await trx.updateTable(table as never).set({ [column]: null, ...stamp } as never).where(sql.ref(column), '=', pk).execute();
      } else {
        const rows = (await linked(trx, app, link, pk).select(['pk' as never, sql.ref(column).as('list') as never]).execute()) as { pk: number; list: unknown }[];
        for (const r of rows) {
          const list = (typeof r.list === 'string' ? JSON.parse(r.list) : r.list) as unknown[];
          const kept = JSON.stringify(list.filter((v) => v !== pk));
          await trx.updateTable(table as never).set({ [column]: kept, ...stamp } as never).where('pk' as never, '=', r.pk as never).execute();
        }
      }
    }
    await trx.deleteFrom('account_rgpd_consent').where('user', '=', pk).execute();
    if (email) await trx.deleteFrom('mail_outbox').where('to_email', '=', email).execute();
    await trx.deleteFrom('auth_refresh_token').where('user_pk', '=', pk).execute();
    await trx.deleteFrom('login_log').where('user_pk', '=', pk).execute();
    await trx.deleteFrom('account_user').where('pk', '=', pk).execute();
  });
  await rm(join(accountSettings(app).mediaDir, 'profile-pics', String(pk)), { recursive: true, force: true });
}

async function checkPassword(ctx: RequestContext, pk: number, password: unknown): Promise<void> {
  const field = (code: string) => new ValidationError([{ path: 'password', code, params: {}, message: message(ctx.app, code.includes('.') ? code : `validation.${code}`) }], message(ctx.app, 'validation.summary'));
  if (typeof password !== 'string' || password === '') throw field('required');
  const row = await ctx.app.database.db.selectFrom('account_user').select('password_hash').where('pk', '=', pk).executeTakeFirst();
  if (!(await verifyPassword(row?.password_hash, password))) throw field('accounts.password.wrong');
}

export function accountDeletionRouter(app: AppContext): Router {
  const router = Router();

  router.get('/api/v1/accounts/profile/me/deletion/', asyncHandler(async (req, res) => {
    res.json(await deletionPreview(app, requireUser(req.ctx)));
  }));

  router.delete('/api/v1/accounts/profile/me/', asyncHandler(async (req, res) => {
    const ctx = req.ctx;
    const pk = requireUser(ctx);
    await checkPassword(ctx, pk, (req.body as Record<string, unknown> | undefined)?.password);
    if (await isLastAdministrator(app.database.db, pk)) throw new HttpError(409, 'last_administrator', message(app, 'accounts.delete.last_administrator'));
    await eraseUser(app, pk);
    res.json({ ok: 'Deleted' });
  }));

  return router;
}
