import { beforeEach, describe, expect, it, vi } from 'vitest';

// The browser's sessionStorage, as far as these stores use it (keys are own properties, as in browsers).
class MemoryStorage {
  getItem(k: string): string | null {
    return Object.prototype.hasOwnProperty.call(this, k) ? (this as unknown as Record<string, string>)[k]! : null;
  }
  setItem(k: string, v: string): void {
    (this as unknown as Record<string, string>)[k] = String(v);
  }
  removeItem(k: string): void {
    delete (this as unknown as Record<string, string>)[k];
  }
}
vi.stubGlobal('sessionStorage', new MemoryStorage());

// Who is signed in decides the answer, as on the server.
let signedIn = 'conseiller@demo.fr';
const calls: string[] = [];
vi.mock('../api/http', () => ({
  api: async (path: string) => {
    calls.push(`${signedIn} ${path}`);
    if (path.startsWith('/meta/options/group'))
      return signedIn === 'conseiller@demo.fr'
        ? [{ value: 2, label: 'Espace Conseil Démo' }]
        : [{ value: 3, label: 'Espace Conseil Voisin' }];
    if (path.startsWith('/meta/entity/')) return { name: path.split('/').pop(), signedIn };
    throw new Error(`unexpected ${path}`);
  },
  request: async () => {
    throw new Error('unused');
  },
}));

const { clearUserStores } = await import('./user-stores');
const { fetchOptions } = await import('../runtime/use-options');
const { fetchEntityMeta } = await import('../runtime/use-entity-meta');
const { atomWithSession } = await import('../screens/simulators/shared/state-atoms');
const { store } = await import('./store');

describe('per-user stores, cleared when someone signs in or out', () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it("never gives the next person in the same tab the previous person's relation choices", async () => {
    signedIn = 'conseiller@demo.fr';
    expect(await fetchOptions('group', 'place.group')).toEqual([{ value: 2, label: 'Espace Conseil Démo' }]);
    // Cached for the same person: one request only.
    await fetchOptions('group', 'place.group');
    expect(calls).toHaveLength(1);
    // Sign-out, then sign-in of a neighbour advisor in the same tab.
    clearUserStores();
    signedIn = 'conseiller.voisin@demo.fr';
    clearUserStores();
    expect(await fetchOptions('group', 'place.group')).toEqual([{ value: 3, label: 'Espace Conseil Voisin' }]);
  });

  it('asks again for the effective schemas of the next person', async () => {
    signedIn = 'admin@demo.fr';
    expect(await fetchEntityMeta('place', 4)).toMatchObject({ signedIn: 'admin@demo.fr' });
    clearUserStores();
    signedIn = 'conseiller@demo.fr';
    expect(await fetchEntityMeta('place', 4)).toMatchObject({ signedIn: 'conseiller@demo.fr' });
  });

  it("empties the simulations kept in sessionStorage and in memory, but keeps the tab's domain", () => {
    sessionStorage.setItem('renovation.domain', 'annuaire.localhost');
    const simulation = atomWithSession(
      'renovation.test-simulation',
      () => ({ surface: 0 }),
      (s) => s as { surface: number },
    );
    store.set(simulation, { surface: 120 });
    expect(JSON.parse(sessionStorage.getItem('renovation.test-simulation')!)).toEqual({ surface: 120 });
    sessionStorage.setItem('other-tool', 'x');
    clearUserStores();
    expect(store.get(simulation)).toEqual({ surface: 0 });
    expect(sessionStorage.getItem('renovation.test-simulation')).toBeNull();
    expect(sessionStorage.getItem('other-tool')).toBeNull();
    expect(sessionStorage.getItem('renovation.domain')).toBe('annuaire.localhost');
  });
});
