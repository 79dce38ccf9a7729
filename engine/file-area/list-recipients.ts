/**
 * The recipients of a mailing list (reference §8.2), computed from plain rows so that the server
 * (counts, CSV export, newsletter targets) and tests share one rule: no I/O here.
 */

export interface RecipientList {
  pk: number;
  /** Organisations (direct or through a tag) are recipients themselves, not their member contacts. */
  useOrganizationsAsContacts: boolean;
  contacts: number[];
  organizations: number[];
  tags: number[];
  /** Nested lists. */
  lists: number[];
}

export interface RecipientRows {
  lists: RecipientList[];
  /** Which contact carries which tag. */
  contactTags: { contact: number; tag: number }[];
  /** Which organisation carries which tag. */
  organizationTags: { organization: number; tag: number }[];
  /** Which contact belongs to which organisation. */
  memberships: { contact: number; organization: number }[];
}

export interface Recipient {
  kind: 'contact' | 'organization';
  pk: number;
}

function groupBy<T>(rows: T[], key: (row: T) => number, value: (row: T) => number): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(value(row));
    else out.set(k, [value(row)]);
  }
  return out;
}

/**
 * The recipients of list `pk`, in the reference's order with the first occurrence kept: its
 * contacts; for each of its tags the contacts carrying it, then the organisations carrying it
 * (themselves or their members, by the list's flag); its organisations (same flag); then each
 * nested list not visited yet, resolved with its own flag. Remembering visited lists breaks
 * cycles (a list nested in itself, A → B → A) and resolves a list reached twice once.
 * Unknown lists, tags or organisations contribute nothing.
 */
export function listRecipients(pk: number, rows: RecipientRows): Recipient[] {
  const lists = new Map(rows.lists.map((l) => [l.pk, l]));
  const contactsByTag = groupBy(
    rows.contactTags,
    (r) => r.tag,
    (r) => r.contact,
  );
  const organizationsByTag = groupBy(
    rows.organizationTags,
    (r) => r.tag,
    (r) => r.organization,
  );
  const members = groupBy(
    rows.memberships,
    (r) => r.organization,
    (r) => r.contact,
  );
  const out: Recipient[] = [];
  const seen = new Set<string>();
  const add = (kind: Recipient['kind'], recipient: number) => {
    const key = `${kind}:${recipient}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ kind, pk: recipient });
  };
  const visited = new Set<number>();
  const resolve = (listPk: number) => {
    const list = lists.get(listPk);
    visited.add(listPk);
    if (!list) return;
    const addOrganization = (organization: number) => {
      if (list.useOrganizationsAsContacts) add('organization', organization);
      else for (const contact of members.get(organization) ?? []) add('contact', contact);
    };
    for (const contact of list.contacts) add('contact', contact);
    for (const tag of list.tags) {
      for (const contact of contactsByTag.get(tag) ?? []) add('contact', contact);
      for (const organization of organizationsByTag.get(tag) ?? []) addOrganization(organization);
    }
    for (const organization of list.organizations) addOrganization(organization);
    for (const nested of list.lists) if (!visited.has(nested)) resolve(nested);
  };
  resolve(pk);
  return out;
}

/** `nbContacts` of a list: the number of its recipients. */
export function recipientCount(pk: number, rows: RecipientRows): number {
  return listRecipients(pk, rows).length;
}
