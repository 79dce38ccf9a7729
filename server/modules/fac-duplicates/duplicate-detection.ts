import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/tables';
import { clusterPairs, type KnownGroup } from '../../../engine/file-area/duplicate-clusters';
import { keysOf, type MergeKind } from './record-pointers';
import { duplicatePairs, type Scored } from './duplicate-pairs';

const DUPLICATES = 'fac_duplicate';
const TABLES: Record<MergeKind, string> = { contact: 'fac_contact', organization: 'fac_organization' };
const SCORED: Record<MergeKind, string[]> = {
  contact: ['first_name', 'last_name', 'email'],
  organization: ['name', 'email'],
};
/** The duplicate group's member list for each kind. */
export const MEMBERS: Record<MergeKind, 'contacts' | 'organizations'> = {
  contact: 'contacts',
  organization: 'organizations',
};

/**
 * Finds the duplicates of one structure's contacts (or organisations) and stores them as duplicate
 * groups of that structure (reference §8.3, scoped to the structure so that advisors review only
 * their own; records of a pending import are left out, as in the reference). With `only`, just
 * the pairs of that record (after a save); without, every pair (the full pass). Answers how many
 * groups were created or extended.
 */
export async function detectDuplicates(
  db: Kysely<AppDatabase>,
  kind: MergeKind,
  group: number,
  only?: number,
): Promise<number> {
  const rows = (await db
    .selectFrom(TABLES[kind] as never)
    .select(['pk', ...SCORED[kind]] as never[])
    .where('owning_group' as never, '=', group as never)
    .where('fileimport' as never, 'is', null as never)
    .orderBy('pk' as never)
    .execute()) as Scored[];
  const pairs = await duplicatePairs(kind, rows, only);
  if (!pairs.length) return 0;
  const stored = (await db
    .selectFrom(DUPLICATES as never)
    .select(['pk', 'status', MEMBERS[kind]] as never[])
    .where('owning_group' as never, '=', group as never)
    .where('kind' as never, '=', kind as never)
    .execute()) as Record<string, unknown>[];
  const known: KnownGroup[] = stored.map((g) => ({
    pk: Number(g.pk),
    members: keysOf(g[MEMBERS[kind]]),
    open: g.status === 'to_review',
  }));
  const changes = clusterPairs(pairs, known);
  const now = new Date().toISOString();
  for (const change of changes) {
    if (change.group === null) {
      await db
        .insertInto(DUPLICATES as never)
        .values({
          owning_group: group,
          kind,
          contacts: JSON.stringify(kind === 'contact' ? change.members : []),
          organizations: JSON.stringify(kind === 'organization' ? change.members : []),
          status: 'to_review',
          created_at: now,
          updated_at: now,
        } as never)
        .execute();
    } else {
      const members = [...known.find((g) => g.pk === change.group)!.members, ...change.add];
      await db
        .updateTable(DUPLICATES as never)
        .set({ [MEMBERS[kind]]: JSON.stringify(members), updated_at: now } as never)
        .where('pk' as never, '=', change.group as never)
        .execute();
    }
  }
  return changes.length;
}

/** The full pass over every structure (scheduled job, administrators' « Rechercher les doublons »). */
export async function detectAllDuplicates(db: Kysely<AppDatabase>, groups?: number[]): Promise<number> {
  let changed = 0;
  for (const kind of ['contact', 'organization'] as const) {
    const owners = groups ?? [
      ...new Set(
        (
          (await db
            .selectFrom(TABLES[kind] as never)
            .select('owning_group' as never)
            .distinct()
            .execute()) as { owning_group: number }[]
        ).map((r) => r.owning_group),
      ),
    ];
    for (const group of owners) changed += await detectDuplicates(db, kind, group);
  }
  return changed;
}
