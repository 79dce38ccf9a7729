import type { RenovationType } from '../state/types';

export type EstimationSlug =
  | 'calcul-thermique'
  | 'construction-neuve'
  | 'renovation-globale'
  | 'renovation-par-epoque'
  | 'renovation-par-factures';

export interface EstimationPageSpec {
  slug: EstimationSlug;
  title: string;
  summary: string;
  /** The project type the estimate implies, when it implies one. */
  renovationType: RenovationType | null;
}

/** The five estimation pages of the needs tab (spec 02 §2). */
export const ESTIMATION_PAGES: readonly EstimationPageSpec[] = [
  {
    slug: 'calcul-thermique',
    title: 'Calcul thermique',
    summary: "à partir du besoin de chauffage par m² d'une étude thermique",
    renovationType: null,
  },
  {
    slug: 'construction-neuve',
    title: 'Construction neuve',
    summary: "à partir de la surface et de l'altitude",
    renovationType: 'new_building',
  },
  {
    slug: 'renovation-globale',
    title: 'Rénovation globale',
    summary: 'à partir du niveau visé (BBC ou passif)',
    renovationType: 'global_renovation',
  },
  {
    slug: 'renovation-par-epoque',
    title: 'Rénovation des systèmes : époque de construction',
    summary: 'à partir de la consommation type des bâtiments de cette époque',
    renovationType: 'systems_renovation',
  },
  {
    slug: 'renovation-par-factures',
    title: 'Rénovation des systèmes : factures',
    summary: 'à partir de vos factures en euros, en quantités achetées ou en kWh',
    renovationType: 'systems_renovation',
  },
];

export function estimationPage(slug: string | undefined): EstimationPageSpec | undefined {
  return ESTIMATION_PAGES.find((p) => p.slug === slug);
}
