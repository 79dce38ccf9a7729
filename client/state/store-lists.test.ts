import { describe, expect, it, vi } from 'vitest';

type Place = { pk: number; name: string };
const sent: (string | undefined)[] = [];
let answers: { all: number[]; collection: Place[]; lastUpdatedAt: number }[] = [];
vi.mock('../api/http', () => ({
  api: async () => {
    throw new Error('unused');
  },
  request: async (path: string, options: { headers?: Record<string, string> }) => {
    expect(path).toBe('/dialogwatt/place/');
    sent.push(options.headers?.['limit-to-objects-after']);
    const next = answers.shift();
    if (!next) throw new Error('no answer prepared');
    return { data: next, headers: new Headers() };
  },
}));

const { mergeStoreList, refreshStoreList, storeListAtom } = await import('./store-lists');
const { clearUserStores } = await import('./user-stores');
const { store } = await import('./store');

describe('store lists kept in the browser and refreshed incrementally (limit-to-objects-after)', () => {
  it('merges an answer: changed records replaced, gone ones dropped, in the order of all', () => {
    const held = [
      { pk: 1, name: 'Mairie' },
      { pk: 2, name: 'Maison' },
      { pk: 3, name: 'Salle' },
    ];
    expect(
      mergeStoreList(held, {
        all: [1, 3, 4],
        collection: [
          { pk: 3, name: 'Salle des fêtes' },
          { pk: 4, name: 'Local' },
        ],
        lastUpdatedAt: 10,
      }),
    ).toEqual([
      { pk: 1, name: 'Mairie' },
      { pk: 3, name: 'Salle des fêtes' },
      { pk: 4, name: 'Local' },
    ]);
    // A record visible now but neither held nor sent: the caller must ask for everything.
    expect(mergeStoreList(held, { all: [1, 5], collection: [], lastUpdatedAt: 10 })).toBeNull();
  });

  it(
    'asks for everything first, then only for what changed after the last marker; ' +
      'starts again for the next person',
    async () => {
      answers = [
        {
          all: [1, 2],
          collection: [
            { pk: 1, name: 'Mairie' },
            { pk: 2, name: 'Maison' },
          ],
          lastUpdatedAt: 1700000000.25,
        },
        { all: [2, 3], collection: [{ pk: 3, name: 'Local' }], lastUpdatedAt: 1700000100.5 },
        { all: [7], collection: [{ pk: 7, name: 'Permanence voisine' }], lastUpdatedAt: 1700000200 },
      ];
      expect(await refreshStoreList<Place>('dialogwatt/place')).toHaveLength(2);
      expect(await refreshStoreList<Place>('dialogwatt/place')).toEqual([
        { pk: 2, name: 'Maison' },
        { pk: 3, name: 'Local' },
      ]);
      expect(sent).toEqual(['', '1700000000.25']);
      expect(store.get(storeListAtom<Place>('dialogwatt/place'))).toHaveLength(2);
      clearUserStores();
      expect(store.get(storeListAtom<Place>('dialogwatt/place'))).toBeNull();
      expect(await refreshStoreList<Place>('dialogwatt/place')).toEqual([{ pk: 7, name: 'Permanence voisine' }]);
      expect(sent).toEqual(['', '1700000000.25', '']);
    },
  );

  it(
    'shares one request between simultaneous callers, ' + 'and asks for everything when the merge cannot be trusted',
    async () => {
      clearUserStores();
      sent.length = 0;
      answers = [
        { all: [1], collection: [{ pk: 1, name: 'Mairie' }], lastUpdatedAt: 5 },
        { all: [1, 9], collection: [], lastUpdatedAt: 5 },
        {
          all: [1, 9],
          collection: [
            { pk: 1, name: 'Mairie' },
            { pk: 9, name: 'Nouveau droit' },
          ],
          lastUpdatedAt: 5,
        },
      ];
      const [a, b] = await Promise.all([
        refreshStoreList<Place>('dialogwatt/place'),
        refreshStoreList<Place>('dialogwatt/place'),
      ]);
      expect(a).toBe(b);
      expect(await refreshStoreList<Place>('dialogwatt/place')).toEqual([
        { pk: 1, name: 'Mairie' },
        { pk: 9, name: 'Nouveau droit' },
      ]);
      expect(sent).toEqual(['', '5', '']);
    },
  );
});
