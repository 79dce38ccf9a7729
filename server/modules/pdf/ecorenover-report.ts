import type { EcorenoverResult, ReferenceData } from '../../../engine/simulators';
import { barChart, lineChart, PALETTE } from './charts';
import { euros, longDate, number, percent } from './format';
import { COLORS, PdfLayout, type Column } from './pdf-layout';
import { frenchPlural } from '../../../engine/format/plural';

export interface EcorenoverReportInput {
  siteTitle: string;
  /** The white label's name of the simulator (« Écorénover » by default). */
  toolName: string;
  result: EcorenoverResult;
  /** For the labels of the production systems named by identifier. */
  data: ReferenceData;
  date: Date;
}

function systemLabel(data: ReferenceData, identifier: string | null | undefined): string {
  if (!identifier) return 'non précisé';
  return data.productionSystems.find((s) => s.identifier === identifier)?.label.trim() ?? identifier;
}

function years(value: number): string {
  return `${number(value, 0)} an${frenchPlural(value) === 'one' ? '' : 's'}`;
}

/** The ecorenover report: situations, loans, summary, chart and the 20-year projection table. */
export function ecorenoverReport(input: EcorenoverReportInput): Buffer {
  const { result, data } = input;
  const i = result.inputs;
  const layout = new PdfLayout({
    title: `${input.toolName} : plan de financement`,
    footer: `${input.siteTitle} : ${input.toolName}`,
  });
  layout.documentTitle(
    input.siteTitle,
    `${input.toolName} : plan de financement de vos travaux de rénovation`,
    `Rapport du ${longDate(input.date)}. Projection sur 20 ans : ne rien faire ou rénover avec des emprunts.`,
  );

  layout.heading('Votre situation actuelle');
  layout.keyValues([
    ['Facture énergétique annuelle', euros(i.annualInvoice)],
    ['Surface habitable', typeof i.livingSpace === 'number' ? number(i.livingSpace, 0, 'm²') : 'non précisée'],
    ['Système de chauffage actuel', systemLabel(data, i.productionSystemUsed)],
    ["Hausse annuelle du prix de l'énergie", percent(i.costOfEnergyIncrease, 2)],
  ]);

  layout.heading('Votre situation envisagée');
  layout.keyValues([
    ['Système de chauffage envisagé', systemLabel(data, i.productionSystemWanted)],
    ['Consommation après travaux', `${number(i.futureEnergyConsumption, 1)} % de la consommation actuelle`],
    ['Coût estimé des travaux', euros(i.estimatedCostOfHouseWork)],
    ['Montant estimé des aides', euros(i.estimatedAmountOfHelps)],
  ]);

  if (result.warnings.length > 0) {
    layout.heading('À vérifier', 2, 15);
    layout.bullets(result.warnings, { size: 9.5 });
  }

  layout.heading('Vos emprunts');
  const loanColumns: Column[] = [
    { title: 'Emprunt', width: 22 },
    { title: 'Montant', width: 14, align: 'right' },
    { title: 'Taux', width: 10, align: 'right' },
    { title: 'Durée', width: 10, align: 'right' },
    { title: 'Annuité', width: 14, align: 'right' },
  ];
  layout.table(
    loanColumns,
    [
      [
        'Éco-prêt',
        euros(i.ecoLoanAmount),
        percent(i.ecoLoanRate, 2),
        years(i.ecoLoanLength),
        euros(i.ecoLoanAnnualPayment),
      ],
      [
        'Prêt classique (travaux non couverts par les aides et l’éco-prêt)',
        euros(i.regularLoanAmount),
        percent(i.regularLoanRate, 2),
        years(i.regularLoanLength),
        euros(i.regularLoanAnnualPayment),
      ],
    ],
    { firstColumnBold: true },
  );
  layout.bullets([result.loanSummaries.ecoLoan, result.loanSummaries.regularLoan], { size: 9 });

  layout.heading('Résultats sur 20 ans');
  layout.paragraph(result.summary, {
    size: 11,
    style: 'bold',
    color: result.outcome === 'gain' ? PALETTE[2] : PALETTE[1],
  });
  layout.paragraph(result.firstFiveYearsSummary, { size: 10 });
  layout.space(1.5);
  layout.paragraph(result.firstYearSummary, { size: 9.5 });
  layout.space(2);
  const t = result.totals;
  layout.keyValues([
    ['Factures sans travaux sur 20 ans', euros(t.invoiceWithoutWorks)],
    ['Factures après travaux sur 20 ans', euros(t.invoiceAfterWorks)],
    ['Remboursements sur 20 ans', euros(t.loanPayments)],
    ['dont intérêts (sur toute la durée des prêts)', euros(t.interest)],
    ...(t.paymentsAfterProjection >= 0.5
      ? [['Remboursements après la 20e année', euros(t.paymentsAfterProjection)] as [string, string]]
      : []),
    ['Aides', euros(t.helps)],
    ['Solde sur 20 ans', euros(t.balance)],
  ]);

  layout.heading('Graphiques', 1, 90);
  const labels = result.projection.map((row) => String(row.year));
  barChart(layout, {
    title: 'Dépenses de chaque année',
    unit: 'en euros',
    categories: labels,
    series: [
      {
        name: 'Sans travaux (facture)',
        color: PALETTE[1],
        values: result.projection.map((row) => row.invoiceWithoutWorks),
      },
      {
        name: 'Avec travaux (facture, remboursements, apport ; sous 0 : argent reçu)',
        color: PALETTE[0],
        values: result.projection.map((row) => row.costWithWorks),
      },
    ],
  });
  layout.space(3);
  lineChart(layout, {
    title: 'Solde cumulé (positif : le projet rapporte)',
    unit: 'en euros',
    xLabels: labels,
    series: [{ name: 'Solde cumulé', color: PALETTE[2], points: result.projection.map((row) => row.cumulatedBalance) }],
  });

  layout.heading('Projection année par année');
  layout.paragraph(
    "Année 1 : année des travaux. L'apport est la part des travaux ni empruntée ni couverte par les aides ; " +
      "négatif, c'est l'argent que les aides et les emprunts apportent au-delà du coût des travaux.",
    { size: 8.5, color: COLORS.muted },
  );
  layout.space(1);
  const projectionColumns: Column[] = [
    { title: 'Année', width: 7 },
    { title: 'Facture sans travaux', width: 15, align: 'right' },
    { title: 'Facture après travaux', width: 15, align: 'right' },
    { title: 'Remboursements', width: 15, align: 'right' },
    { title: 'Apport', width: 12, align: 'right' },
    { title: "Solde de l'année", width: 14, align: 'right' },
    { title: 'Solde cumulé', width: 14, align: 'right' },
  ];
  layout.table(
    projectionColumns,
    result.projection.map((row) => [
      String(row.year),
      euros(row.invoiceWithoutWorks),
      euros(row.invoiceAfterWorks),
      euros(row.regularLoanPayment + row.ecoLoanPayment),
      euros(row.upfrontCashFlow),
      euros(row.balance),
      euros(row.cumulatedBalance),
    ]),
    { size: 8 },
  );
  return layout.finish();
}
