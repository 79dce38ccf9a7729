import type { Needs } from '../state/types';

// Spec 02 §9: « Demo presets 1 to 5 exist » and the demo needs (individual 15 000 / 3 000 kWh,
// multi-unit 185 000 / 35 000 kWh). The other three are ours: a new house, a house after a global
// renovation, and a large building (150 dwellings and more) where the heating network and the
// large-building costs apply.

export interface DemoPreset {
  id: number;
  label: string;
  description: string;
  needs: Needs;
}

export const DEMO_PRESETS: readonly DemoPreset[] = [
  {
    id: 1,
    label: 'Exemple 1 : maison individuelle existante',
    description: 'Rénovation des systèmes, chauffage 15 000 kWh/an, eau chaude 3 000 kWh/an.',
    needs: {
      heating: 15_000,
      hotWater: 3_000,
      housingCategory: 'individual',
      dwellingsNumber: null,
      renovationType: 'systems_renovation',
    },
  },
  {
    id: 2,
    label: 'Exemple 2 : immeuble collectif de 15 logements',
    description: 'Rénovation des systèmes, chauffage 185 000 kWh/an, eau chaude 35 000 kWh/an.',
    needs: {
      heating: 185_000,
      hotWater: 35_000,
      housingCategory: 'multi_unit',
      dwellingsNumber: 15,
      renovationType: 'systems_renovation',
    },
  },
  {
    id: 3,
    label: 'Exemple 3 : maison neuve de 120 m²',
    description: 'Construction neuve, chauffage 6 000 kWh/an, eau chaude 2 600 kWh/an (4 personnes).',
    needs: {
      heating: 6_000,
      hotWater: 2_600,
      housingCategory: 'individual',
      dwellingsNumber: null,
      renovationType: 'new_building',
    },
  },
  {
    id: 4,
    label: 'Exemple 4 : maison après rénovation globale',
    description: 'Rénovation globale, chauffage 7 000 kWh/an, eau chaude 2 600 kWh/an.',
    needs: {
      heating: 7_000,
      hotWater: 2_600,
      housingCategory: 'individual',
      dwellingsNumber: null,
      renovationType: 'global_renovation',
    },
  },
  {
    id: 5,
    label: 'Exemple 5 : grand ensemble de 160 logements',
    description: 'Rénovation du chauffage seul (sans eau chaude), chauffage 1 250 000 kWh/an.',
    needs: {
      heating: 1_250_000,
      hotWater: 0,
      housingCategory: 'multi_unit',
      dwellingsNumber: 160,
      renovationType: 'heating_system_renovation',
    },
  },
];
