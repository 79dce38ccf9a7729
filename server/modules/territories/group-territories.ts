import type { RequestContext } from '../../context';
import { loadRow } from '../../operations/find-one';
import { rowToRecord } from '../../db/row-mapper';

export interface GroupTerritories {
  pk: number;
  isAdmin: boolean;
  adminGroup: number | null;
  /** INSEE codes of the group's communes. */
  territories: string[];
}

/**
 * A group's communes and its place in the hierarchy, read through the group entity's mapping.
 * Rights are the caller's business: the territory endpoints disclose commune lists, never the group.
 */
export async function groupTerritories(ctx: RequestContext, pk: number): Promise<GroupTerritories | null> {
  const entity = ctx.app.registry.entities.get('group');
  if (!entity) return null;
  const row = await loadRow(ctx.app.database.db, entity, pk);
  if (!row) return null;
  const g = rowToRecord(entity, row);
  return {
    pk,
    isAdmin: Boolean(g.isAdmin),
    adminGroup: typeof g.adminGroup === 'number' ? g.adminGroup : null,
    territories: Array.isArray(g.territories) ? g.territories.filter((c): c is string => typeof c === 'string') : [],
  };
}

/** The communes of a group's admin group, or of the group itself when it is one (null: neither). */
export async function adminTerritories(ctx: RequestContext, group: GroupTerritories): Promise<string[] | null> {
  if (group.isAdmin) return group.territories;
  if (group.adminGroup === null) return null;
  return (await groupTerritories(ctx, group.adminGroup))?.territories ?? null;
}

/**
 * The communes a caller may work with (reference §6): managers and advisors are bound to their
 * admin group's communes (their own group's when it is the admin group; nothing without a
 * group); every other caller — administrators, professionals, clients, visitors — sees everything
 * (null).
 */
export async function allowedCommunes(ctx: RequestContext): Promise<Set<string> | null> {
  const roles = ctx.user.roles;
  if (roles.includes('administrator') || !(roles.includes('manager') || roles.includes('advisor'))) return null;
  if (ctx.user.group === null) return new Set();
  const own = await groupTerritories(ctx, ctx.user.group);
  if (!own) return new Set();
  return new Set((await adminTerritories(ctx, own)) ?? []);
}
