import { atom } from 'jotai';
import { modules, routes } from '../generated/manifest';
import { whiteLabelAtom, type WhiteLabel } from './session';
import type { RuleWhiteLabel } from '../../engine/logic/user-context';

export function moduleFlags(wl: WhiteLabel | null): Record<string, boolean> {
  const flags: Record<string, boolean> = {};
  for (const m of modules) flags[m.id] = m.always || Boolean(wl?.[`${m.flag}IsActive`]);
  return flags;
}

export const ruleWhiteLabelAtom = atom<RuleWhiteLabel>((get) => {
  const wl = get(whiteLabelAtom);
  return { id: wl?.pk ?? null, domain: wl?.domain ?? null, modules: moduleFlags(wl) };
});

/** Path of a route name ("AccountLogin", or "Name:param=x" as stored in white labels). */
export function pathOfRoute(spec: string | undefined | null): string | null {
  if (!spec) return null;
  const [name, ...params] = spec.split(':');
  const route = routes.find((r) => r.name === name);
  if (!route) return null;
  let path = route.path;
  for (const p of params) {
    const [k, v] = p.split('=');
    path = path.replace(`:${k}`, encodeURIComponent(v ?? ''));
  }
  return path;
}

const HOME_KEYS: Record<string, string> = {
  client: 'homeRouteForClient',
  professional: 'homeRouteForProfessional',
  advisor: 'homeRouteForAdvisor',
  superadvisor: 'homeRouteForAdvisor',
  listeproadmin: 'homeRouteForAdvisor',
  manager: 'homeRouteForManager',
  administrator: 'homeRouteForAdministrator',
};

/**
 * Each role's home, from the white label (spec 01 §2); the landing page `/` by default, and when
 * the home's module is off on this white label (a client's « Mes rendez-vous » without booking).
 */
export function homePath(wl: WhiteLabel | null, userType: string | null): string {
  const key = userType ? HOME_KEYS[userType] : 'homeRoute';
  const spec = wl?.[key ?? 'homeRoute'] as string | undefined;
  const route = routes.find((r) => r.name === spec?.split(':')[0]);
  if (route?.module && !moduleFlags(wl)[route.module]) return '/';
  return pathOfRoute(spec) ?? '/';
}
