// Structured "Comment est-ce calculé ?" explanations; the UI renders them as they are.

export interface ExplanationInput {
  label: string;
  value: number | string;
  unit: string;
}

export interface ExplanationConstant {
  label: string;
  value: number;
  unit: string;
  /** Where the value comes from, in French. */
  source: string;
}

export interface ExplanationStep {
  /** French, readable, with the actual numbers, e.g. "10 000 kWh ÷ 0,85 = 11 764,71 kWh". */
  formula: string;
  result: number;
}

export interface Explanation {
  key: string;
  label: string;
  /** In `unit`: euros, kWh per year, kg CO2 per year, km, or percent for ratios. */
  value: number;
  unit: string;
  inputs: ExplanationInput[];
  constants: ExplanationConstant[];
  steps: ExplanationStep[];
}

export interface SystemExplanations {
  type: 'heating' | 'hot_water';
  label: string;
  identifier: string;
  explanations: Explanation[];
}

export interface SolutionExplanations {
  /** 1-based, as the screen numbers its solutions. */
  solutionNumber: number;
  explanations: Explanation[];
  systems: SystemExplanations[];
}

export interface ThermixExplanations {
  solutions: SolutionExplanations[];
}
