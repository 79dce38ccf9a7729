import { describe, expect, it } from 'vitest';
import { allowedValues, canAccess, couldAccessWith, type AccessRules } from './can-access';
import type { RuleUser } from '../logic/user-context';

const advisor: RuleUser = {
  pk: 3,
  userType: 'advisor',
  group: 2,
  roles: ['advisor', 'staff'],
  scopeGroups: [2],
  anonymous: false,
};
const ownGroup = {
  or: [
    { role: ['administrator'] },
    { and: [{ role: ['staff'] }, { in: [{ var: 'record.group' }, { var: 'user.scopeGroups' }] }] },
  ],
};
const reason: AccessRules = {
  rights: {
    view: { or: [{ '==': [{ var: 'record.isActive' }, true] }, ownGroup] },
    create: ownGroup,
    change: ownGroup,
    delete: ownGroup,
  },
  ruleContext: { user: advisor, whiteLabel: { id: 1, domain: 'localhost', modules: { dialogwatt: true } } },
};

describe('canAccess', () => {
  it('evaluates the entity rule on the user, the record and the white label, as the server does', () => {
    expect(canAccess(reason, 'change', { group: 2 })).toBe(true);
    expect(canAccess(reason, 'change', { group: 3 })).toBe(false);
    expect(canAccess(reason, 'delete', { group: 3 })).toBe(false);
    expect(canAccess(reason, 'view', { group: 3, isActive: true })).toBe(true);
    expect(
      canAccess(
        { ...reason, ruleContext: { ...reason.ruleContext, user: { ...advisor, roles: ['administrator'] } } },
        'delete',
        { group: 3 },
      ),
    ).toBe(true);
  });

  it('allows what has no rule (the server does the same)', () => {
    expect(canAccess({ ...reason, rights: {} }, 'list')).toBe(true);
  });
});

describe('allowedValues', () => {
  it('keeps the values of a field that keep the action allowed', () => {
    expect(allowedValues(reason, 'create', { name: 'x' }, 'group', [1, 2, 3])).toEqual([2]);
  });

  it('keeps every value when the field does not decide', () => {
    const byName = { ...reason, rights: { create: { '==': [{ var: 'record.name' }, 'ok'] } } };
    expect(allowedValues(byName, 'create', { name: 'no' }, 'group', [1, 2, 3])).toEqual([1, 2, 3]);
  });
});

describe('couldAccessWith', () => {
  // The place's create rule: an advisor adds a place to their own structure only.
  const place: AccessRules = {
    rights: {
      view: true,
      create: {
        or: [
          { role: ['administrator'] },
          { and: [{ role: ['advisor'] }, { in: [{ var: 'user.group' }, { var: 'record.groups' }] }] },
        ],
      },
      change: false,
      delete: false,
    },
    ruleContext: reason.ruleContext,
  };

  it('decides on the known fields and leaves the others open', () => {
    expect(couldAccessWith(place, 'create', { groups: [2] })).toBe(true);
    expect(couldAccessWith(place, 'create', { groups: [3] })).toBe(false);
    // The group of a reason is not known yet: the form may still choose the advisor's own.
    expect(couldAccessWith(reason, 'create', { name: 'x' })).toBe(true);
    expect(couldAccessWith(reason, 'create', { group: 3 })).toBe(false);
    expect(couldAccessWith(place, 'change', { groups: [2] })).toBe(false);
  });

  it('lets an administrator do anything the rule gives them', () => {
    const admin = { ...advisor, userType: 'administrator', roles: ['administrator', 'staff'] };
    const asAdmin = { ...place, ruleContext: { ...place.ruleContext, user: admin } };
    expect(couldAccessWith(asAdmin, 'create', { groups: [3] })).toBe(true);
  });
});
