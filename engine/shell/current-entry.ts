/** What a menu entry needs to be found for a page: the client's and the server's menu items both fit. */
export interface MenuEntryLike<T> {
  path?: string;
  children?: T[];
}

function normalise(path: string): string {
  return path.replace(/\/+$/, '') || '/';
}

/**
 * The menu entry of the current page: exact path, else the longest entry path that prefixes it.
 * Shared by the shell's breadcrumb (client/shell/Breadcrumb.tsx) and the server's first paint
 * (server/client-shell/prepaint.ts), so that both write the same title and trail.
 */
export function currentEntry<T extends MenuEntryLike<T>>(
  items: T[],
  pathname: string,
): { entry: T; parents: T[] } | null {
  const here = normalise(pathname);
  let best: { entry: T; parents: T[]; length: number } | null = null;
  const walk = (list: T[], parents: T[]) => {
    for (const item of list) {
      if (item.path) {
        const p = normalise(item.path);
        const matches = here === p || (p !== '/' && here.startsWith(`${p}/`));
        if (matches && (!best || p.length > best.length)) best = { entry: item, parents, length: p.length };
      }
      if (item.children) walk(item.children, [...parents, item]);
    }
  };
  walk(items, []);
  return best;
}
