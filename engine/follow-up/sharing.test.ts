import { describe, expect, it } from 'vitest';
import { groupsWithType, laureatesOf, projectGroups, shareProblems } from './sharing';

// Structures: 2 Espace Conseil Démo, 3 Espace Conseil Voisin, 4 Réseau Démo Isère (a pilot), 5 another.
const sare = { pk: 1, name: 'Tarifs uniques du SARE', groups: [2, 3] };
const rural = { pk: 2, name: 'Tarifs ruraux', groups: [5] };
const overlapping = { pk: 3, name: 'Tarifs bonifiés', groups: [5, 3] };

describe('programme structures from its valuation types (reference 8.8)', () => {
  it('are the union of the structures of the chosen types, replacing the programme’s', () => {
    expect(projectGroups([sare, rural], [])).toEqual({ ok: true, groups: [2, 3, 5] });
  });
  it('accept a manual selection equal to that union, in any order', () => {
    expect(projectGroups([rural, sare], [5, 3, 2])).toEqual({ ok: true, groups: [2, 3, 5] });
  });
  it('refuse two types applied by the same structure, naming both types', () => {
    expect(projectGroups([sare, overlapping], [])).toEqual({
      ok: false,
      problem: 'shared_group',
      types: ['Tarifs uniques du SARE', 'Tarifs bonifiés'],
      group: 3,
    });
  });
  it('refuse a manual selection that differs from the types’ structures', () => {
    expect(projectGroups([sare], [2])).toEqual({ ok: false, problem: 'groups_mismatch' });
    expect(projectGroups([sare], [2, 3, 4])).toEqual({ ok: false, problem: 'groups_mismatch' });
  });
  it('keep the manual selection when no valuation type is chosen', () => {
    expect(projectGroups([], [4, 2, 2])).toEqual({ ok: true, groups: [2, 4] });
  });
  it('gain the structures a valuation type gains', () => {
    expect(groupsWithType([2, 3], { ...sare, groups: [2, 3, 6] })).toEqual([2, 3, 6]);
  });
});

describe('pilot shares', () => {
  it('refuse a pilot among its own laureates', () => {
    expect(shareProblems({ project: 1, pilotGroup: 4, laureateGroups: [2, 4] }, [2, 3, 4])).toEqual([
      { path: 'laureateGroups', problem: 'pilot_is_laureate' },
    ]);
  });
  it('refuse laureates that do not take part in the programme, listing them', () => {
    expect(shareProblems({ project: 1, pilotGroup: 4, laureateGroups: [6, 2, 5] }, [2, 3])).toEqual([
      { path: 'laureateGroups', problem: 'laureate_not_participating', groups: [5, 6] },
    ]);
  });
  it('accept a pilot outside the programme whose laureates take part', () => {
    expect(shareProblems({ project: 1, pilotGroup: 4, laureateGroups: [2, 3] }, [2, 3])).toEqual([]);
  });

  const shares = [
    { project: 1, pilotGroup: 4, laureateGroups: [2, 3] },
    { project: 7, pilotGroup: 4, laureateGroups: [5] },
    { project: 1, pilotGroup: 2, laureateGroups: [3] },
  ];
  it('give a pilot its laureates in one programme, still taking part', () => {
    expect(laureatesOf(shares, [4], { pk: 1, groups: [2, 3] })).toEqual([2, 3]);
    expect(laureatesOf(shares, [4], { pk: 1, groups: [2] })).toEqual([2]);
    expect(laureatesOf(shares, [4], { pk: 7, groups: [5] })).toEqual([5]);
  });
  it('give a pilot its laureates of every programme for documents', () => {
    expect(laureatesOf(shares, [4], null)).toEqual([2, 3, 5]);
  });
  it('give a laureate nothing of its pilot (the relation is one way)', () => {
    expect(laureatesOf(shares, [3], null)).toEqual([]);
    expect(laureatesOf(shares, [5], { pk: 7, groups: [5] })).toEqual([]);
  });
  it('never list the caller’s own structures as laureates', () => {
    expect(laureatesOf(shares, [2, 4], { pk: 1, groups: [2, 3] })).toEqual([3]);
  });
});
