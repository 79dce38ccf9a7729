// A 20-page visit report drawn in process (server/modules/pdf/visit-report-report.ts), the time of
// jsPDF's layout and compression, target ≤ 1.5 s (issue 12). The data are the print data the
// server assembles (engine totals and appendices: a renovation-loan simulation, a Thermix
// simulation with its charts, four directory professionals, a logo on the cover), built here
// without a database.
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { deflateSync } from 'node:zlib';
import { computeEcorenover } from '../engine/simulators/ecorenover/compute-ecorenover';
import { computeResults } from '../engine/simulators/thermix/compute-results';
import type { ReferenceData } from '../engine/simulators/reference/types';
import { thermixFigures } from '../engine/visit-report/heating-figures';
import { loadDeclarations } from '../server/schema/load-declarations';
import { scenarioTotals } from '../engine/visit-report/scenario-totals';
import { assembleAppendices } from '../engine/visit-report/appendices';
import type { PrintData, LabelMaps } from '../server/modules/visit-report/print-data';

function labels(): LabelMaps {
  const out: LabelMaps = {};
  const walk = (props: Record<string, any>, prefix: string) => {
    for (const [name, p] of Object.entries(props)) {
      const path = prefix ? `${prefix}.${name}` : name;
      if (p['x-enum-labels']) out[path] = p['x-enum-labels'];
      if (p.properties) walk(p.properties, path);
      if (p.items?.properties) walk(p.items.properties, path);
    }
  };
  const entities = loadDeclarations().entities;
  walk(entities.find((e) => e['x-entity'].name === 'visit-report')!.properties, '');
  return out;
}

const TEXT =
  'Le logement a été visité en présence des deux occupants. Les murs en pierre ne sont pas isolés, la ' +
  'toiture a reçu une laine de verre aujourd’hui tassée et les menuiseries datent de la construction. ';
const natures = ['roof-insulation', 'wall-insulation', 'floor-insulation', 'carpentry-replacement', 'ventilation'];
const report = {
  kind: 'visit',
  visitDate: '2026-11-20',
  dpe: 'e',
  identityComment: TEXT.repeat(6),
  housingComment: TEXT.repeat(6),
  consumptionComment: TEXT.repeat(6),
  houseInventoryComment: TEXT.repeat(8),
  faces: Array.from({ length: 16 }, (_, i) => ({
    nature: ['wall', 'floor', 'roof', 'window'][i % 4],
    evaluation: i % 5,
    insulationNature: 'mineral',
    comment: TEXT,
  })),
  systems: Array.from({ length: 10 }, (_, i) => ({ nature: 'heating-main', description: `${TEXT} (${i + 1})` })),
  workRecommendations: Array.from({ length: 60 }, (_, i) => ({
    category: ['enveloppe', 'systems', 'others', 'eco-gestures'][i % 4],
    nature: natures[i % natures.length],
    name: `Solution ${i + 1}`,
    cost: 1_000 + 250 * i,
    comment: TEXT,
    selectedScenarioPrimary: i % 2 === 0,
    selectedScenarioSecondary: i % 3 === 0,
  })),
  workRecommendationsComment: TEXT.repeat(6),
  primaryScenario: {
    label: 'Rénovation globale',
    customSummary: TEXT.repeat(3),
    financialAids: [
      { nature: 'anah', amount: 15_000, selected: true },
      { nature: 'cee-regular', amount: 4_000, selected: true },
    ],
    financings: [{ nature: 'ecoptz', amount: 50_000, selected: true }],
  },
  secondaryScenario: {
    label: 'Par étapes',
    financialAids: [{ nature: 'prime-renov', amount: 6_000, selected: true }],
    financings: [],
  },
  isSecondaryScenarioDisplayed: true,
  financingComment: TEXT.repeat(6),
  steps: Array.from({ length: 12 }, () => ({ milestone: 'estimation', category: 'financing', description: TEXT })),
  conclusionComment: TEXT.repeat(12),
  appendixFinancial: true,
  appendixEcorenover: true,
  appendixHeating: true,
  appendixProfessionals: true,
  isCustomAppendixSelected: true,
  customAppendix: TEXT.repeat(10),
};
const reference = JSON.parse(
  readFileSync(new URL('../fixtures/reference/energies-reference-data.json', import.meta.url), 'utf8'),
) as ReferenceData;
const id = (identifier: string) => reference.productionSystems.find((p) => p.identifier === identifier)!.id;
const thermix = computeResults(
  {
    year: 2026,
    thermalSolarProdByM2: 450,
    needs: { heating: 14_000, hotWater: 2_500, housingCategory: 'individual' },
    solutions: [
      { heatingSystems: [{ productionSystem: id('gaz_boiler_condensing') }], hotWaterSystems: [] },
      { heatingSystems: [{ productionSystem: id('granulated_wood_boiler') }], hotWaterSystems: [] },
      { heatingSystems: [{ productionSystem: id('heat_pump_air_water') }], hotWaterSystems: [] },
    ],
  },
  reference,
);
const loan = computeEcorenover({
  annualInvoice: 2000,
  productionSystemUsed: 'oil_boiler_standard',
  productionSystemWanted: 'heat_pump_air_water',
  livingSpace: 110,
  costOfEnergyIncrease: 0.04,
  futureEnergyConsumption: 50,
  estimatedCostOfHouseWork: 55_000,
  estimatedAmountOfHelps: 10_000,
  regularLoanRate: 0.025,
  ecoLoanRate: 0,
  regularLoanLength: 15,
  ecoLoanLength: 20,
  ecoLoanAmount: 50_000,
} as never);
const professionals = ['Atelier Bois Vercors', 'Thermique Isère Conseil', 'Copro Plus', 'Rénov Nord-Isère'].map(
  (name, i) => ({
    name,
    job: ['Menuisier', 'Chauffagiste', 'Syndic', 'Entreprise générale'][i],
    email: `contact${i}@demo.fr`,
    phone: `04 76 00 00 0${i}`,
    website: 'https://exemple.fr',
    address: `${i + 2} rue du Lac`,
    postcode: '38000',
    town: 'Grenoble',
  }),
);

/** A 300 × 120 PNG (a cover logo of a usual size), drawn here so the bench needs no file. */
function png(width: number, height: number): string {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, body: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(body.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), body]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(typed));
    return Buffer.concat([len, typed, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) rows.set([31, 92 + (x % 100), 153], y * (width * 3 + 1) + 1 + x * 3);
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${bytes.toString('base64')}`;
}

const data: PrintData = {
  report,
  housing: { address: '3 rue des Lilas', postcode: '38000', city: 'Grenoble', housingType: 'house', area: 110 },
  contactName: 'Mme Lina Durand',
  group: {
    name: 'Espace Conseil Démo',
    fullName: '',
    address: '1 place de la Gare, Grenoble',
    phone: '',
    email: '',
    website: '',
  },
  logo: { dataUrl: png(300, 120), format: 'PNG' },
  advisor: { name: 'Claire Conseil', email: 'conseiller@demo.fr', phone: '', title: 'Conseillère' },
  scenarios: scenarioTotals(report),
  appendices: assembleAppendices(report, {
    ecorenover: { description: 'Simulation du 20 novembre', result: loan },
    heating: { description: 'Chaudière gaz, bois ou pompe à chaleur', figures: thermixFigures(thermix) },
    professionals,
  }),
  labels: labels(),
};

const { visitReportPdf } = await import('../server/modules/pdf/visit-report-report');
const { pdfText } = await import('../tests/helpers/pdf-text');
visitReportPdf({ siteTitle: 'Rénovation Démo', data, date: new Date() }); // warm-up: fonts and jsPDF loaded
const times: number[] = [];
let bytes: Buffer = Buffer.alloc(0);
for (let i = 0; i < 7; i++) {
  const start = performance.now();
  bytes = visitReportPdf({ siteTitle: 'Rénovation Démo', data, date: new Date() });
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const { pages } = await pdfText(bytes);
// VISIT_REPORT_PDF=/tmp/report.pdf keeps the file, to look at the layout.
if (process.env.VISIT_REPORT_PDF) writeFileSync(process.env.VISIT_REPORT_PDF, bytes);
console.log(
  `visit report PDF: ${pages} pages, ${Math.round(bytes.length / 1024)} kB; ` +
    `median ${times[3].toFixed(0)} ms, worst ${times[6].toFixed(0)} ms of 7 (target ≤ 1500 ms)`,
);
