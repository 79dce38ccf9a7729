import type { RouteDeclaration } from '../../engine/schema/types';

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/**
 * The declared route (schemas/routes, entity screens) that a browser path shows, matched as the
 * client's router does: `:name` takes one segment, a trailing slash does not matter, and where
 * several match the one with more literal segments wins (/x/new before /x/:id).
 */
export function matchRoute(routes: readonly RouteDeclaration[], path: string): RouteDeclaration | null {
  let asked: string[];
  try {
    asked = segments(path).map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
  let best: { route: RouteDeclaration; literal: number } | null = null;
  for (const route of routes) {
    const parts = segments(route.path);
    if (parts.length !== asked.length) continue;
    let literal = 0;
    let matches = true;
    for (let i = 0; i < parts.length && matches; i += 1) {
      if (parts[i].startsWith(':')) continue;
      if (parts[i] === asked[i]) literal += 1;
      else matches = false;
    }
    if (matches && (!best || literal > best.literal)) best = { route, literal };
  }
  return best?.route ?? null;
}

/** The route a redirect route leads to (/thermix → /thermix/mes-besoins), else the route itself. */
export function shownRoute(routes: readonly RouteDeclaration[], route: RouteDeclaration | null) {
  if (route && 'redirect' in route.screen) return matchRoute(routes, route.screen.redirect) ?? route;
  return route;
}
