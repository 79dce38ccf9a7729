import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { normalise } from './normalise';

/**
 * The French administrative divisions from @etalab/decoupage-administratif (INSEE's official
 * geographic code, DGCL's intercommunalities). There are no territory tables: the official codes
 * are the identifiers (INSEE for regions, departements and communes, SIREN for EPCIs), the same
 * codes that groups and catchment areas store. Loaded once, on first use, and indexed by code;
 * only the fields the platform uses are kept (about 36 000 small objects).
 */

export interface Region {
  code: string;
  name: string;
}
export interface Departement {
  code: string;
  name: string;
  region: string;
}
export interface Epci {
  code: string;
  name: string;
  type: string;
  departements: string[];
  communes: string[];
}
export interface Commune {
  code: string;
  name: string;
  /** "commune" for a current commune; "arrondissement" for the municipal districts of Paris, Lyon and Marseille. */
  kind: 'commune' | 'arrondissement';
  departement: string;
  region: string;
  epci: string | null;
  postcodes: string[];
  population: number;
  /** The commune a municipal district belongs to (75056 for 75101). */
  parent: string | null;
  /** Normalised name, for searches. */
  search: string;
}

export interface TerritoryData {
  regions: Map<string, Region>;
  departements: Map<string, Departement>;
  epcis: Map<string, Epci>;
  /** Current communes and municipal districts, by INSEE code. */
  communes: Map<string, Commune>;
  /** Current communes only (no districts), sorted by name. */
  communeList: Commune[];
  districts: Commune[];
  communesByDepartement: Map<string, Commune[]>;
}

interface RawDivision {
  code: string;
  nom: string;
  region?: string;
}
interface RawEpci {
  code: string;
  nom: string;
  type: string;
  membres: { code: string }[];
}
interface RawCommune {
  code: string;
  nom: string;
  type: string;
  departement: string;
  region: string;
  codesPostaux?: string[];
  population?: number;
  commune?: string;
}

const requireFromHere = createRequire(import.meta.url);

function readData<T>(name: string): T {
  const file = requireFromHere.resolve(`@etalab/decoupage-administratif/data/${name}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'fr');

function build(): TerritoryData {
  const regions = new Map<string, Region>();
  for (const r of readData<RawDivision[]>('regions')
    .map((r) => ({ code: r.code, name: r.nom }))
    .sort(byName))
    regions.set(r.code, r);
  const departements = new Map<string, Departement>();
  for (const d of readData<RawDivision[]>('departements'))
    departements.set(d.code, { code: d.code, name: d.nom, region: d.region ?? '' });

  const epciOfCommune = new Map<string, string>();
  const rawEpcis = readData<RawEpci[]>('epci');
  for (const e of rawEpcis) for (const m of e.membres) epciOfCommune.set(m.code, e.code);

  const communes = new Map<string, Commune>();
  const communeList: Commune[] = [];
  const districts: Commune[] = [];
  for (const c of readData<RawCommune[]>('communes')) {
    // Delegated and associated communes are former communes: their codes no longer identify a commune.
    if (c.type !== 'commune-actuelle' && c.type !== 'arrondissement-municipal') continue;
    const district = c.type === 'arrondissement-municipal';
    const commune: Commune = {
      code: c.code,
      name: c.nom,
      kind: district ? 'arrondissement' : 'commune',
      departement: c.departement,
      region: c.region,
      epci: epciOfCommune.get(district ? (c.commune ?? '') : c.code) ?? null,
      postcodes: c.codesPostaux ?? [],
      population: c.population ?? 0,
      parent: district ? (c.commune ?? null) : null,
      search: normalise(c.nom),
    };
    communes.set(c.code, commune);
    (district ? districts : communeList).push(commune);
  }
  communeList.sort(byName);
  districts.sort((a, b) => a.code.localeCompare(b.code));

  const communesByDepartement = new Map<string, Commune[]>();
  for (const c of communeList) {
    const list = communesByDepartement.get(c.departement);
    if (list) list.push(c);
    else communesByDepartement.set(c.departement, [c]);
  }

  const epcis = new Map<string, Epci>();
  for (const e of [...rawEpcis].sort((a, b) => a.nom.localeCompare(b.nom, 'fr'))) {
    const members = e.membres
      .map((m) => communes.get(m.code))
      .filter((c): c is Commune => Boolean(c))
      .sort(byName);
    epcis.set(e.code, {
      code: e.code,
      name: e.nom,
      type: e.type,
      departements: [...new Set(members.map((c) => c.departement))].sort(),
      communes: members.map((c) => c.code),
    });
  }
  return { regions, departements, epcis, communes, communeList, districts, communesByDepartement };
}

let data: TerritoryData | null = null;

/** The indexed divisions, built on first call (about 0.2 s) and kept for the life of the process. */
export function territories(): TerritoryData {
  data ??= build();
  return data;
}

/** A current commune or municipal district by INSEE code, or null. */
export function communeByCode(code: string): Commune | null {
  return territories().communes.get(code) ?? null;
}

/** Whether an INSEE code names a current commune or a municipal district (what groups and catchment areas may hold). */
export function communeExists(code: string): boolean {
  return typeof code === 'string' && territories().communes.has(code);
}
