// A 20-page visit report drawn in process (server/modules/pdf/visit-report-report.ts), the time of
// jsPDF's layout and compression, target ≤ 1.5 s (issue 12). The data are the print data the
// server assembles (engine totals and appendices), built here without a database.
import { performance } from 'node:perf_hooks';
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
  isCustomAppendixSelected: true,
  customAppendix: TEXT.repeat(10),
};
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
  advisor: { name: 'Claire Conseil', email: 'conseiller@demo.fr', phone: '', title: 'Conseillère' },
  scenarios: scenarioTotals(report),
  appendices: assembleAppendices(report, null),
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
console.log(
  `visit report PDF: ${pages} pages, ${Math.round(bytes.length / 1024)} kB; ` +
    `median ${times[3].toFixed(0)} ms, worst ${times[6].toFixed(0)} ms of 7 (target ≤ 1500 ms)`,
);
