import { territories } from '../../modules/territories/territory-data';
import { communeCentre } from '../../modules/territories/commune-centres';

/** A commune where national records live: its INSEE code, name, postcode and centre. */
export interface Town {
  code: string;
  name: string;
  postcode: string;
  lat: number;
  lon: number;
}

/**
 * The towns of each advice structure: the country's departements are shared out among the
 * structures, and each structure gets up to 20 of its departement's most populated communes
 * (those whose centre is known), so that records spread over France as the network does.
 */
export function townsPerStructure(structures: number): Town[][] {
  const byDepartement = new Map<string, Town[]>();
  const communes = [...territories().communes.values()]
    .filter((c) => c.kind === 'commune' && c.postcodes.length > 0)
    .sort((a, b) => b.population - a.population || a.code.localeCompare(b.code));
  for (const c of communes) {
    const centre = communeCentre(c.code);
    if (!centre || centre.approximate) continue;
    const list = byDepartement.get(c.departement) ?? [];
    if (list.length >= 200) continue;
    list.push({ code: c.code, name: c.name, postcode: c.postcodes[0]!, lat: centre.lat, lon: centre.lon });
    byDepartement.set(c.departement, list);
  }
  const departements = [...byDepartement.keys()].sort();
  const out: Town[][] = [];
  for (let s = 0; s < structures; s++) {
    const d = departements[s % departements.length]!;
    // The k-th structure of a departement takes every k-th commune of it.
    const sharing = Math.ceil((structures - (s % departements.length)) / departements.length);
    const rank = Math.floor(s / departements.length);
    const towns = byDepartement.get(d)!.filter((_, i) => i % sharing === rank);
    out.push((towns.length ? towns : byDepartement.get(d)!).slice(0, 20));
  }
  return out;
}
