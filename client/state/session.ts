import { atom } from 'jotai';
import { api, ApiError, request } from '../api/http';
import { store, tokensAtom, type Tokens } from './store';
import { roles } from '../generated/manifest';
import { rolesOf, anonymousUser, type RuleUser } from '../../engine/logic/user-context';
import { t } from '../lib/messages';
import { clearUserStores } from './user-stores';

export interface Profile {
  pk: number;
  email: string;
  firstName: string;
  lastName: string;
  fullName: string;
  userType: string;
  title?: string;
  profilePic: string | null;
  isActive: boolean;
  allowedToSeeBapMenu: boolean;
  group: { pk: number; name: string; ademeId: string | null; isAdmin: boolean } | null;
}

export type WhiteLabel = Record<string, unknown> & {
  pk: number;
  domain: string;
  siteTitle: string;
  siteBaseline: string;
};

export const profileAtom = atom<Profile | null>(null);
export const whiteLabelAtom = atom<WhiteLabel | null>(null);
/** Bumped when the user changes, so that menus and screens reload what depends on rights. */
export const sessionEpochAtom = atom(0);

/** The user as route and menu rules see it in the browser (the server decides anyway). */
export const ruleUserAtom = atom<RuleUser>((get) => {
  const p = get(profileAtom);
  if (!p) return anonymousUser(roles);
  return {
    pk: p.pk,
    userType: p.userType,
    group: p.group?.pk ?? null,
    roles: rolesOf(p.userType, roles),
    scopeGroups: p.group ? [p.group.pk] : [],
    anonymous: false,
    allowedToSeeBapMenu: p.allowedToSeeBapMenu,
    groupAdemeId: p.group?.ademeId ?? null,
  };
});

export async function loadProfile(): Promise<Profile | null> {
  const { user } = await api<{ user: Profile }>('/accounts/profile/');
  store.set(profileAtom, user);
  store.set(sessionEpochAtom, (n) => n + 1);
  return user;
}

export async function signIn(email: string, password: string): Promise<Profile | null> {
  const tokens = await api<Tokens>('/auth/obtain_token/', {
    method: 'POST',
    body: { email, password },
    anonymous: true,
  });
  // Spec 01 §4: on login the client-side stores are reset, then the tokens saved.
  clearUserStores();
  store.set(tokensAtom, tokens);
  return loadProfile();
}

/** Removing the token clears tokens and user (spec 01 §4), and everything kept for that user. */
export function dropSession(): void {
  clearUserStores();
  store.set(tokensAtom, null);
  store.set(profileAtom, null);
  store.set(sessionEpochAtom, (n) => n + 1);
}

export async function signOut(): Promise<void> {
  try {
    await api('/auth/logout/', { method: 'POST', body: {} });
  } catch {
    /* signing out locally is what matters */
  }
  dropSession();
}

export type RefreshOutcome = 'ok' | 'none' | 'ignored' | 'dropped';

/**
 * One refresh (spec 01 §8): 426 RELOAD reloads the home page of the domain, 426 MESSAGE… shows
 * the rest as an alert, 502 is ignored as temporary, any other failure ends the session.
 */
export async function refreshSession(onDropped: () => void): Promise<RefreshOutcome> {
  const tokens = store.get(tokensAtom);
  if (!tokens) return 'none';
  try {
    const { data } = await request<Tokens>('/auth/refresh_token/', {
      method: 'POST',
      body: { refresh: tokens.refresh },
      anonymous: true,
      timeoutMs: 15_000,
    });
    store.set(tokensAtom, data);
    return 'ok';
  } catch (e) {
    const err = e as ApiError;
    if (err.status === 426) {
      const action = String(err.data.action ?? '');
      if (action === 'RELOAD') window.location.assign('/');
      else if (action.startsWith('MESSAGE')) window.alert(action.slice('MESSAGE'.length).trim() || t('errors.500'));
      return 'ignored';
    }
    if (err.status === 502 || err.status === 0) return 'ignored';
    dropSession();
    onDropped();
    return 'dropped';
  }
}
