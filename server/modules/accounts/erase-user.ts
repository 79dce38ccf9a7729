import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { AppDatabase } from '../../db/tables';
import { filterToSql } from '../../db/apply-filter';
import { nowIso } from '../../db/column-types';
import type { EntityRuntime } from '../../../engine/schema/registry';
import { accountSettings } from './settings';

/**
 * What deleting an account does to records that point at the user, read from the schemas (so a
 * module added later is covered without code here):
 * - a required link (the record belongs to the user, e.g. an advisor's downtime) → record deleted;
 * - an optional link → set to empty, the record stays;
 * - a list of users (e.g. the advisors present at a place) → the user is taken out of the list.
 */
type Effect = 'delete' | 'clear' | 'remove-from-list';

export interface Link {
  entity: EntityRuntime;
  property: string;
  effect: Effect;
}

export function userLinks(app: AppContext): Link[] {
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

export function linked(db: Kysely<AppDatabase>, app: AppContext, link: Link, pk: number) {
  const column = link.entity.columnByProperty.get(link.property)!.column;
  const table = link.entity.schema['x-entity'].table;
  const q = db.selectFrom(table as never);
  return link.effect === 'remove-from-list'
    ? q.where((eb) => filterToSql(eb, { contains: link.property, value: pk }, link.entity, app.database.dialect))
    : q.where(sql.ref(column), '=', pk);
}

export async function count(qb: {
  select: (fn: (eb: any) => unknown) => { executeTakeFirst: () => Promise<unknown> };
}): Promise<number> {
  const row = (await qb.select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirst()) as
    { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

export async function isLastAdministrator(db: Kysely<AppDatabase>, pk: number): Promise<boolean> {
  const me = await db
    .selectFrom('account_user')
    .select(['user_type', 'is_active'])
    .where('pk', '=', pk)
    .executeTakeFirst();
  if (me?.user_type !== 'administrator') return false;
  const others = await count(
    db
      .selectFrom('account_user')
      .where('user_type', '=', 'administrator')
      .where('is_active', '=', 1)
      .where('pk', '!=', pk) as never,
  );
  return others === 0;
}

/**
 * Erases what belongs only to a user, inside the caller's transaction `db`, before the user row
 * itself is deleted (the user entity's beforeDelete hook: every deletion of an account takes this
 * one path): records that must have the user are deleted, optional links cleared, lists of users
 * shortened; consent history, mails sent to the address, sessions and sign-in log go too.
 */
export async function eraseUserRecords(app: AppContext, db: Kysely<AppDatabase>, pk: number): Promise<void> {
  const email = (await db.selectFrom('account_user').select('email').where('pk', '=', pk).executeTakeFirst())?.email;
  const now = nowIso();
  for (const link of userLinks(app)) {
    const table = link.entity.schema['x-entity'].table;
    const column = link.entity.columnByProperty.get(link.property)!.column;
    const stamp = link.entity.columnByProperty.has('updatedAt') ? { updated_at: now } : {};
    if (link.effect === 'delete') {
      await db
        .deleteFrom(table as never)
        .where(sql.ref(column), '=', pk)
        .execute();
    } else if (link.effect === 'clear') {
      await db
        .updateTable(table as never)
        .set({ [column]: null, ...stamp } as never)
        .where(sql.ref(column), '=', pk)
        .execute();
    } else {
      const rows = (await linked(db, app, link, pk)
        .select(['pk' as never, sql.ref(column).as('list') as never])
        .execute()) as { pk: number; list: unknown }[];
      for (const r of rows) {
        const list = (typeof r.list === 'string' ? JSON.parse(r.list) : r.list) as unknown[];
        const kept = JSON.stringify(list.filter((v) => v !== pk));
        await db
          .updateTable(table as never)
          .set({ [column]: kept, ...stamp } as never)
          .where('pk' as never, '=', r.pk as never)
          .execute();
      }
    }
  }
  await db.deleteFrom('account_rgpd_consent').where('user', '=', pk).execute();
  if (email) await db.deleteFrom('mail_outbox').where('to_email', '=', email).execute();
  await db.deleteFrom('auth_refresh_token').where('user_pk', '=', pk).execute();
  await db.deleteFrom('login_log').where('user_pk', '=', pk).execute();
  await db.deleteFrom('account_identity_log').where('user_pk', '=', pk).execute();
}

/** The user's files (profile picture), once the deletion is committed. */
export async function eraseUserFiles(app: AppContext, pk: number): Promise<void> {
  await rm(join(accountSettings(app).mediaDir, 'profile-pics', String(pk)), { recursive: true, force: true });
}
