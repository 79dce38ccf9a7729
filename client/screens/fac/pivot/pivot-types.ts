/** GET /api/v1/fac/pivot/ (server/modules/follow-up/pivot.ts). */
export const DIMENSION_LABELS = {
  structure: 'Structure',
  project: 'Programme',
  folderModel: 'Modèle de dossier',
  category: "Catégorie d'actes",
  actionModel: "Modèle d'action",
  status: 'Statut du dossier',
  valuationType: 'Type de valorisation',
  period: 'Période de valorisation',
  year: 'Année',
  month: 'Mois',
  doneBy: 'Réalisée par',
  linkedType: 'Type de fiche',
  tag: 'Tag',
} as const;
export type PivotDimension = keyof typeof DIMENSION_LABELS;

export const MEASURE_LABELS = {
  count: "Nombre d'actions",
  duration: 'Durée (heures)',
  cost: 'Coût (€)',
  folders: 'Nombre de dossiers',
} as const;
export type PivotMeasure = keyof typeof MEASURE_LABELS;

export interface PivotHeader {
  key: string;
  label: string;
}

export interface Pivot {
  rows: PivotDimension;
  cols: PivotDimension | null;
  measure: PivotMeasure;
  project: number | null;
  from: string | null;
  to: string | null;
  doneOnly: boolean;
  rowHeaders: PivotHeader[];
  colHeaders: PivotHeader[];
  cells: number[][];
  rowTotals: number[];
  colTotals: number[];
  total: number;
}

const COUNT = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });
const EUROS = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** A figure of the measure, in French: « 1 234 », « 1 234,50 € », « 2,5 h ». */
export function pivotFigure(measure: PivotMeasure, n: number): string {
  if (measure === 'cost') return EUROS.format(n);
  if (measure === 'duration') return `${COUNT.format(n)} h`;
  return COUNT.format(n);
}
