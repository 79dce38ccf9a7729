import { describe, expect, it } from 'vitest';
import { isTileTemplate, mapConfig } from './map-config';

describe('map settings from the environment', () => {
  it('has no tiles by default: the page draws its offline base map', () => {
    expect(mapConfig({})).toEqual({ tileUrl: null, tileAttribution: null, tileMaxZoom: 18, frameAncestors: [] });
  });

  it('takes an https or same-site tile template with {z}, {x} and {y}, and refuses anything else', () => {
    expect(
      mapConfig({
        MAP_TILE_URL: ' https://tiles.example.fr/{z}/{x}/{y}.png ',
        MAP_TILE_ATTRIBUTION: '© Exemple',
        MAP_TILE_MAX_ZOOM: '16',
      }),
    ).toMatchObject({
      tileUrl: 'https://tiles.example.fr/{z}/{x}/{y}.png',
      tileAttribution: '© Exemple',
      tileMaxZoom: 16,
    });
    expect(isTileTemplate('/tuiles/{z}/{x}/{y}.png')).toBe(true);
    expect(isTileTemplate('https://{s}.tiles.example.fr/{z}/{x}/{y}{r}.png')).toBe(true);
    // Plain http is blocked by the Content-Security-Policy; a template without {z}/{x}/{y} is no template.
    expect(isTileTemplate('http://tiles.example.fr/{z}/{x}/{y}.png')).toBe(false);
    expect(isTileTemplate('https://tiles.example.fr/tile.png')).toBe(false);
    expect(isTileTemplate('javascript:alert(1)//{z}{x}{y}')).toBe(false);
    expect(isTileTemplate('https://x.fr/{z}/{x}/{y}.png" onerror="x')).toBe(false);
    expect(mapConfig({ MAP_TILE_URL: 'ftp://x/{z}/{x}/{y}', MAP_TILE_MAX_ZOOM: '40' })).toMatchObject({
      tileUrl: null,
      tileMaxZoom: 18,
    });
  });

  it('keeps only well-formed origins as frame ancestors', () => {
    expect(
      mapConfig({ MAP_FRAME_ANCESTORS: 'https://www.example.fr  https://partenaire.example.org:8443 * javascript:x' })
        .frameAncestors,
    ).toEqual(['https://www.example.fr', 'https://partenaire.example.org:8443']);
  });
});
