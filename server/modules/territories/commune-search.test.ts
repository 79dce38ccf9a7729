import { describe, expect, it } from 'vitest';
import { communesInAddress, indexCommunes, searchCommunes } from './commune-search';
import { normalise } from './normalise';
import type { Commune } from './territory-data';

function commune(
  code: string,
  name: string,
  postcodes: string[],
  population: number,
  kind: Commune['kind'] = 'commune',
): Commune {
  return {
    code,
    name,
    kind,
    departement: code.slice(0, 2),
    region: '84',
    epci: null,
    postcodes,
    population,
    parent: null,
    search: normalise(name),
  };
}

const index = indexCommunes([
  commune('38185', 'Grenoble', ['38000', '38100'], 156140),
  commune('38382', 'Saint-Égrève', ['38120'], 16000),
  commune('38421', "Saint-Martin-d'Hères", ['38400'], 38000),
  commune('38229', 'Meylan', ['38240'], 17000),
  commune('80688', 'Rue', ['80120'], 3000),
  commune('61375', "Saint-Mars-d'Égrenne", ['61350'], 600),
  commune('69123', 'Lyon', ['69001', '69002'], 520000),
  commune('69381', 'Lyon 1er Arrondissement', ['69001'], 29000, 'arrondissement'),
]);

const names = (ms: { commune: Commune }[]) => ms.map((m) => m.commune.name);

describe('searchCommunes', () => {
  it('matches the start of name words, accent- and case-insensitively, exact names first', () => {
    expect(names(searchCommunes(index, 'st egr', { limit: 10 }))).toEqual(['Saint-Égrève', "Saint-Mars-d'Égrenne"]);
    expect(names(searchCommunes(index, 'LYON', { limit: 10 }))).toEqual(['Lyon', 'Lyon 1er Arrondissement']);
    expect(searchCommunes(index, 'lyon', { limit: 10 })[0].score).toBe(1);
  });

  it('matches postcodes and INSEE codes, and keeps the postcode that was typed', () => {
    const [grenoble] = searchCommunes(index, 'Grenoble 38100', { limit: 5 });
    expect(grenoble).toMatchObject({ postcode: '38100', commune: { code: '38185' } });
    expect(names(searchCommunes(index, '38421', { limit: 5 }))).toEqual(["Saint-Martin-d'Hères"]);
    expect(names(searchCommunes(index, '382', { limit: 5 }))).toEqual(['Meylan']);
  });

  it('requires every word to match, honours the limit and the allowed set', () => {
    expect(searchCommunes(index, 'Grenoble 69001', { limit: 5 })).toEqual([]);
    expect(searchCommunes(index, 'saint', { limit: 2 })).toHaveLength(2);
    expect(names(searchCommunes(index, 'saint', { limit: 5, within: new Set(['38421']) }))).toEqual([
      "Saint-Martin-d'Hères",
    ]);
    expect(searchCommunes(index, '  -- ', { limit: 5 })).toEqual([]);
  });
});

describe('communesInAddress', () => {
  it('finds the commune named in a street address; name and postcode together exclude street words', () => {
    const matches = communesInAddress(index, '12, rue des Alpes 38000 Grenoble', 5);
    expect(names(matches)).toEqual(['Grenoble']);
    expect(matches[0]).toMatchObject({ postcode: '38000', score: 0.9 });
  });

  it('falls back on the name alone, or on the postcode alone', () => {
    expect(names(communesInAddress(index, '4 avenue du Granier Meylan', 5))).toEqual(['Meylan']);
    expect(names(communesInAddress(index, '3 place de la Mairie 38400', 5))).toEqual(["Saint-Martin-d'Hères"]);
    expect(communesInAddress(index, 'rien de connu ici', 5)).toEqual([]);
  });

  it('recognises multi-word names typed without hyphens, and ranks longer names above short ones', () => {
    // Without a postcode "rue" may be the commune of Rue: it stays, below the longer, likelier name.
    expect(names(communesInAddress(index, "1 rue Paul Bert saint martin d'heres", 5))).toEqual([
      "Saint-Martin-d'Hères",
      'Rue',
    ]);
  });
});
