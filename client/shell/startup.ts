import { api, ApiError } from '../api/http';
import { store, tokensAtom } from '../state/store';
import { dropSession, loadProfile, refreshSession, whiteLabelAtom, type WhiteLabel } from '../state/session';
import { followDataChanges, loadMenu, menuAtom } from '../state/menu';
import { readBootData } from './boot-data';
import { applyTheme } from './theme';
import { t } from '../lib/messages';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Spec 01 §4: the white label of this domain — written into the page by the server, else asked
 * (retrying while attempts < 10, waiting 1 s × attempt) — then reconnect with the stored refresh
 * token and load the profile; whatever happens with the session, the application starts. A
 * visitor without a session also gets the anonymous menu from the page: a first visit paints
 * without waiting for the API.
 */
export async function startUp(): Promise<void> {
  const boot = readBootData();
  let wl: WhiteLabel | null = boot?.whiteLabel ?? null;
  if (boot && !wl) window.alert(t('errors.no_white_label'));
  // Asked only where the page does not carry it (Vite's dev server).
  for (let attempt = 1; !boot; attempt += 1) {
    try {
      wl = await api<WhiteLabel>('/white_labelling/current/', { anonymous: true });
      break;
    } catch (e) {
      const err = e as ApiError;
      if (err.status === 404) {
        window.alert(t('errors.no_white_label'));
        break;
      }
      if (attempt >= 9) {
        window.alert(`${t('errors.server_unreachable')}\n${err.message}`);
        break;
      }
      await sleep(1000 * attempt);
    }
  }
  store.set(whiteLabelAtom, wl);
  applyTheme(wl);
  if (store.get(tokensAtom)) {
    try {
      const outcome = await refreshSession(() => undefined);
      if (outcome === 'ok' || outcome === 'ignored') await loadProfile();
      else if (outcome === 'dropped') openLoginAfterExpiry();
    } catch {
      dropSession();
    }
  }
  if (boot && !store.get(tokensAtom)) store.set(menuAtom, boot.menu);
  else await loadMenu();
  followDataChanges(() => Boolean(store.get(tokensAtom)));
}

/**
 * The server's version, with the spec's 1 s budget (the banner compares it with ours), asked once
 * the page has loaded and the browser is idle: the first paint never waits for it.
 */
export function checkServerVersion(): void {
  const ask = () => void api('/app_infos', { timeoutMs: 1000, anonymous: true }).catch(() => undefined);
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(ask, { timeout: 2000 });
    else setTimeout(ask, 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/**
 * Spec 01 §8: a refused refresh sends the user to the login screen, at start-up too. The router
 * is not created yet, so the address is replaced before it reads it; `next` brings the user back.
 */
export function openLoginAfterExpiry(): void {
  const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  if (window.location.pathname.startsWith('/mon-compte/connexion')) return;
  const params = new URLSearchParams({ next: here, session: 'expiree' });
  window.history.replaceState(null, '', `/mon-compte/connexion?${params.toString()}`);
}

/** Refresh every 30 s (spec 01 §9); a refused refresh sends the user to the login screen. */
export function keepSessionAlive(onDropped: () => void): () => void {
  const timer = setInterval(() => {
    if (store.get(tokensAtom)) void refreshSession(onDropped);
  }, 30_000);
  return () => clearInterval(timer);
}
