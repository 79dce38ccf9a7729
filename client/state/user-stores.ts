import type { WritableAtom } from 'jotai';
import { RESET } from 'jotai/utils';
import { store } from './store';

/**
 * Everything the browser keeps for the person using it — caches of choices and schemas, store
 * lists, simulations in sessionStorage — is theirs only. On the shared computers of an advice
 * centre the next person signs in in the same tab, so every such store is cleared when someone
 * signs in and when they sign out (spec 01 §4: "On login the client-side stores are reset").
 */
const resets = new Set<() => void>();
let generation = 0;

/** Registers how to empty one store; returns a function that unregisters it. */
export function clearedOnUserChange(reset: () => void): () => void {
  resets.add(reset);
  return () => resets.delete(reset);
}

/** An atomWithStorage (or any atom that accepts RESET) goes back to its initial value. */
export function resetOnUserChange(target: WritableAtom<unknown, [typeof RESET], unknown>): void {
  clearedOnUserChange(() => store.set(target, RESET));
}

/** Keys of sessionStorage that belong to the tab, not to the person (the forced domain). */
const TAB_KEYS = new Set(['renovation.domain']);

/** Bumped at each clearing: caches include it in their keys so that nothing older is reused. */
export function userGeneration(): number {
  return generation;
}

export function clearUserStores(): void {
  generation += 1;
  for (const reset of [...resets]) {
    try {
      reset();
    } catch (e) {
      console.error(e);
    }
  }
  try {
    for (const key of Object.keys(sessionStorage)) if (!TAB_KEYS.has(key)) sessionStorage.removeItem(key);
  } catch {
    /* storage refused: nothing was kept there either */
  }
}
