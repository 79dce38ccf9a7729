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
    ])
    .where('account_user.pk', '=', 0);
}

type UserRow = Awaited<ReturnType<ReturnType<typeof userQuery>['executeTakeFirst']>>;

// This query runs on every signed-in request: it is compiled once per database, not rebuilt.
const compiled = new WeakMap<object, string>();

/** The caller as rules see it; managers also manage the groups their admin group administers. */
export async function loadUser(app: AppContext, pk: number): Promise<SignedInUser | null> {
  const db = app.database.db;
  let text = compiled.get(app.database);
  if (!text) compiled.set(app.database, (text = userQuery(app).compile().sql));
  const row = (await db.executeQuery<NonNullable<UserRow>>(CompiledQuery.raw(text, [pk]))).rows[0];
  if (!row || !row.is_active || !row.user_type) return null;
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
  const { group_is_active: _a, group_ademe_id: _b, piloted: _c, ...user } = row;
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

export function anonymous(app: AppContext): RuleUser {
  return anonymousUser(app.registry.declarations.roles);
}
