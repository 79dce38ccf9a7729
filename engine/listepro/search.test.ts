import { describe, expect, it } from 'vitest';
import { buildSearchTree, matchesSearch, newSeed, seededShuffle } from './search';

describe('directory search tree', () => {
  const activities = [
    { pk: 2, order: 2, name: 'petit collectif' },
    { pk: 1, order: 1, name: 'maison' },
    { pk: 3, order: 3, name: 'tertiaire' },
  ];
  const missions = [
    { pk: 10, order: 2, name: 'Maîtrise' },
    { pk: 11, order: 1, name: 'Audit' },
  ];
  const subs = [
    { pk: 100, order: 2, name: 'audit énergétique', mission: 11 },
    { pk: 101, order: 1, name: 'audit global', mission: 11 },
    { pk: 102, order: 1, name: 'calcul', mission: 10 },
  ];
  const links = [
    { activity: 1, subMission: 100 },
    { activity: 1, subMission: 101 },
    { activity: 1, subMission: 101 },
    { activity: 2, subMission: 102 },
  ];
  const tree = buildSearchTree(activities, missions, subs, links);

  it('orders activities, keeps only missions with a sub-mission linked to the activity', () => {
    expect(tree.map((a) => a.name)).toEqual(['maison', 'petit collectif']);
    expect(tree[0].missions.map((m) => m.name)).toEqual(['Audit']);
    expect(tree[0].missions[0].subMissions.map((s) => s.pk)).toEqual([101, 100]);
    expect(tree[1].missions.map((m) => [m.name, m.subMissions.map((s) => s.pk)])).toEqual([['Maîtrise', [102]]]);
  });
});

describe('directory matching', () => {
  const base = { proIsValid: true, transitionState: 'published', activities: [1, 2], subMissions: [4, 9] };
  it('matches the activity and the sub-mission of a valid, published sheet', () => {
    expect(matchesSearch(base, { activity: 1, subMission: 4 })).toBe(true);
    expect(matchesSearch(base, { activity: 3, subMission: 4 })).toBe(false);
    expect(matchesSearch(base, { activity: 1, subMission: 5 })).toBe(false);
  });
  it('never shows an invalid or unpublished sheet', () => {
    expect(matchesSearch({ ...base, proIsValid: false }, { activity: 1, subMission: 4 })).toBe(false);
    expect(matchesSearch({ ...base, transitionState: 'in_validation' }, { activity: 1, subMission: 4 })).toBe(false);
    expect(matchesSearch({ ...base, isMonAccompagnateurRenov: true, proIsValid: false }, { mar: true })).toBe(false);
  });
  it('lists MAR professionals in MAR mode', () => {
    expect(matchesSearch({ ...base, isMonAccompagnateurRenov: true }, { mar: true })).toBe(true);
    expect(matchesSearch(base, { mar: true })).toBe(false);
  });
});

describe('seeded shuffle', () => {
  const items = Array.from({ length: 40 }, (_, i) => ({ pk: i + 1 }));
  const keys = (xs: { pk: number }[]) => xs.map((x) => x.pk);
  it('gives the same order for the same seed, whatever the input order', () => {
    const a = seededShuffle(items, 12345, (x) => x.pk);
    const b = seededShuffle([...items].reverse(), 12345, (x) => x.pk);
    expect(keys(a)).toEqual(keys(b));
    expect([...keys(a)].sort((x, y) => x - y)).toEqual(keys(items));
  });
  it('gives another order for another seed', () => {
    const a = keys(seededShuffle(items, 1, (x) => x.pk));
    const b = keys(seededShuffle(items, 2, (x) => x.pk));
    expect(a).not.toEqual(b);
    expect(a).not.toEqual(keys(items));
  });
  it('draws positive 31-bit seeds', () => {
    expect(newSeed(() => 0)).toBe(1);
    expect(newSeed(() => 0.999999999)).toBeLessThanOrEqual(0x7fffffff);
  });
});

describe('directory distances', () => {
  it('measures Grenoble–Voiron as the crow flies and knows an unlocated sheet', async () => {
    const { distanceKm, located } = await import('./search');
    const km = distanceKm({ lat: 45.1885, lon: 5.7245 }, { lat: 45.364, lon: 5.5893 });
    expect(km).toBeGreaterThan(21);
    expect(km).toBeLessThan(23);
    expect(distanceKm({ lat: 45, lon: 5 }, { lat: 45, lon: 5 })).toBe(0);
    expect(located({ lat: 0, lon: 0 })).toBe(false);
    expect(located({ lat: null, lon: 5 })).toBe(false);
    expect(located({ lat: 45.1, lon: 5.7 })).toBe(true);
  });
});
