import type { RouteDeclaration } from '../../engine/schema/types';
import { currentEntry } from '../../engine/shell/current-entry';
import { translateFrench } from '../../engine/format/french-messages';
import type { MessageCatalogue } from '../../engine/schema/types';
import type { MenuItem } from '../modules/meta/menu';
import type { PublicService } from '../modules/meta/services';
import { matchRoute } from './route-match';

/**
 * The first paint written by the server (issue 16, item 15): the application shell of a public page
 * — banner with the white label's name, side menu, breadcrumb, the page's `h1` and description, and
 * for the landing page its heading and service cards — so that the page's largest text is painted
 * from the HTML, about a second before the scripts have been downloaded and run on a slow phone
 * (docs/performance.md, « First paint of the public pages »).
 *
 * It is the markup that the shell's components render for an anonymous visitor, element for
 * element and class for class: client/shell/AppShell.tsx, Header.tsx, SkipLinks.tsx, SideMenu.tsx,
 * Breadcrumb.tsx and, for `HomeScreen`, client/screens/HomeScreen.tsx. client/main.tsx renders React
 * only once the route's screen is loaded, in one synchronous commit that replaces this markup with
 * the same boxes: no flash and no layout shift (tests/e2e/prepaint.test.ts measures both). Change
 * those components and this file together.
 *
 * Everything that comes from the white label, the menu or the services is escaped here; the white
 * label's header and footer are its sanitized HTML, as the client inserts them.
 */

export interface PrepaintInput {
  /** The browser path of the page. */
  path: string;
  routes: readonly RouteDeclaration[];
  /** The white label record (header/footer already sanitized); no prepaint without one. */
  whiteLabel: Record<string, unknown> | null;
  /** Module flags of the white label (a disabled module's page shows a notice instead). */
  modules: Record<string, boolean>;
  menu: MenuItem[];
  services: PublicService[];
  catalogue: MessageCatalogue;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text and attribute values: nothing a white-label administrator types can become markup. */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The path a route name leads to (white labels store routes by name, "Name:param=x"), as the client reads it. */
function pathOfRoute(routes: readonly RouteDeclaration[], spec: unknown): string | null {
  if (typeof spec !== 'string' || !spec) return null;
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

/** React Router's NavLink rule: the same path, or a path below it (not for `end` links). */
function isActive(to: string, here: string, end: boolean): boolean {
  const target = to.toLowerCase();
  const location = here.toLowerCase();
  const slash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  return location === target || (!end && location.startsWith(target) && location.charAt(slash) === '/');
}

const ICON_ATTRIBUTES =
  'width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" ' +
  'stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"';
const icon = (d: string) => `<svg ${ICON_ATTRIBUTES}><path d="${d}"></path></svg>`;

function entryText(item: MenuItem): string {
  const badge = item.badge
    ? `<span class="visually-hidden">,</span><span class="menu-badge">${escapeHtml(item.badge.count)}` +
      `<span class="visually-hidden"> ${escapeHtml(item.badge.label)}</span></span>`
    : '';
  const subtitle = item.subtitle ? `<span class="menu-subtitle">${escapeHtml(item.subtitle)}</span>` : '';
  return `<span class="menu-label">${escapeHtml(item.label)}${badge}</span>${subtitle}`;
}

function menuEntry(item: MenuItem, here: string): string {
  const title = item.description ? ` title="${escapeHtml(item.description)}"` : '';
  let head: string;
  if (item.path) {
    const active = isActive(item.path, here, item.path === '/');
    const state = active ? ' aria-current="page" class="active"' : '';
    head = `<a${state} href="${escapeHtml(item.path)}"${title}>${entryText(item)}</a>`;
  } else if (item.href) {
    head = `<a href="${escapeHtml(item.href)}" target="_blank" rel="noreferrer"${title}>${entryText(item)}</a>`;
  } else head = `<span class="menu-group">${entryText(item)}</span>`;
  const children = item.children ? `<ul>${item.children.map((c) => menuEntry(c, here)).join('')}</ul>` : '';
  return `<li>${head}${children}</li>`;
}

/** The landing page's body for a visitor without a session (HomeScreen.tsx). */
function landing(wl: Record<string, unknown>, services: PublicService[], t: Translate, siteTitle: string): string {
  const baseline = wl.siteBaseline ? `<p class="lead landing-baseline">${escapeHtml(wl.siteBaseline)}</p>` : '';
  const cards = services
    .map(
      (s) =>
        `<li class="service-card"><h3><a href="${escapeHtml(s.path)}">${escapeHtml(s.name)}</a></h3>` +
        (s.kind !== s.name ? `<p class="service-kind">${escapeHtml(s.kind)}</p>` : '') +
        `<p class="service-description">${escapeHtml(s.description)}</p>` +
        `<span class="service-open" aria-hidden="true">${escapeHtml(t('shell.landing_open'))} →</span></li>`,
    )
    .join('');
  const list = services.length
    ? `<p class="muted">${escapeHtml(t('shell.landing_services_intro', { site: siteTitle }))}</p>` +
      `<ul class="service-cards">${cards}</ul>`
    : `<p class="muted">${escapeHtml(t('shell.landing_none'))}</p>`;
  return (
    `<div class="landing">${baseline}` +
    `<section aria-labelledby="landing-services" class="landing-services">` +
    `<h2 id="landing-services">${escapeHtml(t('shell.landing_services'))}</h2>${list}</section>` +
    `<section class="card landing-staff" aria-labelledby="landing-staff">` +
    `<h2 id="landing-staff">${escapeHtml(t('shell.landing_staff_title'))}</h2>` +
    `<p>${escapeHtml(t('shell.landing_staff_text'))}</p>` +
    `<p><a class="button button-primary" href="/mon-compte/connexion">${escapeHtml(t('ui.sign_in'))}</a></p>` +
    `</section></div>`
  );
}

type Translate = (key: string, params?: Record<string, unknown>) => string;

/**
 * The shell's markup for `#root`, or null where the server cannot know what the page shows first
 * (no white label, a page that needs a session or a disabled module, a redirect it does not
 * follow, another layout, no title): those keep the « Chargement… » placeholder.
 */
export function prepaintShell(input: PrepaintInput): string | null {
  const wl = input.whiteLabel;
  if (!wl) return null;
  let path = input.path;
  let route = matchRoute(input.routes, path);
  // A redirect route (/thermix → /thermix/mes-besoins) is followed as the client does before it renders.
  if (route && 'redirect' in route.screen) {
    path = route.screen.redirect;
    route = matchRoute(input.routes, path);
  }
  if (!route || 'redirect' in route.screen || route.access !== true) return null;
  if ((route.layout ?? 'web') !== 'web') return null;
  if (route.module && !input.modules[route.module]) return null;
  const t: Translate = (key, params = {}) => translateFrench(input.catalogue, key, params);
  const siteTitle = str(wl.siteTitle);
  let pageTitle: string | null = null;
  let body = `<p class="loading" role="status">${escapeHtml(t('ui.loading'))}</p>`;
  if ('component' in route.screen && route.screen.component === 'HomeScreen') {
    // HomeScreen sends a white label with another home for visitors there: not painted here.
    const home = pathOfRoute(input.routes, wl.homeRoute) ?? '/';
    if (path === '/' && home !== '/' && home !== '/accueil') return null;
    pageTitle = siteTitle || t('ui.home');
    body = landing(wl, input.services, t, pageTitle);
  }
  const found = currentEntry(input.menu, path);
  const title = pageTitle ?? route.title ?? found?.entry.label ?? '';
  if (!title) return null;
  const description = found?.entry.description ?? route.description;
  const hasMenu = wl.hasMenu !== false;

  const skipLinks =
    `<div class="skip-links"><a href="#main">${escapeHtml(t('ui.skip_to_content'))}</a>` +
    (hasMenu ? `<a href="#side-menu">${escapeHtml(t('shell.skip_to_menu'))}</a>` : '') +
    `</div>`;
  const ownHeader = wl.hasMainHeader !== false ? str(wl.header) : '';
  const header =
    `<header class="app-banner">` +
    (ownHeader ? `<div class="white-label-header">${ownHeader}</div>` : '') +
    `<div class="app-header">` +
    `<button type="button" class="icon-button menu-toggle-mobile" aria-expanded="false" ` +
    `aria-controls="side-menu" aria-label="${escapeHtml(t('ui.menu_open'))}">` +
    `${icon('M3 6h18M3 12h18M3 18h18')}</button>` +
    `<button type="button" class="icon-button menu-toggle-desktop" aria-controls="side-menu" ` +
    `aria-label="${escapeHtml(t('ui.menu_fold'))}">${icon('M15 6l-6 6 6 6')}</button>` +
    `<a class="brand" href="/"><span class="brand-title">${escapeHtml(siteTitle || 'Rénovation')}</span>` +
    (wl.siteBaseline ? `<span class="brand-baseline">${escapeHtml(wl.siteBaseline)}</span>` : '') +
    `</a><div class="header-user">` +
    `<a class="button button-light" href="/mon-compte/connexion">${escapeHtml(t('ui.sign_in'))}</a>` +
    `</div></div></header>`;
  const sideMenu = hasMenu
    ? `<nav id="side-menu" class="side-menu" aria-label="${escapeHtml(t('ui.menu'))}"><ul>` +
      input.menu.map((item) => menuEntry(item, path)).join('') +
      `</ul></nav>`
    : '';

  const trail = found ? [...found.parents, found.entry].filter((e) => e.path !== '/') : [];
  const crumbs = trail
    .map((e, i) => {
      const link = e.path && (i < trail.length - 1 || pageTitle);
      const current = i === trail.length - 1 ? ' aria-current="page"' : '';
      return link
        ? `<li><a href="${escapeHtml(e.path)}">${escapeHtml(e.label)}</a></li>`
        : `<li><span${current}>${escapeHtml(e.label)}</span></li>`;
    })
    .join('');
  const breadcrumb =
    wl.hasBreadcrumb !== false && trail.length > 0
      ? `<nav aria-label="${escapeHtml(t('ui.breadcrumb'))}" class="breadcrumb"><ol>` +
        `<li><a href="/">${escapeHtml(t('ui.home'))}</a></li>${crumbs}</ol></nav>`
      : '';
  const help =
    wl.hasOnlineHelp === true && route.helpUrl
      ? `<a class="help-link" href="${escapeHtml(route.helpUrl)}" target="_blank" rel="noreferrer">` +
        `${escapeHtml(t('ui.online_help'))}</a>`
      : '';
  const titleBlock =
    `<div class="title-block">${breadcrumb}<div class="title-row"><h1>${escapeHtml(title)}</h1>${help}</div>` +
    (description && !pageTitle ? `<p class="page-description">${escapeHtml(description)}</p>` : '') +
    `</div>`;
  const footer = str(wl.footer) ? `<footer class="app-footer"><div>${str(wl.footer)}</div></footer>` : '';
  return (
    `<div class="app${hasMenu ? '' : ' no-menu'}" data-prepaint="">${skipLinks}${header}` +
    `<div class="app-body">${sideMenu}<main id="main" tabindex="-1">${titleBlock}` +
    `<div class="screen">${body}</div></main></div>${footer}</div>`
  );
}

const THEME_VARIABLES: Record<string, string> = {
  primary: '--color-primary',
  primaryText: '--color-on-primary',
  accent: '--color-accent',
  background: '--color-background',
  text: '--color-text',
  menuBackground: '--color-menu',
  menuText: '--color-on-menu',
};

/**
 * The white label's colours as the `style` of `<html>` (what client/shell/theme.ts sets), so that
 * the first paint has them. A value that is not a plain colour is left to the client, which the
 * browser's own CSS parser then checks.
 */
export function themeStyle(wl: Record<string, unknown> | null): string {
  const theme = (wl?.theme ?? {}) as Record<string, unknown>;
  return Object.entries(THEME_VARIABLES)
    .filter(([key]) => typeof theme[key] === 'string' && /^[#\w\s().,%-]+$/.test(theme[key] as string))
    .map(([key, variable]) => `${variable}: ${theme[key] as string}`)
    .join('; ');
}
