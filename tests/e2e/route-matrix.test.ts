import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { routes } from '../../client/generated/manifest';
import { holds } from '../../engine/logic/logic';
import { anonymousUser, ruleUser } from '../../engine/logic/user-context';
import { roles } from '../../client/generated/manifest';
import type { TestApp } from '../helpers/test-app';
import { signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';

// Spec 01 §2, the account and general routes with their rights, as the spec states them. The test
// checks that the declarations say the same thing, then visits every route as every role.
type Role =
  'anonymous' | 'client' | 'professional' | 'advisor' | 'superadvisor' | 'listeproadmin' | 'manager' | 'administrator';
const ALL: Role[] = [
  'anonymous',
  'client',
  'professional',
  'advisor',
  'superadvisor',
  'listeproadmin',
  'manager',
  'administrator',
];
const SIGNED_IN: Role[] = ALL.filter((r) => r !== 'anonymous');
const ADVISORS: Role[] = ['advisor', 'superadvisor', 'listeproadmin'];
const STAFF: Role[] = ['administrator', 'manager', ...ADVISORS];

interface SpecRoute {
  path: string;
  visit: string;
  allowed: Role[];
  guestOnly?: boolean;
  redirects?: Partial<Record<Role, string>>;
}

const SPEC: SpecRoute[] = [
  { path: '/mon-compte/profil', visit: '/mon-compte/profil', allowed: SIGNED_IN },
  { path: '/mon-compte/profil-admin', visit: '/mon-compte/profil-admin', allowed: ['administrator'] },
  { path: '/mon-compte/profil-advisor', visit: '/mon-compte/profil-advisor', allowed: [...ADVISORS, 'manager'] },
  { path: '/mon-compte/profil-manager', visit: '/mon-compte/profil-manager', allowed: ['manager'] },
  { path: '/mon-compte/connexion', visit: '/mon-compte/connexion', allowed: ['anonymous'], guestOnly: true },
  {
    path: '/mon-compte/connexion/:startEmail',
    visit: '/mon-compte/connexion/camille@example.fr',
    allowed: ['anonymous'],
    guestOnly: true,
  },
  {
    path: '/mon-compte/reinitialisation-mot-de-passe/:startEmail',
    visit: '/mon-compte/reinitialisation-mot-de-passe/camille@example.fr',
    allowed: ALL,
  },
  {
    path: '/mon-compte/reinitialisation-mot-de-passe-changement/:uidb64/:token',
    visit: '/mon-compte/reinitialisation-mot-de-passe-changement/Nw/abc-def',
    allowed: ALL,
  },
  {
    path: '/mon-compte/changement-de-mot-de-passe',
    visit: '/mon-compte/changement-de-mot-de-passe',
    allowed: SIGNED_IN,
  },
  { path: '/mon-compte/supprimer', visit: '/mon-compte/supprimer', allowed: SIGNED_IN },
  { path: '/cti/', visit: '/cti/', allowed: ['administrator', 'manager', ...ADVISORS] },
  { path: '/cti/:phone', visit: '/cti/0612345678', allowed: ['administrator', 'manager', ...ADVISORS] },
  { path: '/rgpd/:pk', visit: '/rgpd/7', allowed: STAFF },
  { path: '/traitement-des-donnees/:pk', visit: '/traitement-des-donnees/7', allowed: SIGNED_IN },
  { path: '/groupes/', visit: '/groupes/', allowed: ['administrator', 'manager'] },
  { path: '/groupes/:pk', visit: '/groupes/2', allowed: ['administrator', 'manager', 'superadvisor'] },
  { path: '/ma-structure', visit: '/ma-structure', allowed: ['administrator', 'manager', 'superadvisor'] },
  { path: '/utilisateurs/', visit: '/utilisateurs/', allowed: ['administrator'] },
  { path: '/utilisateurs/:pk', visit: '/utilisateurs/7', allowed: ['administrator', 'manager', ...ADVISORS] },
  {
    path: '/utilisateurs/creation',
    visit: '/utilisateurs/creation',
    allowed: ['administrator', 'manager', ...ADVISORS],
  },
  { path: '/courriel/gestion-de-compte', visit: '/courriel/gestion-de-compte', allowed: ['superadvisor'] },
  { path: '/sms/gestion-de-compte', visit: '/sms/gestion-de-compte', allowed: ['superadvisor'] },
  { path: '/simulaides', visit: '/simulaides', allowed: [...ADVISORS, 'client'] },
  {
    path: '/tableau-de-bord/',
    visit: '/tableau-de-bord/',
    allowed: ALL,
    // Anyone else goes to the public appointment home (the booking module's BookingHome route).
    redirects: {
      administrator: '/tableau-de-bord/administrateur',
      manager: '/tableau-de-bord/manager',
      advisor: '/tableau-de-bord/conseiller',
      superadvisor: '/tableau-de-bord/conseiller',
      listeproadmin: '/tableau-de-bord/conseiller',
      anonymous: '/dialogwatt/rendez-vous/',
      client: '/dialogwatt/rendez-vous/',
      professional: '/dialogwatt/rendez-vous/',
    },
  },
];

const ACCOUNTS: Record<Exclude<Role, 'anonymous'>, string> = {
  client: 'client@demo.fr',
  professional: 'pro@demo.fr',
  advisor: 'conseiller@demo.fr',
  superadvisor: 'superconseiller@demo.fr',
  listeproadmin: 'listepro@demo.fr',
  manager: 'manager@demo.fr',
  administrator: 'admin@demo.fr',
};

function ruleUserFor(role: Role) {
  return role === 'anonymous' ? anonymousUser(roles) : ruleUser({ pk: 1, userType: role, group: 2 }, roles);
}

describe('route rights of spec 01 §2', () => {
  it('are declared as the spec states them', () => {
    const mismatches: string[] = [];
    for (const spec of SPEC) {
      const route = routes.find((r) => r.path === spec.path || r.path === `${spec.path}/`);
      if (!route) {
        mismatches.push(`${spec.path}: no route declared`);
        continue;
      }
      for (const role of ALL) {
        const declared =
          holds(route.access, { user: ruleUserFor(role), whiteLabel: { id: 1, domain: 'localhost', modules: {} } }) &&
          !(route.guestOnly && role !== 'anonymous');
        if (declared !== spec.allowed.includes(role))
          mismatches.push(
            `${spec.path} as ${role}: declared ${declared ? 'allowed' : 'refused'}, ` +
              `spec says ${spec.allowed.includes(role) ? 'allowed' : 'refused'}`,
          );
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('route matrix in Chromium: every route of spec 01 §2 as every role', () => {
  let t: TestApp;
  let browser: Browser;
  const pages = new Map<Role, { context: BrowserContext; page: Page }>();
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });
  beforeAll(async () => {
    for (const role of ALL) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'fr-FR' });
      const page = await context.newPage();
      if (role !== 'anonymous') await signIn(page, t.url, ACCOUNTS[role]);
      pages.set(role, { context, page });
    }
  });
  afterAll(async () => {
    // Runs before the shared hook closes the browser (after-hooks run in reverse order).
    for (const { context } of pages.values()) await context.close();
  });

  for (const role of ALL) {
    it(`as ${role}`, async () => {
      const { page } = pages.get(role)!;
      const problems: string[] = [];
      for (const spec of SPEC) {
        // Start from a known page so that "back" has somewhere to go.
        await page.goto(`${t.url}/accueil`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.goto(`${t.url}${spec.visit}`);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(150);
        const here = new URL(page.url());
        const allowed = spec.allowed.includes(role);
        let outcome: string;
        if (allowed) {
          const expected = spec.redirects?.[role] ?? spec.visit;
          const headingVisible = await page
            .getByRole('heading', { level: 1 })
            .isVisible()
            .catch(() => false);
          outcome =
            decodeURIComponent(here.pathname) === expected && headingVisible
              ? 'ok'
              : `expected the page ${expected}, got ${here.pathname}`;
          if (outcome === 'ok' && (await page.getByText("Vous n'avez pas accès à cette page.").count()))
            outcome = 'refused although allowed';
        } else if (role === 'anonymous') {
          outcome =
            here.pathname === '/mon-compte/connexion' && here.searchParams.get('next') === spec.visit
              ? 'ok'
              : `expected the login screen with next=${spec.visit}, got ${here.pathname}${here.search}`;
        } else if (spec.guestOnly) {
          outcome =
            here.pathname !== spec.visit && !here.pathname.startsWith('/mon-compte/connexion')
              ? 'ok'
              : `expected to leave the guest-only ${spec.visit}, got ${here.pathname}`;
        } else {
          const toast = await page.getByText("Vous n'avez pas accès à cette page.").count();
          outcome =
            here.pathname !== spec.visit && toast > 0
              ? 'ok'
              : `expected to be sent back with a refusal, got ${here.pathname} (message shown: ${toast > 0})`;
        }
        if (outcome !== 'ok') problems.push(`${spec.visit}: ${outcome}`);
      }
      expect(problems).toEqual([]);
      // Two navigations per route and role: about 40 s on a quiet machine, several times that on a loaded one.
    }, 300_000);
  }
});
