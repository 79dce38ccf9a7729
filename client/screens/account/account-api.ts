import { api } from '../../api/http';
import { store, tokensAtom, type Tokens } from '../../state/store';
import { profileAtom, sessionEpochAtom, type Profile } from '../../state/session';
import accountMessages from '../../../schemas/messages/fr/accounts.json';
import { catalogue } from '../../lib/messages';
import { translateFrench } from '../../../engine/format/french-messages';

import type { Consent } from '../../../engine/accounts/consent-fields';

export { CONSENT_FIELDS, type ConsentField, type Consent } from '../../../engine/accounts/consent-fields';

export interface FullProfile extends Profile {
  civility: string;
  title: string;
  phone: string;
  color: string;
  dateJoined: string | null;
  lastLogin: string | null;
}

export interface ProfileAnswer {
  user: FullProfile;
  rgpdConsent: Consent | null;
  domainName: string | null;
  /** A new sign-in e-mail was asked: it waits for the link mailed to it (the address stays until then). */
  emailChange?: { pending: string };
}

export interface Overview {
  structure: {
    pk: number;
    name: string;
    fullName: string | null;
    isAdmin: boolean;
    isActive: boolean;
    adminGroup: { pk: number; name: string } | null;
    usersCount: number;
  } | null;
  childStructures: { pk: number; name: string; isActive: boolean; usersCount: number }[] | null;
  platform: {
    mail: {
      mode: 'smtp' | 'outbox';
      server: string | null;
      from: string;
      sent: number;
      failed: number;
      notSent: number;
      lastAt: string | null;
    };
    rateLimits: {
      loginPerIp: number;
      loginFailuresPerEmail: number;
      windowMinutes: number;
      sharedStore: 'redis' | 'memory';
    };
    activeUsers: number;
    whiteLabels: { pk: number; domain: string; siteTitle: string; isActive: boolean }[];
    version: string;
  } | null;
}

export interface DeletionPreview {
  deleted: { label: string; count: number }[];
  detached: { label: string; count: number }[];
  isLastAdministrator: boolean;
}

/** The shell's copy of the profile follows every save (header name and picture). */
function publish(user: FullProfile): void {
  store.set(profileAtom, user);
}

export const fetchProfile = () => api<ProfileAnswer>('/accounts/profile/');
export const fetchOverview = () => api<Overview>('/accounts/profile/me/overview/');

export async function saveProfile(
  pk: number,
  user: Record<string, unknown>,
  rgpdConsent: Record<string, boolean> | null,
): Promise<ProfileAnswer> {
  const answer = await api<ProfileAnswer>(`/accounts/profile/${pk}/`, {
    method: 'PATCH',
    body: { user, ...(rgpdConsent ? { rgpdConsent } : {}) },
  });
  if (answer.user) publish(answer.user);
  return answer;
}

export async function savePicture(pk: number, dataUrl: string | null): Promise<string | null> {
  const { profilePic } = await api<{ pk: number; profilePic: string | null }>(`/accounts/user-profile-pic/${pk}/`, {
    method: 'PATCH',
    body: { profilePic: dataUrl },
  });
  const current = store.get(profileAtom);
  if (current && current.pk === pk) store.set(profileAtom, { ...current, profilePic });
  return profilePic;
}

export const requestReset = (email: string) =>
  api<{ ok: string }>('/accounts/password/reset/', { method: 'POST', body: { email }, anonymous: true });
export const checkResetLink = (uid: string, token: string) =>
  api<{ ok: true; email: string }>(
    `/accounts/password/reset/${encodeURIComponent(uid)}/${encodeURIComponent(token)}/`,
    { anonymous: true },
  );
export const confirmReset = (uid: string, token: string, newPassword1: string, newPassword2: string) =>
  api<{ ok: string; email: string }>(
    `/accounts/password/reset/${encodeURIComponent(uid)}/${encodeURIComponent(token)}/`,
    { method: 'POST', body: { newPassword1, newPassword2 }, anonymous: true },
  );

/** The link mailed to a new sign-in address, followed: the address becomes the account's. */
export const confirmEmail = (uid: string, email: string, token: string) =>
  api<{ ok: string; email: string }>('/accounts/email/confirm/', {
    method: 'POST',
    body: { uid, email, token },
    anonymous: true,
  });

export async function changePassword(body: {
  oldPassword: string;
  newPassword1: string;
  newPassword2: string;
}): Promise<void> {
  const answer = await api<{ ok: true } & Tokens>('/accounts/password/change/', { method: 'POST', body });
  // The other sessions ended; this one continues with the pair the server just issued.
  store.set(tokensAtom, { token: answer.token, refresh: answer.refresh });
}

export const fetchDeletionPreview = () => api<DeletionPreview>('/accounts/profile/me/deletion/');

export async function deleteAccount(password: string): Promise<void> {
  await api('/accounts/profile/me/', { method: 'DELETE', body: { password } });
  store.set(tokensAtom, null);
  store.set(profileAtom, null);
  store.set(sessionEpochAtom, (n) => n + 1);
}

// The account texts load with the account screens only, not with every public page.
const accountCatalogue: Record<string, string> = { ...catalogue, ...accountMessages };

export function at(key: string, params: Record<string, unknown> = {}): string {
  return translateFrench(accountCatalogue, key, params);
}
