import type { EcorenoverResult } from '../simulators/ecorenover/types';
import type { HeatingFigures } from './heating-figures';
import { scenarioTotals, type ReportFigures, type ScenarioTotals } from './scenario-totals';

// Which appendices a visit report's PDF carries and with what figures (reference 10.8: the
// appendices whose rows are selected — ecorenover, thermix, financial, liste-pro — then the free
// appendix). The PDF draws them; the report screen lists the same titles from the same choice, so
// both agree on what the household receives.

export interface AppendixChoice extends ReportFigures {
  appendixFinancial?: boolean;
  appendixEcorenover?: boolean;
  ecorenoverSimulation?: number | null;
  appendixHeating?: boolean;
  heatingSimulation?: number | null;
  appendixProfessionals?: boolean;
  professionals?: number[] | null;
  isCustomAppendixSelected?: boolean;
  customAppendix?: string | null;
}

/** A saved loan simulation as the server found it: its result, or why it gives none. */
export interface SavedSimulation {
  description: string;
  result: EcorenoverResult | null;
}

/** A saved heating simulation as the server found it. */
export interface SavedHeatingSimulation {
  description: string;
  figures: HeatingFigures | null;
}

/** A published directory sheet, as the appendix shows it. */
export interface ProfessionalCard {
  name: string;
  job: string;
  email: string;
  phone: string;
  website: string;
  address: string;
  postcode: string;
  town: string;
}

/** What the server read for the chosen appendices (null: chosen, but nothing found or allowed). */
export interface AppendixSources {
  ecorenover?: SavedSimulation | null;
  heating?: SavedHeatingSimulation | null;
  professionals?: ProfessionalCard[];
}

export const APPENDIX_TITLES = {
  financial: 'Synthèse financière des scénarios',
  ecorenover: 'Simulation de prêt de rénovation',
  heating: 'Simulation chauffage et eau chaude',
  professionals: "Professionnels de l'annuaire",
  custom: 'Informations complémentaires',
} as const;

export type AppendixKind = keyof typeof APPENDIX_TITLES;

export type Appendix =
  | { kind: 'financial'; title: string; scenarios: ScenarioTotals[] }
  | { kind: 'ecorenover'; title: string; description: string; result: EcorenoverResult | null; missing?: string }
  | { kind: 'heating'; title: string; description: string; figures: HeatingFigures | null; missing?: string }
  | { kind: 'professionals'; title: string; professionals: ProfessionalCard[]; missing?: string }
  | { kind: 'custom'; title: string; text: string };

const NOT_CHOSEN = "Aucune simulation enregistrée n'a été choisie pour ce compte rendu.";
const INCOMPLETE = 'Les entrées enregistrées de cette simulation sont incomplètes : refaites-la.';

/** The appendices a report's choice asks for, in the PDF's order (the screen's summary). */
export function chosenAppendices(report: AppendixChoice): AppendixKind[] {
  const out: AppendixKind[] = [];
  if (report.appendixFinancial) out.push('financial');
  if (report.appendixEcorenover) out.push('ecorenover');
  if (report.appendixHeating) out.push('heating');
  if (report.appendixProfessionals) out.push('professionals');
  if (report.isCustomAppendixSelected && report.customAppendix?.trim()) out.push('custom');
  return out;
}

export function assembleAppendices(report: AppendixChoice, sources: AppendixSources = {}): Appendix[] {
  return chosenAppendices(report).map((kind): Appendix => {
    const title = APPENDIX_TITLES[kind];
    switch (kind) {
      case 'financial':
        return { kind, title, scenarios: scenarioTotals(report) };
      case 'ecorenover': {
        const found = sources.ecorenover;
        if (!found) return { kind, title, description: '', result: null, missing: NOT_CHOSEN };
        return { kind, title, ...found, ...(found.result ? {} : { missing: INCOMPLETE }) };
      }
      case 'heating': {
        const found = sources.heating;
        if (!found) return { kind, title, description: '', figures: null, missing: NOT_CHOSEN };
        return { kind, title, ...found, ...(found.figures ? {} : { missing: INCOMPLETE }) };
      }
      case 'professionals': {
        const professionals = sources.professionals ?? [];
        return professionals.length
          ? { kind, title, professionals }
          : { kind, title, professionals, missing: "Aucun professionnel publié de l'annuaire n'a été choisi." };
      }
      case 'custom':
        return { kind, title, text: report.customAppendix?.trim() ?? '' };
    }
  });
}
