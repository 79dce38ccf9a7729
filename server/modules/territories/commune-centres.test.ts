import { describe, expect, it } from 'vitest';
import { buildCentres, communeCentre, parseGazetteer } from './commune-centres';
import { normalise } from './normalise';
import type { Commune } from './territory-data';

const line = (cols: Record<number, string>) => Array.from({ length: 19 }, (_, i) => cols[i] ?? '').join('\t');

describe('parseGazetteer', () => {
  it('keeps French places by INSEE code, the most populated one when several share a code', () => {
    const text = [
      line({ 1: 'Genève', 4: '46.2', 5: '6.14', 8: 'CH', 13: '6621', 14: '180000' }),
      line({ 1: 'Grenoble', 4: '45.17869', 5: '5.71479', 8: 'FR', 13: '38185', 14: '158552' }),
      line({ 1: 'Hameau de Grenoble', 4: '45.2', 5: '5.7', 8: 'FR', 13: '38185', 14: '600' }),
      line({ 1: 'Sans code', 4: '45', 5: '5', 8: 'FR', 13: '', 14: '900' }),
    ].join('\n');
    const points = parseGazetteer(text);
    expect([...points.keys()]).toEqual(['38185']);
    expect(points.get('38185')).toEqual({ lat: 45.17869, lon: 5.71479, population: 158552 });
  });
});

describe('buildCentres', () => {
  const c = (
    code: string,
    postcodes: string[],
    epci: string | null,
    kind: Commune['kind'] = 'commune',
    parent: string | null = null,
  ): Commune => ({
    code,
    name: code,
    kind,
    departement: '38',
    region: '84',
    epci,
    postcodes,
    population: 1,
    parent,
    search: normalise(code),
  });

  it(
    'estimates a missing centre from its postcode, then its EPCI, then its departement; ' + 'districts take their city',
    () => {
      const communes = [
        c('A', ['38100'], 'E1'),
        c('B', ['38100'], 'E1'),
        c('C', ['38100'], 'E2'),
        c('D', ['38999'], 'E1'),
        c('F', ['38888'], 'E9'),
      ];
      const known = new Map([
        ['A', { lat: 45, lon: 5 }],
        ['B', { lat: 46, lon: 6 }],
      ]);
      const centres = buildCentres(communes, [c('A1', ['38101'], 'E1', 'arrondissement', 'A')], known);
      expect(centres.get('A')).toEqual({ lat: 45, lon: 5, approximate: false });
      expect(centres.get('C')).toEqual({ lat: 45.5, lon: 5.5, approximate: true });
      expect(centres.get('D')).toEqual({ lat: 45.5, lon: 5.5, approximate: true });
      expect(centres.get('F')).toEqual({ lat: 45.5, lon: 5.5, approximate: true });
      expect(centres.get('A1')).toEqual({ lat: 45, lon: 5, approximate: true });
    },
  );

  it('places real communes from the shipped gazetteer (Grenoble within a kilometre of its town hall)', () => {
    const grenoble = communeCentre('38185');
    expect(grenoble?.approximate).toBe(false);
    // Town hall: 45.1866 N, 5.7360 E.
    expect(Math.abs(grenoble!.lat - 45.1866)).toBeLessThan(0.02);
    expect(Math.abs(grenoble!.lon - 5.736)).toBeLessThan(0.03);
    expect(communeCentre('99999')).toBeNull();
  });
});
