import { atom, useSetAtom, useStore } from 'jotai';
import { useLayoutEffect, useState } from 'react';

/** Title of the current screen, set by the screen (e.g. the record being edited). */
export const pageTitleAtom = atom<string | null>(null);

/**
 * Set in the layout phase, and read below with a layout-phase subscription: the title a screen
 * gives is in the same paint as the screen. With a passive effect the first paint showed the
 * route's title first, which replaced the title the server painted (« Rénovation Démo » on the
 * landing page) by « Accueil » for a frame, and moved what comes below (docs/performance.md).
 */
export function usePageTitle(title: string | null | undefined): void {
  const set = useSetAtom(pageTitleAtom);
  useLayoutEffect(() => {
    set(title ?? null);
    return () => set(null);
  }, [title, set]);
}

/**
 * The current screen's title. jotai's own hook subscribes in a passive effect, after the screen's
 * layout effect has set the title on the first render; this one subscribes in the layout phase
 * and reads the value again there, so React renders the title again before the browser paints.
 */
export function usePageTitleValue(): string | null {
  const store = useStore();
  const [value, setValue] = useState(() => store.get(pageTitleAtom));
  useLayoutEffect(() => {
    const update = () => setValue(store.get(pageTitleAtom));
    const unsubscribe = store.sub(pageTitleAtom, update);
    update();
    return unsubscribe;
  }, [store]);
  return value;
}
