import type { Express } from 'express';

interface Layer {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** How a route's path reads in the matrices: its first path when it has several, a pattern as its source. */
function pathOf(path: unknown): string {
  if (Array.isArray(path)) return pathOf(path[0]);
  return path instanceof RegExp ? String(path) : String(path);
}

/**
 * Every route an Express app mounts, as « METHOD path », found by walking its router and the
 * routers mounted in it (the way a request would be dispatched), so that no route escapes the
 * matrices by being registered in an unusual place.
 */
export function mountedRoutes(server: Express): string[] {
  const out = new Set<string>();
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const [method, on] of Object.entries(layer.route.methods))
          if (on && method !== '_all') out.add(`${method.toUpperCase()} ${pathOf(layer.route.path)}`);
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((server as unknown as { router: { stack: Layer[] } }).router.stack);
  return [...out];
}
