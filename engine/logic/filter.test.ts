import { describe, expect, it } from 'vitest';
import { compileFilter, couldHold, matchesFilter, UnsupportedFilterError, type Filter } from './filter';
import type { RuleUser } from './user-context';

const advisor: RuleUser = {
  pk: 3,
  userType: 'advisor',
  group: 2,
  roles: ['signedIn', 'advisor', 'staff'],
  scopeGroups: [2],
  anonymous: false,
};
const admin: RuleUser = {
  pk: 1,
  userType: 'administrator',
  group: null,
  roles: ['signedIn', 'administrator', 'staff'],
  scopeGroups: [],
  anonymous: false,
};
const anonymous: RuleUser = {
  pk: null,
  userType: null,
  group: null,
  roles: ['anonymous'],
  scopeGroups: [],
  anonymous: true,
};
const wl = { id: 1, domain: 'localhost', modules: {} };

const groupScoped = {
  or: [
    { role: ['administrator'] },
    { and: [{ role: ['staff'] }, { in: [{ var: 'record.group' }, { var: 'user.scopeGroups' }] }] },
  ],
};

describe('compileFilter', () => {
  it('reduces a rule to true, false or a filter on record fields, depending on the user', () => {
    expect(compileFilter(groupScoped, { user: admin, whiteLabel: wl })).toBe(true);
    expect(compileFilter(groupScoped, { user: anonymous, whiteLabel: wl })).toBe(false);
    expect(compileFilter(groupScoped, { user: advisor, whiteLabel: wl })).toEqual({ inList: 'group', values: [2] });
  });

  it('turns "value in record list" into a contains filter and flips comparisons', () => {
    const rule = {
      or: [{ in: [{ var: 'user.group' }, { var: 'record.groups' }] }, { '<': [5, { var: 'record.duration' }] }],
    };
    expect(compileFilter(rule, { user: advisor })).toEqual({
      or: [
        { contains: 'groups', value: 2 },
        { cmp: '>', field: 'duration', value: 5 },
      ],
    });
  });

  it('expands intersects into one contains per value and negations into not', () => {
    expect(compileFilter({ intersects: [{ var: 'record.groups' }, [2, 5]] }, { user: advisor })).toEqual({
      or: [
        { contains: 'groups', value: 2 },
        { contains: 'groups', value: 5 },
      ],
    });
    expect(compileFilter({ '!': { var: 'record.isAdmin' } }, { user: advisor })).toEqual({
      not: { truthy: 'isAdmin' },
    });
  });

  it('compiles a relative date (daysAgo) to a constant instant that SQL compares with a stored date-time', () => {
    const before = Date.now();
    const f = compileFilter({ '<=': [{ var: 'record.changedAt' }, { daysAgo: 365 }] }, { user: null }) as Filter & {
      value: string;
    };
    const after = Date.now();
    expect(f).toMatchObject({ cmp: '<=', field: 'changedAt' });
    const at = Date.parse(f.value);
    expect(at).toBeGreaterThanOrEqual(before - 365 * 86_400_000);
    expect(at).toBeLessThanOrEqual(after - 365 * 86_400_000);
    expect(matchesFilter(f, { changedAt: new Date(before - 400 * 86_400_000).toISOString() })).toBe(true);
    expect(matchesFilter(f, { changedAt: new Date(before - 10 * 86_400_000).toISOString() })).toBe(false);
  });

  it('rejects what SQL cannot express instead of applying part of it', () => {
    expect(() => compileFilter({ subset: [{ var: 'record.groups' }, [1]] }, { user: advisor })).toThrow(
      UnsupportedFilterError,
    );
    expect(() => compileFilter({ '==': [{ var: 'record.a' }, { var: 'record.b' }] }, { user: advisor })).toThrow(
      UnsupportedFilterError,
    );
  });

  it('compiles « some record of another entity points at this one » (related) with its own rule', () => {
    const rule = {
      or: [
        { '==': [{ var: 'record.pk' }, { var: 'user.pk' }] },
        {
          and: [
            { role: ['staff'] },
            { related: ['appointment', 'client', { in: [{ var: 'record.group' }, { var: 'user.scopeGroups' }] }] },
          ],
        },
      ],
    };
    expect(compileFilter(rule, { user: advisor })).toEqual({
      or: [
        { cmp: '=', field: 'pk', value: 3 },
        { related: { entity: 'appointment', link: 'client', where: { inList: 'group', values: [2] } } },
      ],
    });
    // No related record can pass for an anonymous caller: the node is false, not a query.
    expect(compileFilter({ related: ['appointment', 'client', { role: ['staff'] }] }, { user: anonymous })).toBe(false);
    // A record not stored yet has no related record.
    expect(matchesFilter(compileFilter(rule, { user: advisor }), { pk: 9 })).toBe(false);
    expect(couldHold({ related: ['appointment', 'client'] }, { user: advisor })).toBe(true);
    expect(() => compileFilter({ related: [1, 'client'] }, { user: advisor })).toThrow(UnsupportedFilterError);
  });

  it('agrees with json-logic on records', () => {
    const f = compileFilter(groupScoped, { user: advisor });
    expect(matchesFilter(f, { group: 2 })).toBe(true);
    expect(matchesFilter(f, { group: 3 })).toBe(false);
  });
});

describe('couldHold', () => {
  it('is false only when no record can satisfy the rule', () => {
    const create = {
      or: [
        { role: ['administrator'] },
        { and: [{ role: ['manager'] }, { subset: [{ var: 'record.groups' }, { var: 'user.scopeGroups' }] }] },
        { and: [{ role: ['advisor'] }, { in: [{ var: 'user.group' }, { var: 'record.groups' }] }] },
      ],
    };
    expect(couldHold(create, { user: advisor })).toBe(true);
    expect(couldHold(create, { user: anonymous })).toBe(false);
    expect(
      couldHold({ and: [{ role: ['manager'] }, { subset: [{ var: 'record.groups' }, [1]] }] }, { user: advisor }),
    ).toBe(false);
    expect(
      couldHold({ and: [{ role: ['advisor'] }, { subset: [{ var: 'record.groups' }, [1]] }] }, { user: advisor }),
    ).toBe(true);
  });
});
