import { describe, expect, it } from 'vitest';
import {
  addressPatch,
  chosenAddress,
  DEFAULT_FILLS,
  typedStreet,
  visibleFeatures,
  type AddressFeature,
} from './AddressWidget';

const feature = (
  label: string,
  props: Partial<AddressFeature['properties']> = {},
  point: [number, number] | null = [5.7326111, 45.1895999],
): AddressFeature => ({
  type: 'Feature',
  geometry: point ? { type: 'Point', coordinates: point } : null,
  properties: { label, ...props },
});

describe('visibleFeatures', () => {
  const lyon = feature('Lyon', { city: 'Lyon', citycode: '69123' });
  const district = feature('Lyon 3e Arrondissement', {
    city: 'Lyon 3e Arrondissement',
    name: 'Lyon 3e Arrondissement',
    citycode: '69383',
  });
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
  const grenoble = feature('1 Place de Verdun 38000 Grenoble', {
    postcode: '38000',
    city: 'Grenoble',
    citycode: '38185',
  });
  const has = (name: string) => ['address', 'postcode', 'city', 'inseecode', 'lat', 'lon'].includes(name);

  it('sets the label, town, postcode, INSEE code and point (6 decimals) in the fields the form has', () => {
    expect(addressPatch('address', grenoble, DEFAULT_FILLS, has)).toEqual({
      address: '1 Place de Verdun 38000 Grenoble',
      postcode: '38000',
      city: 'Grenoble',
      inseecode: '38185',
      lat: 45.1896,
      lon: 5.732611,
    });
  });

  it('skips fields the form lacks and values the answer lacks', () => {
    const onlyCity = addressPatch(
      'address',
      feature('Grenoble', { city: 'Grenoble' }, null),
      { city: 'city', postcode: 'postcode', lat: 'lat', context: 'nowhere' },
      has,
    );
    expect(onlyCity).toEqual({ address: 'Grenoble', city: 'Grenoble' });
  });
});

describe('chosenAddress (a commune-only suggestion keeps the typed street)', () => {
  const voiron = feature('Voiron', {
    name: 'Voiron',
    city: 'Voiron',
    postcode: '38500',
    citycode: '38563',
    type: 'municipality',
    fallback: true,
  });
  const smh = feature("Saint-Martin-d'Hères", {
    city: "Saint-Martin-d'Hères",
    postcode: '38400',
    type: 'municipality',
  });
  const street = feature('12 Rue Mainssieux 38500 Voiron', {
    name: '12 Rue Mainssieux',
    city: 'Voiron',
    postcode: '38500',
    type: 'housenumber',
  });

  it('keeps what was typed before the commune, then writes postcode and commune', () => {
    expect(typedStreet('12 rue Mainssieux Voiron', voiron)).toBe('12 rue Mainssieux');
    expect(chosenAddress('12 rue Mainssieux Voiron', voiron)).toBe('12 rue Mainssieux 38500 Voiron');
    expect(chosenAddress('12 rue Mainssieux, 38500 VOIRON', voiron)).toBe('12 rue Mainssieux 38500 Voiron');
    expect(chosenAddress("3 rue Paul Bert 38400 saint-martin-d'heres", smh)).toBe(
      "3 rue Paul Bert 38400 Saint-Martin-d'Hères",
    );
  });

  it('drops the beginning of the commune typed in part', () => {
    expect(chosenAddress('12 rue Mainssieux Voir', voiron)).toBe('12 rue Mainssieux 38500 Voiron');
  });

  it('is the suggestion itself when nothing but the commune was typed, or for a full address', () => {
    expect(chosenAddress('Voiron 38500', voiron)).toBe('Voiron');
    expect(chosenAddress('', voiron)).toBe('Voiron');
    // The commune's beginning alone is the commune being typed, not a street (issue 26 item 3).
    expect(chosenAddress('Voir', voiron)).toBe('Voiron');
    expect(chosenAddress('12 rue Mainssieux Voiron', street)).toBe('12 Rue Mainssieux 38500 Voiron');
  });

  it('puts that value in the address field of the patch', () => {
    const has = (name: string) => ['address', 'postcode', 'city', 'inseecode'].includes(name);
    expect(addressPatch('address', voiron, DEFAULT_FILLS, has, '12 rue Mainssieux Voiron')).toEqual({
      address: '12 rue Mainssieux 38500 Voiron',
      postcode: '38500',
      city: 'Voiron',
      inseecode: '38563',
    });
  });
});
