import type { EcorenoverResult } from '../simulators/ecorenover/types';
import { scenarioTotals, type ReportFigures, type ScenarioTotals } from './scenario-totals';

// Which appendices a visit report's PDF carries and with what figures (reference 10.8: the
// appendices whose rows are selected, then the free appendix). The PDF draws them; the screen
// lists the same titles, so both agree on what the household receives.

export interface AppendixChoice extends ReportFigures {
  appendixFinancial?: boolean;
  appendixEcorenover?: boolean;
  isCustomAppendixSelected?: boolean;
  customAppendix?: string | null;
}

/** A saved loan simulation as the server found it: its result, or why it gives none. */
export interface SavedSimulation {
  description: string;
  result: EcorenoverResult | null;
}

export type Appendix =
  | { kind: 'financial'; title: string; scenarios: ScenarioTotals[] }
  | { kind: 'ecorenover'; title: string; description: string; result: EcorenoverResult | null; missing?: string }
  | { kind: 'custom'; title: string; text: string };

export function assembleAppendices(report: AppendixChoice, simulation: SavedSimulation | null): Appendix[] {
  const out: Appendix[] = [];
  if (report.appendixFinancial)
    out.push({ kind: 'financial', title: 'Synthèse financière des scénarios', scenarios: scenarioTotals(report) });
  if (report.appendixEcorenover) {
    out.push(
      simulation
        ? {
            kind: 'ecorenover',
            title: 'Simulation de prêt de rénovation',
            description: simulation.description,
            result: simulation.result,
            ...(simulation.result
              ? {}
              : { missing: 'Les entrées enregistrées de cette simulation sont incomplètes : refaites-la.' }),
          }
        : {
            kind: 'ecorenover',
            title: 'Simulation de prêt de rénovation',
            description: '',
            result: null,
            missing: "Aucune simulation enregistrée n'a été choisie pour ce compte rendu.",
          },
    );
  }
  const text = report.customAppendix?.trim();
  if (report.isCustomAppendixSelected && text) out.push({ kind: 'custom', title: 'Annexe', text });
  return out;
}
