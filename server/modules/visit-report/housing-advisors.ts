import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/tables';

/** The kinds of account that sign a report: the report's `advisor` relation offers the same. */
export const SIGNING_USER_TYPES = ['advisor', 'superadvisor'];

export interface HousingAdvisor {
  pk: number;
  fullName: string;
  email: string;
  group: { pk: number; name: string };
}

/** A housing's `groups` as stored (JSON text on SQLite, an array on PostgreSQL). */
export function groupsOf(value: unknown): number[] {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(list) ? list.filter((g): g is number => typeof g === 'number') : [];
}

/**
 * The advisors who followed a household (reference 10.8 `advisors-for-housing`): the active advisor
 * and super-advisor accounts of the housing's active structures, by name. The report's advisor is one
 * of them (issue 28 row 9).
 */
export async function housingAdvisors(db: Kysely<AppDatabase>, groups: number[]): Promise<HousingAdvisor[]> {
  if (!groups.length) return [];
  const rows = await db
    .selectFrom('account_user as u')
    .innerJoin('account_group as g', 'g.pk', 'u.group')
    .select(['u.pk', 'u.first_name', 'u.last_name', 'u.email', 'g.pk as groupPk', 'g.name as groupName'])
    .where('u.group', 'in', groups)
    .where('u.is_active', '=', 1)
    .where('g.is_active', '=', 1)
    .where('u.user_type', 'in', SIGNING_USER_TYPES)
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('u.pk')
    .execute();
  return rows.map((r) => ({
    pk: r.pk,
    fullName: [r.first_name, r.last_name].filter((v) => v && v.trim()).join(' ') || (r.email ?? ''),
    email: r.email ?? '',
    group: { pk: r.groupPk, name: r.groupName ?? '' },
  }));
}
