import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router-dom';
import { routes, type ManifestRoute } from './generated/manifest';

// Issue 28 row 12: every creation path spec 02 names opens a creation form. /fac/lists/new matched the edit
// route /fac/lists/:pk and showed « Enregistrement non trouvé ». Matched as the client router does (react-router
// over the generated manifest, static segments before parameters), following a redirect route once.
const SPEC_CREATION_PATHS = [
  '/fac/lists/new',
  '/fac/lists/creation/',
  '/fac/contacts/creation/',
  '/fac/organizations/creation/',
  '/fac/tags/creation/',
  '/dialogwatt/zones-de-chalandise/creation/',
  '/dialogwatt/motifs-de-rendez-vous/creation/',
  '/dialogwatt/notifications/creation/',
  '/evenements/creation/',
  '/references/creation',
  '/newsletters/creation/',
  '/newsletters/groupes/creation/',
];

function screenAt(path: string): ManifestRoute | undefined {
  const objects = routes.map((r) => ({ path: r.path, route: r }));
  const found = matchRoutes(objects, path)?.[0]?.route as { route: ManifestRoute } | undefined;
  return found?.route;
}

describe('the creation routes spec 02 names', () => {
  it.each(SPEC_CREATION_PATHS)('%s opens a creation form', (path) => {
    let route = screenAt(path);
    if (route && 'redirect' in route.screen) route = screenAt(route.screen.redirect);
    expect(route?.screen, path).toMatchObject({ kind: 'create' });
  });
});
