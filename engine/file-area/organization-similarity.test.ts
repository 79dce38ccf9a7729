import { describe, expect, it } from 'vitest';
import { organizationSimilarity, organizationsAreDuplicates } from './organization-similarity';
import { clusterPairs } from './duplicate-clusters';

describe('organisation duplicate score', () => {
  it('compares names without case, and e-mails only when both have one', () => {
    expect(organizationSimilarity({ name: 'MAIRIE DE CROLLES' }, { name: 'Mairie de Crolles ' })).toBe(1);
    expect(organizationsAreDuplicates({ name: 'Mairie de Crolles', email: '' }, { name: 'Mairie de Crolle' })).toBe(
      true,
    );
    // Same name, different mailboxes: (1 + ratio of the e-mails) / 2.
    const s = organizationSimilarity(
      { name: 'Banque Alpine', email: 'contact@alpine.fr' },
      { name: 'Banque Alpine', email: 'zzz@autre.org' },
    );
    expect(s).toBeGreaterThan(0.5);
    expect(s).toBeLessThan(0.8);
    expect(organizationsAreDuplicates({ name: 'Banque Alpine' }, { name: 'Notaires associés' })).toBe(false);
    expect(organizationsAreDuplicates({ name: '' }, { name: '' })).toBe(false);
  });
});

describe('duplicate clustering', () => {
  it('chains pairs, extends open groups, never brings back a pair already seen', () => {
    expect(clusterPairs([[1, 2]], [])).toEqual([{ group: null, members: [1, 2] }]);
    expect(
      clusterPairs(
        [
          [1, 2],
          [2, 3],
        ],
        [],
      ),
    ).toEqual([{ group: null, members: [1, 2, 3] }]);
    // Marked distinct: the same pair stays away; a new member does not join a closed group.
    expect(clusterPairs([[1, 2]], [{ pk: 9, members: [1, 2], open: false }])).toEqual([]);
    expect(clusterPairs([[1, 3]], [{ pk: 9, members: [1, 2], open: false }])).toEqual([
      { group: null, members: [1, 3] },
    ]);
    expect(clusterPairs([[3, 1]], [{ pk: 9, members: [1, 2], open: true }])).toEqual([{ group: 9, add: [3] }]);
  });
});

describe('quick ratio', () => {
  it('bounds the exact ratio from above, as difflib', async () => {
    const { quickRatio, sequenceRatio } = await import('./sequence-ratio');
    const words = ['', 'Dupont', 'Dupond', 'dupont', 'Jean-Marie', 'Marie', 'ébène', 'aaab', 'baaa', 'x@y.fr'];
    for (const a of words)
      for (const b of words) expect(quickRatio(a, b)).toBeGreaterThanOrEqual(sequenceRatio(a, b) - 1e-12);
    expect(quickRatio('aaab', 'baaa')).toBe(1);
    expect(quickRatio('', '')).toBe(1);
  });
});
