import { CompiledQuery, sql } from 'kysely';
import type { AppContext } from '../../context';
import { anonymousUser, ruleUser, type RuleUser } from '../../../engine/logic/user-context';

export interface SignedInUser {
  rule: RuleUser;
  row: {
    pk: number;
    email: string | null;
    first_name: string | null;
    last_name: string | null;
    user_type: string | null;
    group: number | null;
    is_active: number | null;
    allowed_to_see_bap_menu: number | null;
    white_labelling: number | null;
  };
}

/** Stand for the user's pk and the session's family in the compiled statement (their places among its parameters). */
const PK_PARAMETER = 0;
const FAMILY_PARAMETER = '\u0000family';

function userQuery(app: AppContext) {
  return app.database.db
    .selectFrom('account_user')
    .leftJoin('account_group', 'account_group.pk', 'account_user.group')
    .select([
      'account_user.pk',
      'account_user.email',
      'account_user.first_name',
      'account_user.last_name',
      'account_user.user_type',
      'account_user.group',
      'account_user.is_active',
      'account_user.allowed_to_see_bap_menu',
      'account_user.white_labelling',
      'account_group.is_active as group_is_active',
      'account_group.ademe_id as group_ademe_id',
      // The laureate structures the user's structure pilots (reference 8.8), read with the user: one
      // statement per signed-in request instead of two.
      (app.database.dialect === 'postgres'
        ? sql<unknown>`(select coalesce(jsonb_agg(s.laureate_groups), '[]'::jsonb) from fac_project_share s
            where s.pilot_group = account_user."group")`
        : sql<unknown>`(select json_group_array(json(s.laureate_groups)) from fac_project_share s
            where s.pilot_group = account_user."group")`
      ).as('piloted'),
      // Whether the session the access token was minted for is still open: its refresh-token family
      // keeps one live (unrevoked) token until sign-out, a password change or a replayed token ends
      // it. Read with the user, so that the end of a session ends its access tokens at once, in every
      // server process, with no cache to tell (partial index auth_refresh_token_live_family_idx).
      sql<unknown>`exists (select 1 from auth_refresh_token t
          where t.family = ${FAMILY_PARAMETER} and t.revoked_at is null)`.as('session_live'),
    ])
    .where('account_user.pk', '=', PK_PARAMETER);
}

type UserRow = Awaited<ReturnType<ReturnType<typeof userQuery>['executeTakeFirst']>>;

// This query runs on every signed-in request: it is compiled once per database, not rebuilt.
const compiled = new WeakMap<object, { sql: string; parameters: readonly unknown[] }>();

/**
 * The caller as rules see it; managers also manage the groups their admin group administers. With
 * `session` (a request's access token), null as well when that session was ended: a signed-out or
 * password-changed session's access tokens stop working at once, not when they expire.
 */
export async function loadUser(
  app: AppContext,
  pk: number,
  session?: { family: string },
): Promise<SignedInUser | null> {
  const db = app.database.db;
  let query = compiled.get(app.database);
  if (!query) compiled.set(app.database, (query = userQuery(app).compile()));
  const parameters = query.parameters.map((p) =>
    p === FAMILY_PARAMETER ? (session?.family ?? '') : p === PK_PARAMETER ? pk : p,
  );
  const row = (await db.executeQuery<NonNullable<UserRow>>(CompiledQuery.raw(query.sql, parameters))).rows[0];
  if (!row || !row.is_active || !row.user_type) return null;
  if (session && !sessionLive(row.session_live)) return null;
  if (row.group !== null && row.group_is_active === 0) return null; // an inactive structure blocks its users
  const children =
    row.user_type === 'manager' && row.group !== null
      ? (await db.selectFrom('account_group').select('pk').where('admin_group', '=', row.group).execute()).map(
          (g) => g.pk,
        )
      : [];
  const rule = ruleUser(
    {
      pk: row.pk,
      userType: row.user_type,
      group: row.group,
      allowedToSeeBapMenu: Boolean(row.allowed_to_see_bap_menu),
    },
    app.registry.declarations.roles,
    children,
    row.group_ademe_id || null,
  );
  // Pilots' rights concern advisors only.
  if (rule.roles.includes('advisor') && row.group !== null)
    rule.laureateGroups = laureatesPiloted(row.piloted, row.group);
  const { group_is_active: _a, group_ademe_id: _b, piloted: _c, session_live: _d, ...user } = row;
  return { rule, row: user };
}

/** The piloted structures' laureate lists (a JSON array of arrays, text on SQLite) as sorted pks, own excluded. */
function laureatesPiloted(piloted: unknown, group: number): number[] {
  let lists: unknown = piloted;
  if (typeof lists === 'string') {
    try {
      lists = JSON.parse(lists);
    } catch {
      lists = [];
    }
  }
  const all = (Array.isArray(lists) ? lists : []).flatMap((l: unknown) => (Array.isArray(l) ? l : []));
  const pks = all.filter((g): g is number => typeof g === 'number' && Number.isInteger(g) && g !== group);
  return [...new Set(pks)].sort((a, b) => a - b);
}

/** `exists` arrives as a boolean on PostgreSQL, 0 or 1 on SQLite. */
function sessionLive(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 't';
}

export function anonymous(app: AppContext): RuleUser {
  return anonymousUser(app.registry.declarations.roles);
}
