import type { WhiteLabel } from '../state/session';

const VARIABLES: Record<string, string> = {
  primary: '--color-primary',
  primaryText: '--color-on-primary',
  accent: '--color-accent',
  background: '--color-background',
  text: '--color-text',
  menuBackground: '--color-menu',
  menuText: '--color-on-menu',
};

/** A white label's colours become CSS variables; its own stylesheet comes after the base one. */
export function applyTheme(wl: WhiteLabel | null): void {
  const root = document.documentElement;
  const theme = (wl?.theme ?? {}) as Record<string, string>;
  for (const [key, variable] of Object.entries(VARIABLES)) {
    if (theme[key]) root.style.setProperty(variable, theme[key]);
    else root.style.removeProperty(variable);
  }
  let style = document.getElementById('white-label-style') as HTMLStyleElement | null;
  if (!style) {
    style = document.createElement('style');
    style.id = 'white-label-style';
    document.head.appendChild(style);
  }
  style.textContent = typeof wl?.style === 'string' ? wl.style : '';
}

/** Tab title: page, breadcrumb and site title joined by a dash, reversed on request (spec 01 §2). */
export function tabTitle(parts: (string | undefined)[], siteTitle: string | undefined, reverse: boolean): string {
  const list = [...parts, siteTitle]
    .filter((p): p is string => Boolean(p && p.trim()))
    .filter((p, i, a) => a.indexOf(p) === i);
  return (reverse ? list.reverse() : list).join(' - ');
}
