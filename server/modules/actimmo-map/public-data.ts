import type { RequestContext } from '../../context';
import { find, visibleRows } from '../../operations/find';
import { entityOf } from '../../operations/entity-access';
import { rowToRecord, type ApiRecord } from '../../db/row-mapper';
import { systemContext } from '../../seed/system-context';
import { territories } from '../territories';

/**
 * What the public map shows (reference §10): the departments, their laureate structures and the
 * structures' contacts. Departments and contacts are read through the operations with the
 * caller's rights (public by their `view` rule, and 404 when the module is off). Structures are
 * staff-only records: only the public facts below are taken from them, read by the platform.
 */

export interface PublicGroup {
  pk: number;
  name: string;
  /** Full name, else name. */
  displayName: string;
  fullName: string | null;
  website: string | null;
  profilePic: string | null;
  presentation: string | null;
}

export interface PublicContact {
  pk: number;
  group: Omit<PublicGroup, 'fullName' | 'presentation'>;
  email: string;
  firstName: string;
  lastName: string;
  title: string | null;
  phone: string | null;
  groupPresentation: string | null;
  groupNameOverride: string | null;
  groupFullNameOverride: string | null;
  groupWebsiteOverride: string | null;
  groupProfilePicOverride: string | null;
  /** The override when there is one, else the structure's own value. */
  groupName: string;
  groupFullName: string;
  groupWebsite: string | null;
  groupProfilePic: string | null;
  presentation: string | null;
}

export interface MapDepartment {
  pk: number;
  department: string;
  departmentName: string;
  groups: number[];
  structures: PublicGroup[];
  contacts: PublicContact[];
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

async function publicGroups(ctx: RequestContext, pks: number[]): Promise<Map<number, PublicGroup>> {
  const out = new Map<number, PublicGroup>();
  if (!pks.length) return out;
  const system = { ...systemContext(ctx.app), whiteLabel: ctx.whiteLabel };
  const entity = entityOf(system, 'group');
  const rows = await visibleRows(system, entity).selectAll().where('pk', 'in', pks).execute();
  for (const row of rows as Record<string, unknown>[]) {
    const g = rowToRecord(entity, row);
    const name = String(g.name ?? '');
    out.set(Number(g.pk), {
      pk: Number(g.pk),
      name,
      displayName: text(g.fullName) ?? name,
      fullName: text(g.fullName),
      website: text(g.website),
      profilePic: text(g.profilePic),
      presentation: text(g.presentation),
    });
  }
  return out;
}

export function contactShape(c: ApiRecord, group: PublicGroup | undefined): PublicContact {
  const g: PublicGroup = group ?? {
    pk: Number(c.group),
    name: '',
    displayName: '',
    fullName: null,
    website: null,
    profilePic: null,
    presentation: null,
  };
  return {
    pk: Number(c.pk),
    group: { pk: g.pk, name: g.name, displayName: g.displayName, website: g.website, profilePic: g.profilePic },
    email: String(c.email ?? ''),
    firstName: String(c.firstName ?? ''),
    lastName: String(c.lastName ?? ''),
    title: text(c.title),
    phone: text(c.phone),
    groupPresentation: text(c.groupPresentation),
    groupNameOverride: text(c.groupNameOverride),
    groupFullNameOverride: text(c.groupFullNameOverride),
    groupWebsiteOverride: text(c.groupWebsiteOverride),
    groupProfilePicOverride: text(c.groupProfilePicOverride),
    groupName: text(c.groupNameOverride) ?? g.name,
    groupFullName: text(c.groupFullNameOverride) ?? g.displayName,
    groupWebsite: text(c.groupWebsiteOverride) ?? g.website,
    groupProfilePic: text(c.groupProfilePicOverride) ?? g.profilePic,
    presentation: text(c.groupPresentation) ?? g.presentation,
  };
}

/** Contacts ordered by their structure's full name as shown, then by name. */
export function byStructureThenName(a: PublicContact, b: PublicContact): number {
  return (
    a.groupFullName.localeCompare(b.groupFullName, 'fr') ||
    a.lastName.localeCompare(b.lastName, 'fr') ||
    a.firstName.localeCompare(b.firstName, 'fr') ||
    a.pk - b.pk
  );
}

/** GET actimmo-contact/: every contact with its structure's public facts. */
export async function publicContacts(ctx: RequestContext): Promise<PublicContact[]> {
  const { records } = await find(ctx, 'actimmo-contact');
  const groups = await publicGroups(ctx, [...new Set(records.map((c) => Number(c.group)))]);
  return records.map((c) => contactShape(c, groups.get(Number(c.group)))).sort(byStructureThenName);
}

/** GET actimmo-map/: every department with its structures and their contacts. */
export async function mapDepartments(ctx: RequestContext): Promise<MapDepartment[]> {
  const { records } = await find(ctx, 'actimmo-department');
  const contacts = await publicContacts(ctx);
  const pks = [...new Set(records.flatMap((d) => (Array.isArray(d.groups) ? d.groups.map(Number) : [])))];
  const groups = await publicGroups(ctx, pks);
  const names = territories().departements;
  return records.map((d) => {
    const ids = (Array.isArray(d.groups) ? d.groups.map(Number) : []).filter((pk) => groups.has(pk));
    const structures = ids
      .map((pk) => groups.get(pk)!)
      .sort((a, b) => a.displayName.localeCompare(b.displayName, 'fr'));
    const code = String(d.department ?? '');
    return {
      pk: Number(d.pk),
      department: code,
      departmentName: names.get(code)?.name ?? code,
      groups: ids,
      structures,
      contacts: contacts.filter((c) => ids.includes(c.group.pk)),
    };
  });
}
