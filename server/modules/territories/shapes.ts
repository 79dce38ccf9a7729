import { territories, type Commune, type Departement, type Epci, type Region } from './territory-data';

/** What the territory endpoints answer; documented in schemas/api/territories.openapi.json. */

export const regionShape = (r: Region) => ({ code: r.code, name: r.name });

export const departementShape = (d: Departement) => ({
  code: d.code,
  name: d.name,
  region: d.region,
  label: `${d.code} - ${d.name}`,
});

export const epciShape = (e: Epci) => ({
  code: e.code,
  name: e.name,
  type: e.type,
  departements: e.departements,
  label: `${e.name} (${e.code})`,
});

export function communeShape(c: Commune) {
  const epci = c.epci ? (territories().epcis.get(c.epci) ?? null) : null;
  return {
    code: c.code,
    name: c.name,
    postcode: c.postcodes[0] ?? '',
    postcodes: c.postcodes,
    departement: c.departement,
    region: c.region,
    epci: c.epci,
    epciName: epci?.name ?? null,
    kind: c.kind,
    parent: c.parent,
    population: c.population,
    // The reference's rich name: "<EPCI> - <INSEE> - <name>" (without EPCI: "<INSEE> - <name>").
    label: epci ? `${epci.name} - ${c.code} - ${c.name}` : `${c.code} - ${c.name}`,
  };
}
