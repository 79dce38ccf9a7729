import {
  HEATING_NETWORK,
  type ReferenceData,
  ThermixExplanations,
  ThermixRequest,
  ThermixResponse,
  ThermixSolutionResult,
  ThermixSystemResult,
} from '../../../engine/simulators';
import { barChart, lineChart, PALETTE } from './charts';
import { euros, eurosPerYear, kgCo2PerYear, kwhPerYear, longDate, number, percent } from './format';
import { COLORS, PdfLayout, type Column } from './pdf-layout';
import { formatWithUnit } from '../../../engine/simulators/shared/format-fr';

export interface ThermixReportInput {
  siteTitle: string;
  /** The white label's name of the simulator (« Thermix » by default). */
  toolName: string;
  request: ThermixRequest;
  response: ThermixResponse;
  explanations: ThermixExplanations;
  data: ReferenceData;
  date: Date;
}

const HOUSING: Record<string, string> = { individual: 'Maison individuelle', multi_unit: 'Logement collectif' };
const PROJECT: Record<string, string> = {
  new_building: 'Construction neuve',
  global_renovation: 'Rénovation globale',
  systems_renovation: 'Rénovation des systèmes',
  heating_system_renovation: 'Rénovation du système de chauffage',
};

interface ShownSolution {
  /** 1-based, as the screen numbers its solutions. */
  number: number;
  name: string;
  result: ThermixSolutionResult;
  position: number;
}

/** Solutions with at least one system: the empty slots of the screen are left out. */
function shownSolutions(response: ThermixResponse): ShownSolution[] {
  return response.solutionsResults
    .map((result, position) => ({ result, position, number: position + 1, name: `Solution ${position + 1}` }))
    .filter((s) => s.result.systemsResults.length > 0);
}

function systemsSummary(result: ThermixSolutionResult): string {
  const parts: string[] = [];
  if (result.systemsLabels.heating.length)
    parts.push(`chauffage : ${result.systemsLabels.heating.map((l) => l.trim()).join(' + ')}`);
  if (result.systemsLabels.hotWater.length)
    parts.push(`eau chaude : ${result.systemsLabels.hotWater.map((l) => l.trim()).join(' + ')}`);
  return parts.join(' ; ');
}

function needs(layout: PdfLayout, request: ThermixRequest): void {
  layout.heading('Vos besoins');
  const n = request.needs;
  const multiUnit = n.housingCategory === 'multi_unit';
  const rows: [string, string][] = [
    [
      'Type de logement',
      `${HOUSING[multiUnit ? 'multi_unit' : 'individual']}` +
        (multiUnit && n.dwellingsNumber ? ` (${number(n.dwellingsNumber, 0)} logements)` : ''),
    ],
  ];
  if (n.renovationType) rows.push(['Type de projet', PROJECT[n.renovationType] ?? n.renovationType]);
  rows.push(
    ['Besoin de chauffage', n.heating > 0 ? kwhPerYear(n.heating) : 'non géré'],
    ["Besoin d'eau chaude sanitaire", n.hotWater > 0 ? kwhPerYear(n.hotWater) : 'non géré'],
    ['Période étudiée', `20 ans à partir de ${request.year}`],
    [
      'Production solaire thermique',
      formatWithUnit(request.thermalSolarProdByM2, 'kWh par m² de capteurs et par an', 0),
    ],
  );
  if (request.metroGrenoble?.enabled) rows.push(['Mode métropole', 'activé (solutions préconisées par la métropole)']);
  layout.keyValues(rows);
}

const SYSTEM_COLUMNS: Column[] = [
  { title: 'Usage', width: 12 },
  { title: 'Système', width: 27 },
  { title: 'Part', width: 8, align: 'right' },
  { title: 'Rendement ou COP', width: 12, align: 'right' },
  { title: 'Investissement', width: 15, align: 'right' },
  { title: 'Entretien', width: 12, align: 'right' },
  { title: "Prix de l'énergie", width: 14, align: 'right' },
  { title: 'Hausse annuelle', width: 10, align: 'right' },
];

/**
 * c€/kWh of final energy. On the metropole network path the engine reports the network tariff in
 * €/MWh of output (reference quirk kept for agreement, docs/simulators.md): shown in c€/kWh here.
 */
function energyPrice(s: ThermixSystemResult, request: ThermixRequest): number {
  return s.identifier === HEATING_NETWORK && request.metroGrenoble?.enabled ? s.energyPrice / 10 : s.energyPrice;
}

function systemRow(s: ThermixSystemResult, request: ThermixRequest): string[] {
  const solar = s.solarProduction !== undefined;
  return [
    s.type === 'heating' ? 'Chauffage' : 'Eau chaude',
    `${s.label.trim()}${solar && s.solarPanelsSurface ? ` (${number(s.solarPanelsSurface, 1, 'm²')})` : ''}`,
    solar ? 'solaire' : percent(s.productionShare),
    solar ? '-' : number(s.efficiency, 2),
    euros(s.estimatedInvestment),
    eurosPerYear(s.maintenanceCost),
    solar ? '-' : number(energyPrice(s, request), 2, 'c€/kWh'),
    solar ? '-' : percent(s.energyPriceVariation, 2),
  ];
}

function solutions(layout: PdfLayout, request: ThermixRequest, shown: ShownSolution[]): void {
  layout.heading('Vos solutions');
  layout.paragraph('Les valeurs sont celles du calcul : les vôtres, ou à défaut celles des données de référence.', {
    size: 9,
    color: COLORS.muted,
  });
  layout.space(2);
  for (const s of shown) {
    layout.heading(`${s.name} — ${systemsSummary(s.result)}`, 2, 20);
    layout.table(
      SYSTEM_COLUMNS,
      s.result.systemsResults.map((system) => systemRow(system, request)),
      { size: 8 },
    );
    const input = request.solutions[s.position];
    const notes: string[] = [];
    if (input?.financialSupport && input.financialSupportAmount)
      notes.push(`Aides financières déduites de l'investissement : ${euros(input.financialSupportAmount)}`);
    const renewable = input?.renewableElectricityProduction ?? input?.renewableElectricityProd;
    if (input?.renewableElectricity && renewable)
      notes.push(`Production d'électricité renouvelable : ${kwhPerYear(renewable)}`);
    if (notes.length) layout.bullets(notes);
  }
}

function results(layout: PdfLayout, response: ThermixResponse, shown: ShownSolution[]): void {
  layout.heading('Résultats sur 20 ans');
  const series = response.periodTotalCostSeries;
  const columns: Column[] = [
    { title: '', width: 34 },
    ...shown.map((s) => ({ title: s.name, width: 16, align: 'right' as const })),
  ];
  const row = (label: string, cell: (s: ShownSolution) => string) => [label, ...shown.map(cell)];
  const rows = [
    row('Coût global sur 20 ans', (s) => euros(s.result.periodTotalCost)),
    row('dont énergie', (s) => euros(series.combustibleCost[s.position])),
    row('dont entretien', (s) => euros(series.maintenanceCost[s.position])),
    row('dont provisions pour gros travaux', (s) => euros(series.provisionsCost[s.position])),
    row('dont investissement (après aides)', (s) => euros(series.investment[s.position])),
    row('Coût global moyen par an', (s) => eurosPerYear(s.result.periodTotalCostByYear)),
  ];
  if (shown.some((s) => series.periodTotalCostWithoutSolar[s.position] !== null)) {
    rows.push(row('Coût global sans le solaire', (s) => euros(series.periodTotalCostWithoutSolar[s.position])));
  }
  rows.push(
    row("Consommation d'énergie finale", (s) => kwhPerYear(s.result.finalEnergyConsumption)),
    row("Consommation d'énergie primaire", (s) => kwhPerYear(s.result.primaryEnergyConsumption)),
    row('Émissions de CO₂', (s) => kgCo2PerYear(s.result.carbonReport)),
    row('Équivalent en voiture (0,217 kg CO₂ par km)', (s) => number(s.result.carbonReportKmEquivalent, 0, 'km/an')),
    row('Part de chaleur renouvelable', (s) => percent(s.result.renewableHeatingProductionRatio)),
    row("Part d'énergie renouvelable", (s) => percent(s.result.renewableProductionRatio)),
  );
  const uncovered = (s: ShownSolution) => s.result.uncoveredNeeds.heating + s.result.uncoveredNeeds.hotWater;
  if (shown.some((s) => uncovered(s) > 0)) {
    rows.push(row('Besoin non couvert (ni chiffré ni compté dans les émissions)', (s) => kwhPerYear(uncovered(s))));
  }
  layout.table(columns, rows, { size: 8.5, firstColumnBold: true });

  layout.heading('Énergies consommées', 2);
  const energyColumns: Column[] = [
    { title: 'Solution', width: 10 },
    { title: 'Système', width: 28 },
    { title: 'Énergie finale', width: 15, align: 'right' },
    { title: 'Énergie primaire', width: 15, align: 'right' },
    { title: 'Coût la 1re année', width: 12, align: 'right' },
    { title: 'Émissions', width: 17, align: 'right' },
  ];
  const energyRows = shown.flatMap((s) =>
    s.result.systemsResults.map((system) => [
      s.name,
      `${system.label.trim()} (${system.type === 'heating' ? 'chauffage' : 'eau chaude'})`,
      kwhPerYear(system.finalEnergyConsumption),
      kwhPerYear(system.primaryEnergyConsumption),
      euros(system.combustibleCosts[0] ?? 0),
      kgCo2PerYear(system.carbonEmission),
    ]),
  );
  layout.table(energyColumns, energyRows, { size: 8 });
}

function charts(
  layout: PdfLayout,
  request: ThermixRequest,
  response: ThermixResponse,
  shown: ShownSolution[],
  data: ReferenceData,
): void {
  layout.heading('Graphiques', 1, 90);
  const s = response.periodTotalCostSeries;
  const at = (values: (number | null)[]) => shown.map((x) => values[x.position] ?? 0);
  barChart(layout, {
    title: 'Coût global sur 20 ans par poste',
    unit: 'en euros',
    categories: shown.map((x) => x.name),
    stacked: true,
    series: [
      { name: 'Énergie', color: PALETTE[1], values: at(s.combustibleCost) },
      { name: 'Entretien', color: PALETTE[2], values: at(s.maintenanceCost) },
      { name: 'Provisions', color: PALETTE[3], values: at(s.provisionsCost) },
      { name: 'Investissement', color: PALETTE[0], values: at(s.investment) },
    ],
  });
  layout.space(3);
  const evolution = shown.map((x) => response.periodCostEvolutionSeries[x.position] ?? []);
  const years = evolution[0]?.map((point) => String(point.year)) ?? [];
  lineChart(layout, {
    title: 'Coût cumulé au fil des années (investissement compris)',
    unit: 'en euros',
    xLabels: years,
    series: shown.map((x, i) => ({
      name: x.name,
      color: PALETTE[i % PALETTE.length],
      points: evolution[i].map((point) => point.cumulatedCost),
    })),
  });
  layout.space(3);
  const e = response.environmentalIndicatorsSeries;
  barChart(layout, {
    title: 'Indicateurs environnementaux : énergie',
    unit: 'en kWh par an',
    categories: shown.map((x) => x.name),
    height: 46,
    series: [
      { name: 'Production renouvelable', color: PALETTE[2], values: at(e.totalRenewableProduction) },
      { name: 'Énergie primaire consommée', color: PALETTE[0], values: at(e.primaryEnergyConsumption) },
    ],
  });
  layout.space(3);
  barChart(layout, {
    title: 'Indicateurs environnementaux : émissions de gaz à effet de serre',
    unit: 'en kg de CO₂ par an',
    categories: shown.map((x) => x.name),
    height: 46,
    series: [{ name: 'Émissions de CO₂', color: PALETTE[6], values: at(e.carbonReport) }],
  });
  layout.space(3);
  const prices = response.yearlyEnergiesPricesSeries.filter((p) => p.yearlyPrices.length > 0);
  if (prices.length) {
    const priceYears = [...new Set(prices.flatMap((p) => p.yearlyPrices.map((y) => y.year)))].sort((a, b) => a - b);
    const labelOf = new Map(data.energies.map((energy) => [energy.identifier, energy.label]));
    lineChart(layout, {
      title:
        'Prix annuels des énergies' + (request.needs.housingCategory === 'multi_unit' ? ' (logement collectif)' : ''),
      unit: 'en c€ par kWh',
      xLabels: priceYears.map(String),
      series: prices.map((p, i) => {
        const byYear = new Map(p.yearlyPrices.map((y) => [y.year, y.price]));
        return {
          name: labelOf.get(p.identifier) ?? p.identifier,
          color: PALETTE[i % PALETTE.length],
          points: priceYears.map((year) => byYear.get(year) ?? null),
        };
      }),
    });
  }
}

type Explanation = ThermixExplanations['solutions'][number]['explanations'][number];

/** A figure, its formulas with the actual numbers, and the constants not already given for this solution. */
function explanationBlock(layout: PdfLayout, item: Explanation, constantsGiven: Set<string>): void {
  const digits = item.unit === '%' ? 1 : Math.abs(item.value) < 10 ? 2 : 0;
  layout.ensure(14);
  layout.paragraph(`${item.label} : ${number(item.value, digits, item.unit)}`, { size: 9.5, style: 'bold' });
  const lines = item.steps.map((step) => step.formula);
  for (const constant of item.constants) {
    const line = `${constant.label} : ${number(constant.value, 4, constant.unit)} (${constant.source})`;
    if (constantsGiven.has(line)) continue;
    constantsGiven.add(line);
    lines.push(line);
  }
  layout.bullets(lines, { size: 8.5 });
  layout.space(1.2);
}

function explanations(layout: PdfLayout, explained: ThermixExplanations, shown: ShownSolution[]): void {
  layout.heading('Comment est-ce calculé ?', 1, 60);
  layout.paragraph('Le détail des calculs des principaux chiffres, avec les valeurs de votre simulation.', {
    size: 9,
    color: COLORS.muted,
  });
  for (const s of shown) {
    const solution = explained.solutions.find((x) => x.solutionNumber === s.number);
    if (!solution) continue;
    layout.heading(`${s.name} — ${systemsSummary(s.result)}`, 2);
    const constantsGiven = new Set<string>();
    for (const item of solution.explanations) explanationBlock(layout, item, constantsGiven);
    for (const system of solution.systems) {
      layout.heading(`${system.label.trim()} (${system.type === 'heating' ? 'chauffage' : 'eau chaude'})`, 3, 15);
      for (const item of system.explanations) explanationBlock(layout, item, constantsGiven);
    }
  }
}

/** The thermix report: needs, solutions and their systems, results, charts and explanations. */
export function thermixReport(input: ThermixReportInput): Buffer {
  const layout = new PdfLayout({
    title: `${input.toolName} : rapport de simulation`,
    footer: `${input.siteTitle} : ${input.toolName}`,
  });
  const shown = shownSolutions(input.response);
  layout.documentTitle(
    input.siteTitle,
    `${input.toolName} : simulation chauffage et eau chaude sanitaire`,
    `Rapport du ${longDate(input.date)}. Comparaison des solutions sur 20 ans : coûts, énergie et émissions.`,
  );
  needs(layout, input.request);
  if (shown.length === 0) {
    layout.heading('Résultats sur 20 ans');
    layout.paragraph("Aucune solution n'a de système de chauffage ou d'eau chaude : il n'y a rien à comparer.");
    return layout.finish();
  }
  solutions(layout, input.request, shown);
  results(layout, input.response, shown);
  charts(layout, input.request, input.response, shown, input.data);
  explanations(layout, input.explanations, shown);
  return layout.finish();
}
