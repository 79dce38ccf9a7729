import { atom, useSetAtom } from 'jotai';
import { useEffect } from 'react';

/** Title of the current screen, set by the screen (e.g. the record being edited). */
export const pageTitleAtom = atom<string | null>(null);

export function usePageTitle(title: string | null | undefined): void {
  const set = useSetAtom(pageTitleAtom);
  useEffect(() => {
    set(title ?? null);
    return () => set(null);
  }, [title, set]);
}
