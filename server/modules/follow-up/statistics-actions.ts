import type { RequestContext } from '../../context';
import type { ApiRecord } from '../../db/row-mapper';
import type { StatisticsSelection } from './statistics-query';
import { recordOf, recordsWhere } from '../../hooks/fac/follow-up-data';
import { plainTextOf } from '../../../engine/html/plain-text';

/** One row of the « Actions » sheet (reference 9.4): a done action of the selection in the range. */
export interface ActionRow {
  group: string;
  name: string;
  type: string;
  email: string;
  newsletters: string;
  address: string;
  town: string;
  zipcode: string;
  members: number;
  referents: string;
  action: string;
  doneBy: string;
  date: string | null;
  contact: string;
  contactTitle: string;
  attachment: string;
  message: string;
  tags: string[];
}

const fullName = (r: ApiRecord | undefined, first = 'firstName', last = 'lastName'): string =>
  r ? [r[last], r[first]].filter(Boolean).join(' ') : '';

/**
 * The done actions of the selection's structures dated in the range, by date (9.4 « Actions »),
 * with the folder's contact or organisation described as the reference's columns do (its
 * ACTIMMO-only columns left out). Linked records are read once each.
 */
export async function actionRows(ctx: RequestContext, sel: StatisticsSelection): Promise<ActionRow[]> {
  const db = ctx.app.database.db;
  let q = db
    .selectFrom('fac_action as a')
    .innerJoin('fac_folder as f', 'f.pk', 'a.folder')
    .select(['a.pk'])
    .where('a.done', '=', 1)
    .where('f.project', '=', sel.project.pk)
    .where('a.owning_group', 'in', sel.groups.length ? sel.groups.map((g) => g.pk) : [-1]);
  if (sel.dateStart) q = q.where('a.date', '>=', sel.dateStart);
  if (sel.dateEnd) q = q.where('a.date', '<=', sel.dateEnd);
  const pks = (await q.orderBy('a.date').orderBy('a.pk').execute()).map((r) => r.pk);
  const cache = new Map<string, Promise<ApiRecord | undefined>>();
  const read = (entity: string, pk: unknown): Promise<ApiRecord | undefined> => {
    const key = `${entity}:${String(pk)}`;
    if (!cache.has(key)) cache.set(key, recordOf(ctx.app, db, entity, pk));
    return cache.get(key)!;
  };
  const groupNames = new Map(sel.groups.map((g) => [g.pk, g.name]));
  const out: ActionRow[] = [];
  for (const pk of pks) {
    const a = (await read('action', pk))!;
    const folder = await read('folder', a.folder);
    const linked = folder?.contact
      ? await read('contact', folder.contact)
      : folder?.organization
        ? await read('organization', folder.organization)
        : undefined;
    const isOrg = Boolean(folder?.organization && !folder?.contact);
    const referents = await Promise.all(((linked?.referents as number[]) ?? []).map((u) => read('user', u)));
    const tags = await Promise.all(((linked?.tags as number[]) ?? []).map((t) => read('tag', t)));
    const concerned = await read('contact', a.contact);
    let contactTitle = '';
    if (concerned && isOrg) {
      const m = (await recordsWhere(ctx.app, db, 'membership', 'contact', concerned.pk as number)).find(
        (x) => x.organization === folder?.organization,
      );
      contactTitle = String(m?.titleInOrganization ?? '');
    }
    const attachment = a.attachment as { name?: string } | null;
    out.push({
      group: groupNames.get(a.owningGroup as number) ?? '',
      name: isOrg ? String(linked?.name ?? '') : fullName(linked),
      type: isOrg ? String(linked?.typeOfOrganization ?? '') : 'Contact',
      email: String(linked?.email ?? ''),
      newsletters: linked?.acceptsNewsletters ? 'Oui' : 'Non',
      address: String(linked?.address ?? ''),
      town: String(linked?.town ?? ''),
      zipcode: String(linked?.zipcode ?? ''),
      members: isOrg
        ? (await recordsWhere(ctx.app, db, 'membership', 'organization', folder!.organization as number)).length
        : 0,
      referents: referents.map((u) => fullName(u)).join(', '),
      action: String((await read('action-model', a.model))?.name ?? ''),
      doneBy: fullName(await read('user', a.doneBy)),
      date: (a.date as string | null) ?? null,
      contact: fullName(concerned),
      contactTitle,
      attachment: attachment?.name ?? '',
      message: plainTextOf(String(a.message ?? ''), 32_000),
      tags: tags.map((t) => String(t?.name ?? '')).filter(Boolean),
    });
  }
  return out;
}
