import type { PrintData } from '../visit-report/print-data';
import type { ScenarioTotals } from '../../../engine/visit-report/scenario-totals';
import type { Appendix, ProfessionalCard } from '../../../engine/visit-report/appendices';
import { consumptionLines, printedBlocks } from '../../../engine/visit-report/scenario-summaries';
import { barChart, lineChart, PALETTE } from './charts';
import { euros, kgCo2PerYear, kwhPerYear, longDate, number, percent } from './format';
import { COLORS, PdfLayout, type Column } from './pdf-layout';

export interface VisitReportPdfInput {
  siteTitle: string;
  data: PrintData;
  date: Date;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** « 20 novembre 2026 » from a stored « 2026-11-20 » (noon UTC: the same day in Paris). */
function frenchDay(iso: unknown): string {
  return typeof iso === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? longDate(new Date(`${iso}T12:00:00Z`)) : '-';
}

/** The scenario comparison the screen shows, one column per scenario (also the financial appendix). */
export function comparisonRows(scenarios: ScenarioTotals[]): { columns: Column[]; rows: string[][] } {
  const columns: Column[] = [
    { title: '', width: 2 },
    ...scenarios.map((s) => ({ title: s.label, width: 1.3, align: 'right' as const })),
  ];
  const line = (label: string, pick: (s: ScenarioTotals) => string) => [label, ...scenarios.map(pick)];
  return {
    columns,
    rows: [
      line('Coût des travaux', (s) => euros(s.worksCost)),
      line('Aides financières', (s) => euros(s.aidsTotal)),
      line('Part des travaux couverte par les aides', (s) => percent(s.aidsShare)),
      line('Reste après aides', (s) => euros(s.remainingAfterAids)),
      line('Financements (prêts)', (s) => euros(s.financingsTotal)),
      line('Reste à charge', (s) => euros(s.remainingCost)),
    ],
  };
}

/**
 * The report an advisor hands to a household (reference 10.8 parts): a cover in the signing
 * structure's name, the five tabs in order, the scenario comparison, then the chosen appendices.
 */
export function visitReportPdf(input: VisitReportPdfInput): Buffer {
  const { data } = input;
  const { report, housing, labels } = data;
  const label = (path: string, value: unknown) =>
    value === null || value === undefined || value === '' ? '-' : (labels[path]?.[String(value)] ?? String(value));
  const isPreco = report.kind === 'preco';
  const title = isPreco ? 'Pré-recommandation' : "Compte rendu d'entretien";
  const signer = data.group.fullName || data.group.name || input.siteTitle;
  const layout = new PdfLayout({ title: `${title} : ${data.contactName}`, footer: `${signer} : ${title}` });
  const doc = layout.doc;
  const comment = (text: unknown, heading?: string) => {
    const t = str(text);
    if (!t) return;
    if (heading) layout.heading(heading, 3, 10);
    for (const para of t.split(/\n\s*\n/)) {
      layout.paragraph(para, { size: 9.5 });
      layout.space(1.5);
    }
  };

  // Cover: the structure's band and contact details, the household and the housing.
  doc.setFillColor(COLORS.primary);
  doc.rect(0, 0, layout.pageWidth, 62, 'F');
  const logoWidth = coverLogo(layout, data.logo);
  layout.font(20, 'bold');
  const signerLines = layout.wrap(signer, layout.width - (logoWidth ? logoWidth + 6 : 0)).slice(0, 2);
  signerLines.forEach((line, i) =>
    layout.textAt(line, layout.margin, 12 + i * 9, { size: 20, style: 'bold', color: '#ffffff' }),
  );
  const contacts = [data.group.address, data.group.phone, data.group.email, data.group.website].filter(Boolean);
  contacts
    .slice(0, 4)
    .forEach((c, i) =>
      layout.textAt(c, layout.margin, 20 + 9 * signerLines.length + i * 5.5, { size: 9.5, color: '#ffffff' }),
    );
  layout.y = 82;
  layout.paragraph(title, { size: 26, style: 'bold', color: COLORS.primary });
  layout.space(3);
  layout.paragraph(data.contactName || '-', { size: 15, style: 'bold' });
  const address = [
    str(housing.address),
    str(housing.addressMore),
    [str(housing.postcode), str(housing.city)].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  layout.paragraph(address || 'Adresse non renseignée', { size: 11, color: COLORS.muted });
  layout.space(8);
  layout.keyValues(
    [
      ['Date de la visite', frenchDay(report.visitDate)],
      ['Conseiller', data.advisor ? [data.advisor.name, data.advisor.title].filter(Boolean).join(', ') : '-'],
      ...(data.advisor?.email ? ([['Courriel du conseiller', data.advisor.email]] as [string, string][]) : []),
      ...(data.advisor?.phone ? ([['Téléphone du conseiller', data.advisor.phone]] as [string, string][]) : []),
      ['Document établi le', longDate(input.date)],
    ],
    { labelWidth: 55, size: 10.5 },
  );
  layout.textAt(input.siteTitle, layout.margin, layout.pageHeight - 34, { size: 9, color: COLORS.muted });

  // 1. Identités
  layout.newPage();
  layout.heading('Identités');
  layout.keyValues([
    [isPreco ? 'Structure' : 'Ménage', data.contactName || '-'],
    ['Adresse du logement', address || '-'],
    [
      'Type de logement',
      housing.housingType === 'other' && str(housing.housingTypeOtherLabel)
        ? str(housing.housingTypeOtherLabel)
        : label('housing.housingType', housing.housingType),
    ],
    [
      "Statut d'occupation",
      housing.ownership === 'other' && str(housing.ownershipOtherLabel)
        ? str(housing.ownershipOtherLabel)
        : label('housing.ownership', housing.ownership),
    ],
    ['Superficie', typeof housing.area === 'number' ? number(housing.area, 0, 'm²') : '-'],
    ["Nombre d'occupants", typeof housing.occupantsNumber === 'number' ? number(housing.occupantsNumber, 0) : '-'],
    ['Année de construction', str(housing.year) || '-'],
    [
      'Revenu fiscal de référence',
      euros(report.fiscalIncome as number) +
        (typeof report.fiscalIncomeYear === 'number' ? ` (${report.fiscalIncomeYear})` : ''),
    ],
  ]);
  comment(report.identityComment, 'Le ménage');
  comment(report.housingComment, 'Le logement');

  // 2. Évaluation
  layout.heading('Évaluation du logement');
  layout.keyValues([
    ['Étiquette DPE', label('dpe', report.dpe)],
    ['Source des consommations', label('consumptionInformationSource', report.consumptionInformationSource)],
    ['Chauffage', number(report.consumptionHeating as number, 0, 'kWh/an')],
    ['Eau chaude sanitaire', number(report.consumptionHotWater as number, 0, 'kWh/an')],
    ['Chauffage et eau chaude groupés', number(report.consumptionHeatingHotWater as number, 0, 'kWh/an')],
    ['Électricité hors chauffage', number(report.consumptionElectricity as number, 0, 'kWh/an')],
    ['Climatisation', number((report.consumptionAirConditionning as number | undefined) ?? 0, 0, 'kWh/an')],
  ]);
  // Lighting and auxiliaries: one line per post the advisor listed, then their total (issue 28 row 8).
  for (const [field, title, total] of [
    ['consumptionLighting', 'Éclairage', "Total de l'éclairage"],
    ['consumptionAuxiliary', 'Auxiliaires', 'Total des auxiliaires'],
  ] as const) {
    const { lines, total: sum } = consumptionLines(report[field]);
    if (!lines.length) continue;
    layout.table(
      [
        { title, width: 4 },
        { title: 'kWh/an', width: 1.2, align: 'right' },
      ],
      [...lines.map((l) => [l.label, number(l.consumption, 0, 'kWh/an')]), [total, number(sum, 0, 'kWh/an')]],
    );
  }
  comment(report.consumptionComment);
  const faces = (report.faces as Record<string, unknown>[] | null) ?? [];
  if (faces.length) {
    layout.heading("L'enveloppe", 2);
    layout.table(
      [
        { title: 'Paroi', width: 1.2 },
        { title: 'Évaluation', width: 1, align: 'right' },
        { title: 'Isolant', width: 1.2 },
        { title: 'Commentaire', width: 3.5 },
      ],
      faces.map((f) => [
        label('faces.nature', f.nature),
        `${number(f.evaluation as number, 0)} / 4`,
        label('faces.insulationNature', f.insulationNature),
        str(f.comment),
      ]),
    );
  }
  const systems = (report.systems as Record<string, unknown>[] | null) ?? [];
  if (systems.length) {
    layout.heading('Les équipements', 2);
    layout.table(
      [
        { title: 'Système', width: 1.5 },
        { title: 'Description', width: 4 },
      ],
      systems.map((s) => [label('systems.nature', s.nature), str(s.description)]),
    );
  }
  comment(report.houseInventoryComment, "Synthèse de l'état des lieux");

  // 3. Recommandations, by category.
  layout.heading('Recommandations de travaux');
  const works = (report.workRecommendations as Record<string, unknown>[] | null) ?? [];
  if (works.length === 0) layout.paragraph('Aucune recommandation de travaux.', { size: 9.5, color: COLORS.muted });
  for (const category of Object.keys(labels['workRecommendations.category'] ?? {})) {
    const inCategory = works.filter((w) => w.category === category);
    if (!inCategory.length) continue;
    layout.heading(label('workRecommendations.category', category), 2);
    layout.table(
      [
        { title: 'Travaux', width: 2.2 },
        { title: 'Solution', width: 1.5 },
        { title: 'Coût estimé', width: 1.1, align: 'right' },
        { title: 'Scénarios', width: 1.2 },
        { title: 'Commentaire', width: 2.6 },
      ],
      inCategory.map((w) => [
        label('workRecommendations.nature', w.nature),
        str(w.name),
        euros(w.cost as number),
        [
          w.selectedScenarioPrimary ? data.scenarios[0]?.label : '',
          w.selectedScenarioSecondary ? data.scenarios[1]?.label : '',
        ]
          .filter(Boolean)
          .join(', ') || '-',
        str(w.comment),
      ]),
    );
  }
  comment(report.workRecommendationsComment);

  // 4. Financement: each scenario, then the comparison.
  layout.heading('Financement');
  for (const s of data.scenarios) {
    const scenario = (s.nature === 'primary' ? report.primaryScenario : report.secondaryScenario) as Record<
      string,
      unknown
    > | null;
    layout.heading(s.label, 2);
    comment(scenario?.customSummary);
    // The blocks the scenario's summaries keep (reference 10.6 `scenarioSummaries`; all when none is unticked).
    const blocks = printedBlocks(scenario);
    const money = (path: string, lines: ScenarioTotals['aids']) =>
      lines.map((l) => [l.customLabel ?? label(path, l.nature), euros(l.amount)]);
    if (blocks.includes('works'))
      layout.table(
        [
          { title: 'Travaux du scénario', width: 4 },
          { title: 'Coût', width: 1.2, align: 'right' },
        ],
        [
          ...s.works.map((w) => [label('workRecommendations.nature', w.nature), euros(w.cost)]),
          ['Total des travaux', euros(s.worksCost)],
        ],
      );
    if (s.aids.length && blocks.includes('financial-aids'))
      layout.table(
        [
          { title: 'Aides financières', width: 4 },
          { title: 'Montant', width: 1.2, align: 'right' },
        ],
        [...money('primaryScenario.financialAids.nature', s.aids), ['Total des aides', euros(s.aidsTotal)]],
      );
    if (s.financings.length && blocks.includes('financings'))
      layout.table(
        [
          { title: 'Financements', width: 4 },
          { title: 'Montant', width: 1.2, align: 'right' },
        ],
        [
          ...money('primaryScenario.financings.nature', s.financings),
          ['Total des financements', euros(s.financingsTotal)],
        ],
      );
    if (blocks.includes('remaining-cost'))
      layout.keyValues([
        ['Reste à charge', euros(s.remainingCost)],
        ...(s.excess > 0 ? ([['Aides et financements au-delà du coût', euros(s.excess)]] as [string, string][]) : []),
      ]);
  }
  layout.heading('Comparaison des scénarios', 2);
  const comparison = comparisonRows(data.scenarios);
  layout.table(comparison.columns, comparison.rows, { firstColumnBold: true });
  comment(report.financingComment);

  // 5. Conclusion: the road map and the conclusion.
  layout.heading('Conclusion');
  const steps = (report.steps as Record<string, unknown>[] | null) ?? [];
  if (steps.length) {
    layout.heading('Les étapes de votre projet', 2);
    layout.table(
      [
        { title: 'Étape', width: 1.6 },
        { title: 'Thème', width: 1.8 },
        { title: 'Ce qu’il faut faire', width: 3.5 },
      ],
      steps.map((s) => [
        label('steps.milestone', s.milestone),
        s.category ? label('steps.category', s.category) : '-',
        str(s.description),
      ]),
    );
  }
  comment(report.conclusionComment);

  for (const appendix of data.appendices) {
    layout.newPage();
    layout.heading(`Annexe : ${appendix.title}`);
    drawAppendix(layout, appendix, comment);
  }
  return layout.finish();
}

/**
 * The structure's logo in a white box at the right of the cover's band, at most 44 × 40 mm with
 * its proportions; its width in mm, 0 when there is none or it cannot be read (the cover then
 * shows the structure's name alone).
 */
function coverLogo(layout: PdfLayout, logo: PrintData['logo']): number {
  if (!logo) return 0;
  const { doc } = layout;
  try {
    const { width, height } = doc.getImageProperties(logo.dataUrl);
    if (!(width > 0 && height > 0)) return 0;
    const scale = Math.min(44 / width, 40 / height);
    const w = width * scale;
    const h = height * scale;
    const x = layout.margin + layout.width - w;
    const y = (62 - h) / 2;
    doc.setFillColor('#ffffff');
    doc.roundedRect(x - 3, y - 3, w + 6, h + 6, 2, 2, 'F');
    doc.addImage(logo.dataUrl, logo.format, x, y, w, h, 'structure-logo', 'FAST');
    return w + 6;
  } catch {
    // A picture jsPDF cannot decode: the cover without it rather than no PDF.
    return 0;
  }
}

function missing(layout: PdfLayout, text: string | undefined): void {
  layout.paragraph(text ?? '', { size: 9.5, color: COLORS.muted });
}

function ecorenoverAppendix(layout: PdfLayout, appendix: Extract<Appendix, { kind: 'ecorenover' }>): void {
  if (appendix.description) layout.paragraph(appendix.description, { size: 10 });
  if (!appendix.result) return missing(layout, appendix.missing);
  const r = appendix.result;
  layout.keyValues([
    ['Facture énergétique annuelle actuelle', euros(r.inputs.annualInvoice)],
    ['Coût estimé des travaux', euros(r.inputs.estimatedCostOfHouseWork)],
    ['Montant estimé des aides', euros(r.inputs.estimatedAmountOfHelps)],
    ['Éco-prêt', euros(r.inputs.ecoLoanAmount)],
    ['Prêt classique', euros(r.inputs.regularLoanAmount)],
    ['Solde sur 20 ans', euros(r.totals.balance)],
  ]);
  layout.space(2);
  layout.bullets([r.summary, r.firstFiveYearsSummary, r.loanSummaries.ecoLoan, r.loanSummaries.regularLoan], {
    size: 9.5,
  });
  layout.space(3);
  barChart(layout, {
    title: 'Dépenses de chaque année',
    unit: 'en euros',
    categories: r.projection.map((row) => String(row.year)),
    height: 50,
    series: [
      { name: 'Sans travaux (facture)', color: PALETTE[1], values: r.projection.map((row) => row.invoiceWithoutWorks) },
      {
        name: 'Avec travaux (facture, remboursements, apport)',
        color: PALETTE[0],
        values: r.projection.map((row) => row.costWithWorks),
      },
    ],
  });
}

function heatingAppendix(layout: PdfLayout, appendix: Extract<Appendix, { kind: 'heating' }>): void {
  if (appendix.description) layout.paragraph(appendix.description, { size: 10 });
  const f = appendix.figures;
  if (!f) return missing(layout, appendix.missing);
  layout.paragraph(
    f.simulator === 'therminix'
      ? 'Propositions du simulateur Therminix, de la moins coûteuse sur 20 ans à la plus coûteuse.'
      : 'Solutions comparées avec le simulateur Thermix sur 20 ans.',
    { size: 9, color: COLORS.muted },
  );
  layout.space(1.5);
  if (!f.solutions.length) return missing(layout, f.notice ?? undefined);
  layout.table(
    [
      { title: 'Solution', width: 1.3 },
      { title: 'Systèmes', width: 2.7 },
      { title: 'Coût global sur 20 ans', width: 1.4, align: 'right' },
      { title: 'Investissement', width: 1.6, align: 'right' },
      { title: 'Émissions de CO₂', width: 1.4, align: 'right' },
      { title: 'Énergie finale', width: 1.4, align: 'right' },
    ],
    f.solutions.map((s) => [
      s.name,
      s.systems,
      euros(s.periodTotalCost),
      euros(s.investment),
      kgCo2PerYear(s.carbonReport),
      kwhPerYear(s.finalEnergyConsumption),
    ]),
    { size: 8 },
  );
  layout.space(3);
  barChart(layout, {
    title: 'Coût global sur 20 ans',
    unit: 'en euros',
    categories: f.solutions.map((s) => s.name),
    height: 46,
    series: [
      { name: 'Investissement', color: PALETTE[0], values: f.solutions.map((s) => s.investment) },
      {
        name: 'Énergie, entretien et provisions',
        color: PALETTE[1],
        values: f.solutions.map((s) => Math.max(0, s.periodTotalCost - s.investment)),
      },
    ],
    stacked: true,
  });
  if (f.evolution) {
    layout.space(3);
    lineChart(layout, {
      title: 'Coût cumulé au fil des années (investissement compris)',
      unit: 'en euros',
      xLabels: f.evolution.years,
      height: 46,
      series: f.evolution.series.map((s, i) => ({
        name: s.name,
        color: PALETTE[i % PALETTE.length],
        points: s.points,
      })),
    });
  }
}

/** One block per professional, kept on one page: name, job, address, then the ways to reach them. */
function professionalBlock(layout: PdfLayout, p: ProfessionalCard): void {
  const place = [p.address, [p.postcode, p.town].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const reach = [p.phone && `Tél. ${p.phone}`, p.email, p.website].filter(Boolean).join(' · ');
  const lines = 1 + (p.job ? 1 : 0) + (place ? 1 : 0) + (reach ? 1 : 0);
  layout.ensure(lines * layout.lineHeight(10) + 6);
  const top = layout.y;
  layout.doc.setFillColor(COLORS.primary);
  layout.doc.rect(layout.margin, top, 1.2, lines * layout.lineHeight(10) - 0.5, 'F');
  const indent = 4;
  layout.paragraph(p.name, { size: 11, style: 'bold', indent });
  if (p.job) layout.paragraph(p.job, { size: 9.5, color: COLORS.primary, indent });
  if (place) layout.paragraph(place, { size: 9.5, indent });
  if (reach) layout.paragraph(reach, { size: 9.5, color: COLORS.muted, indent });
  layout.space(4);
}

function drawAppendix(layout: PdfLayout, appendix: Appendix, comment: (text: unknown) => void): void {
  switch (appendix.kind) {
    case 'financial': {
      const c = comparisonRows(appendix.scenarios);
      layout.table(c.columns, c.rows, { firstColumnBold: true });
      for (const s of appendix.scenarios) {
        layout.heading(s.label, 2);
        layout.bullets([
          `${s.works.length} poste${s.works.length > 1 ? 's' : ''} de travaux pour ${euros(s.worksCost)}`,
          `Aides : ${euros(s.aidsTotal)} ; financements : ${euros(s.financingsTotal)}`,
          `Reste à charge : ${euros(s.remainingCost)}`,
        ]);
      }
      return;
    }
    case 'ecorenover':
      return ecorenoverAppendix(layout, appendix);
    case 'heating':
      return heatingAppendix(layout, appendix);
    case 'professionals':
      if (!appendix.professionals.length) return missing(layout, appendix.missing);
      layout.paragraph('Des professionnels référencés dans l’annuaire, qui peuvent réaliser vos travaux.', {
        size: 9.5,
        color: COLORS.muted,
      });
      layout.space(3);
      for (const p of appendix.professionals) professionalBlock(layout, p);
      return;
    case 'custom':
      return comment(appendix.text);
  }
}
