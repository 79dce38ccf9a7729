import type { AppContext } from '../../context';
import { anonymousUser, ruleUser, type RuleUser } from '../../../engine/logic/user-context';

export interface SignedInUser {
  rule: RuleUser;
  row: { pk: number; email: string | null; first_name: string | null; last_name: string | null; user_type: string | null; group: number | null; is_active: number | null; allowed_to_see_bap_menu: number | null };
}

/** The caller as rules see it; managers also manage the groups their admin group administers. */
export async function loadUser(app: AppContext, pk: number): Promise<SignedInUser | null> {
  const db = app.database.db;
  const row = await db.selectFrom('account_user')
    .select(['pk', 'email', 'first_name', 'last_name', 'user_type', 'group', 'is_active', 'allowed_to_see_bap_menu'])
    .where('pk', '=', pk).executeTakeFirst();
  if (!row || !row.is_active || !row.user_type) return null;
  let children: number[] = [];
  let ademeId: string | null = null;
  if (row.group !== null) {
    const group = await db.selectFrom('account_group').select(['is_active', 'ademe_id']).where('pk', '=', row.group).executeTakeFirst();
    if (group && group.is_active === 0) return null; // an inactive structure blocks its users
    ademeId = group?.ademe_id ?? null;
    if (row.user_type === 'manager') {
      children = (await db.selectFrom('account_group').select('pk').where('admin_group', '=', row.group).execute()).map((g) => g.pk);
    }
  }
  const rule = ruleUser({ pk: row.pk, userType: row.user_type, group: row.group, allowedToSeeBapMenu: Boolean(row.allowed_to_see_bap_menu) }, app.registry.declarations.roles, children, ademeId || null);
  return { rule, row };
}

export function anonymous(app: AppContext): RuleUser {
  return anonymousUser(app.registry.declarations.roles);
}
