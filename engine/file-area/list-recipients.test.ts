import { describe, expect, it } from 'vitest';
import { listRecipients, recipientCount, type RecipientList, type RecipientRows } from './list-recipients';

const list = (pk: number, over: Partial<RecipientList> = {}): RecipientList => ({
  pk,
  useOrganizationsAsContacts: false,
  contacts: [],
  organizations: [],
  tags: [],
  lists: [],
  ...over,
});

const base: Omit<RecipientRows, 'lists'> = {
  // Tag 10: contacts 3 and 1; tag 11: contact 4.
  contactTags: [
    { contact: 3, tag: 10 },
    { contact: 1, tag: 10 },
    { contact: 4, tag: 11 },
  ],
  // Organisation 100 (members 5, 6) carries tag 10; organisation 200 (member 7) carries tag 11.
  organizationTags: [
    { organization: 100, tag: 10 },
    { organization: 200, tag: 11 },
  ],
  memberships: [
    { contact: 5, organization: 100 },
    { contact: 6, organization: 100 },
    { contact: 7, organization: 200 },
  ],
};

const pks = (r: { kind: string; pk: number }[]) => r.map((x) => `${x.kind[0]}${x.pk}`);

describe('listRecipients (reference §8.2)', () => {
  it('takes contacts, then tags (contacts, then organisations as members), then organisations', () => {
    const rows = { ...base, lists: [list(1, { contacts: [2, 1], tags: [10], organizations: [200] })] };
    expect(pks(listRecipients(1, rows))).toEqual(['c2', 'c1', 'c3', 'c5', 'c6', 'c7']);
  });

  it('keeps organisations themselves when the list uses organisations as contacts', () => {
    const rows = {
      ...base,
      lists: [list(1, { useOrganizationsAsContacts: true, contacts: [5], tags: [10], organizations: [200, 100] })],
    };
    expect(pks(listRecipients(1, rows))).toEqual(['c5', 'c3', 'c1', 'o100', 'o200']);
  });

  it('resolves nested lists with their own flag and removes duplicates, first occurrence kept', () => {
    const rows = {
      ...base,
      lists: [
        list(1, { contacts: [6], organizations: [100], lists: [2] }),
        list(2, { useOrganizationsAsContacts: true, contacts: [5, 9], organizations: [100], tags: [11] }),
      ],
    };
    expect(pks(listRecipients(1, rows))).toEqual(['c6', 'c5', 'c9', 'c4', 'o200', 'o100']);
    expect(recipientCount(1, rows)).toBe(6);
  });

  it('breaks cycles: A → B → C → A and a list nested in itself end', () => {
    const rows = {
      ...base,
      lists: [
        list(1, { contacts: [1], lists: [1, 2] }),
        list(2, { contacts: [2], lists: [3] }),
        list(3, { contacts: [3], lists: [1, 2] }),
      ],
    };
    expect(pks(listRecipients(1, rows))).toEqual(['c1', 'c2', 'c3']);
    expect(pks(listRecipients(3, rows))).toEqual(['c3', 'c1', 'c2']);
  });

  it('resolves a list reached twice once, and ignores unknown lists and tags', () => {
    const rows = {
      ...base,
      lists: [list(1, { lists: [2, 3, 99] }), list(2, { lists: [3], tags: [12] }), list(3, { contacts: [8] })],
    };
    expect(pks(listRecipients(1, rows))).toEqual(['c8']);
    expect(listRecipients(42, rows)).toEqual([]);
  });
});
