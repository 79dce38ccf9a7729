import { atom, getDefaultStore } from 'jotai';

/** One jotai store, read by React components and by the API client alike. */
export const store = getDefaultStore();

const TOKEN_KEY = 'renovation.token';
const REFRESH_KEY = 'renovation.refresh';

export interface Tokens {
  token: string;
  refresh: string;
}

function readTokens(): Tokens | null {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    const refresh = localStorage.getItem(REFRESH_KEY);
    return token && refresh ? { token, refresh } : null;
  } catch {
    return null;
  }
}

const baseTokens = atom<Tokens | null>(readTokens());

/** The session tokens, mirrored in localStorage so that a reload keeps the session. */
export const tokensAtom = atom(
  (get) => get(baseTokens),
  (_get, set, next: Tokens | null) => {
    set(baseTokens, next);
    try {
      if (next) {
        localStorage.setItem(TOKEN_KEY, next.token);
        localStorage.setItem(REFRESH_KEY, next.refresh);
      } else {
        localStorage.removeItem(TOKEN_KEY);
        localStorage.removeItem(REFRESH_KEY);
      }
    } catch {
      /* private mode: the session lasts as long as the tab */
    }
  },
);

/** Server version seen in the last answer (x-server-version). */
export const serverVersionAtom = atom<string | null>(null);

/** Domain forced by `?domain=` in the address (kept for the tab's lifetime). */
export function forcedDomain(): string | null {
  try {
    const fromUrl = new URLSearchParams(window.location.search).get('domain');
    if (fromUrl) sessionStorage.setItem('renovation.domain', fromUrl);
    return fromUrl ?? sessionStorage.getItem('renovation.domain');
  } catch {
    return null;
  }
}
