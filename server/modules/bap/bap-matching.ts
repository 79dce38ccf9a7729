import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { AppDatabase } from '../../db/tables';
import type { ApiRecord } from '../../db/row-mapper';
import { matchingUsers, type BapCandidate, type BapProjectTarget } from '../../../engine/bap/matching';
import { recordsOf, setFields } from './bap-records';

const numbers = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/**
 * Every professional who joined the exchange, with what the matching needs: the membership, the
 * sheet, its published presentation (the activities and sub-missions the public search uses) and
 * the account. Memberships are few (one per joined professional): a handful of queries by pk.
 */
export async function bapCandidates(app: AppContext, db: Kysely<AppDatabase>): Promise<BapCandidate[]> {
  const memberships = await recordsOf(app, db, 'bap-membership');
  const sheetPks = memberships.map((m) => m.professional);
  const sheets = new Map(
    (await recordsOf(app, db, 'listepro-professional', { property: 'pk', values: sheetPks })).map((s) => [s.pk, s]),
  );
  const presentations = new Map(
    (await recordsOf(app, db, 'listepro-presentation', { property: 'professional', values: sheetPks }))
      .filter((p) => p.version === 'published')
      .map((p) => [p.professional, p]),
  );
  const userPks = [...sheets.values()].map((s) => s.user);
  const users = new Map((await recordsOf(app, db, 'user', { property: 'pk', values: userPks })).map((u) => [u.pk, u]));
  const out: BapCandidate[] = [];
  for (const m of memberships) {
    const sheet = sheets.get(m.professional);
    const user = sheet ? users.get(sheet.user) : undefined;
    if (!sheet || !user) continue;
    const presentation = presentations.get(sheet.pk);
    out.push({
      user: user.pk as number,
      userIsActive: user.isActive === true,
      allowToRegisterToBap: sheet.allowToRegisterToBap === true,
      charterAccepted: m.charterAccepted === true,
      proIsValid: sheet.proIsValid === true,
      transitionState: String(sheet.transitionState ?? ''),
      activities: numbers(presentation?.activities),
      subMissions: numbers(presentation?.subMissions),
      departments: strings(m.departments),
      communes: strings(m.territories),
    });
  }
  return out;
}

export function projectTarget(project: ApiRecord): BapProjectTarget {
  return {
    activity: Number(project.activity),
    subMission: Number(project.subMission),
    commune: String(project.commune ?? ''),
    department: String(project.department ?? ''),
  };
}

/**
 * Stores on a project the accounts it reaches (its view rule reads them, so the list scoping and
 * the detail enforce the matching in SQL) and answers those it did not reach before, who get the
 * « new project » mail. A draft reaches no one yet: its list is computed at publication.
 */
export async function refreshMatches(
  app: AppContext,
  db: Kysely<AppDatabase>,
  project: ApiRecord,
  candidates?: BapCandidate[],
): Promise<number[]> {
  const before = numbers(project.matchedUsers);
  const after =
    project.state === 'published'
      ? matchingUsers(candidates ?? (await bapCandidates(app, db)), projectTarget(project))
      : before;
  // A closed project keeps who it reached (they may still read it); a published one follows the data.
  if (after.join() !== before.join())
    await setFields(app, db, 'bap-project', project.pk as number, { matchedUsers: after });
  return after.filter((u) => !before.includes(u));
}

/** After a membership changed: the open projects follow, and newly reached professionals are told. */
export async function refreshOpenProjects(
  app: AppContext,
  db: Kysely<AppDatabase>,
): Promise<{ project: ApiRecord; added: number[] }[]> {
  const candidates = await bapCandidates(app, db);
  const open = await recordsOf(app, db, 'bap-project', { property: 'state', values: ['published'] });
  const out: { project: ApiRecord; added: number[] }[] = [];
  for (const project of open) {
    const added = await refreshMatches(app, db, project, candidates);
    if (added.length) out.push({ project, added });
  }
  return out;
}
