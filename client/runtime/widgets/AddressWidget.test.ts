import { describe, expect, it } from 'vitest';
import { addressPatch, DEFAULT_FILLS, visibleFeatures, type AddressFeature } from './AddressWidget';

const feature = (label: string, props: Partial<AddressFeature['properties']> = {}, point: [number, number] | null = [5.7326111, 45.1895999]): AddressFeature => ({
  type: 'Feature',
  geometry: point ? { type: 'Point', coordinates: point } : null,
  properties: { label, ...props },
});

describe('visibleFeatures', () => {
  const lyon = feature('Lyon', { city: 'Lyon', citycode: '69123' });
  const district = feature('Lyon 3e Arrondissement', { city: 'Lyon 3e Arrondissement', name: 'Lyon 3e Arrondissement', citycode: '69383' });
  const flagged = feature('Paris 1er', { district: true });

  it('hides municipal districts unless district use is on', () => {
    expect(visibleFeatures([lyon, district, flagged], false)).toEqual([lyon]);
    expect(visibleFeatures([lyon, district, flagged], true)).toEqual([lyon, district, flagged]);
  });

  it('keeps 15 suggestions at most', () => {
    const many = Array.from({ length: 20 }, (_, i) => feature(`${i} rue de la Paix`));
    expect(visibleFeatures(many, false)).toHaveLength(15);
  });
});

describe('addressPatch', () => {
  const grenoble = feature('1 Place de Verdun 38000 Grenoble', { postcode: '38000', city: 'Grenoble', citycode: '38185' });
  const has = (name: string) => ['address', 'postcode', 'city', 'inseecode', 'lat', 'lon'].includes(name);

  it('sets the label, town, postcode, INSEE code and point (6 decimals) in the fields the form has', () => {
    expect(addressPatch('address', grenoble, DEFAULT_FILLS, has)).toEqual({
      address: '1 Place de Verdun 38000 Grenoble', postcode: '38000', city: 'Grenoble', inseecode: '38185', lat: 45.1896, lon: 5.732611,
    });
  });

  it('skips fields the form lacks and values the answer lacks', () => {
    const onlyCity = addressPatch('address', feature('Grenoble', { city: 'Grenoble' }, null), { city: 'city', postcode: 'postcode', lat: 'lat', context: 'nowhere' }, has);
    expect(onlyCity).toEqual({ address: 'Grenoble', city: 'Grenoble' });
  });
});
