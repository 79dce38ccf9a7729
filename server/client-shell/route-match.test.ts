import { describe, expect, it } from 'vitest';
import type { RouteDeclaration } from '../../engine/schema/types';
import { matchRoute, shownRoute } from './route-match';

const route = (name: string, path: string, extra: Partial<RouteDeclaration> = {}): RouteDeclaration => ({
  name,
  path,
  screen: { component: name },
  access: true,
  ...extra,
});
const ROUTES = [
  route('Home', '/'),
  route('Ecorenover', '/ecorenover', { screen: { redirect: '/ecorenover/situation-actuelle' } }),
  route('EcorenoverTab', '/ecorenover/:tab'),
  route('EcorenoverReport', '/ecorenover/rapport/:uuid/pdf'),
  route('EcorenoverIframe', '/ecorenover-iframe', { embeddable: true }),
  route('EcorenoverIframeTab', '/ecorenover-iframe/:tab', { embeddable: true }),
  route('PlaceEdit', '/lieux/:pk/'),
  route('PlaceCreate', '/lieux/nouveau/'),
];

describe('the declared route a browser path shows', () => {
  it('matches literal segments and one segment per parameter, with or without the final slash', () => {
    expect(matchRoute(ROUTES, '/')?.name).toBe('Home');
    expect(matchRoute(ROUTES, '/ecorenover-iframe')?.name).toBe('EcorenoverIframe');
    expect(matchRoute(ROUTES, '/ecorenover-iframe/')?.name).toBe('EcorenoverIframe');
    expect(matchRoute(ROUTES, '/ecorenover-iframe/emprunts')?.name).toBe('EcorenoverIframeTab');
    expect(matchRoute(ROUTES, '/ecorenover/rapport/abc/pdf')?.name).toBe('EcorenoverReport');
    expect(matchRoute(ROUTES, '/lieux/12')?.name).toBe('PlaceEdit');
  });

  it('prefers the route with more literal segments, as the client router does', () => {
    expect(matchRoute(ROUTES, '/lieux/nouveau/')?.name).toBe('PlaceCreate');
  });

  it('matches nothing for an unknown path, a longer one, or a broken escape', () => {
    expect(matchRoute(ROUTES, '/ecorenover-iframe/emprunts/en-plus')).toBeNull();
    expect(matchRoute(ROUTES, '/inconnu')).toBeNull();
    expect(matchRoute(ROUTES, '/lieux/%E0%A4%A/')).toBeNull();
  });

  it('follows a redirect route to the route it leads to', () => {
    expect(shownRoute(ROUTES, matchRoute(ROUTES, '/ecorenover'))?.name).toBe('EcorenoverTab');
    expect(shownRoute(ROUTES, null)).toBeNull();
  });
});
