import { describe, expect, it } from 'vitest';
import { atom, createStore } from 'jotai';
import { keyAtom, type Writable } from './state-atoms';

describe('key atoms', () => {
  it('read and write one key in place; siblings keep their identity; the same key gives the same atom', () => {
    const root = atom({ needs: { heating: 1, hotWater: 2 }, list: [{ a: 1 }, { a: 2 }] }) as Writable<{
      needs: { heating: number; hotWater: number };
      list: { a: number }[];
    }>;
    const store = createStore();
    const needs = keyAtom(root, 'needs');
    const heating = keyAtom(needs, 'heating');
    const second = keyAtom(keyAtom(root, 'list'), 1);
    expect(keyAtom(needs, 'heating')).toBe(heating);
    const listBefore = store.get(root).list;
    store.set(heating, 10);
    expect(store.get(root).needs).toEqual({ heating: 10, hotWater: 2 });
    expect(store.get(root).list).toBe(listBefore);
    store.set(second, (s) => ({ ...s, a: 5 }));
    expect(store.get(root).list).toEqual([{ a: 1 }, { a: 5 }]);
    // Writing the same value changes nothing.
    const before = store.get(root);
    store.set(heating, 10);
    expect(store.get(root)).toBe(before);
  });
});
