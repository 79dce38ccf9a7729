// Renovation-loan simulator (ecorenover), inputs named as in spec 02 §3.

export interface EcorenoverInput {
  /** Current yearly energy bill, €. */
  annualInvoice: number;
  /** Identifier of the current production system (descriptive). */
  productionSystemUsed?: string | null;
  /** m² (descriptive). */
  livingSpace?: number | null;
  /** Yearly energy price increase, 0.04 = 4 %. */
  costOfEnergyIncrease: number;
  /** Identifier of the production system after the works (descriptive). */
  productionSystemWanted?: string | null;
  /** Energy consumption after the works, in % of the current consumption. */
  futureEnergyConsumption: number;
  estimatedCostOfHouseWork: number;
  estimatedAmountOfHelps: number;
  regularLoanRate: number;
  ecoLoanRate: number;
  /** Years. */
  regularLoanLength: number;
  ecoLoanLength: number;
  /** Derived: work cost − eco loan amount, never below 0 (a value sent is recomputed). */
  regularLoanAmount?: number | null;
  ecoLoanAmount: number;
  /** Derived (a value sent is recomputed). */
  regularLoanAnnualPayment?: number | null;
  /** Derived (a value sent is recomputed). */
  ecoLoanAnnualPayment?: number | null;
}

/** The inputs with their derived fields computed. */
export type CompletedEcorenoverInput = EcorenoverInput & {
  regularLoanAmount: number;
  regularLoanAnnualPayment: number;
  ecoLoanAnnualPayment: number;
};

/** One projection year, €. A positive balance means the project saves money that year. */
export interface EcorenoverYear {
  year: number;
  invoiceWithoutWorks: number;
  invoiceAfterWorks: number;
  regularLoanPayment: number;
  ecoLoanPayment: number;
  /** Year 1 only: work cost − borrowed amounts − helps (negative: money received). */
  upfrontCashFlow: number;
  costWithWorks: number;
  balance: number;
  cumulatedBalance: number;
}

export interface EcorenoverTotals {
  invoiceWithoutWorks: number;
  invoiceAfterWorks: number;
  loanPayments: number;
  interest: number;
  /** Loan payments due after the 20 projected years (loans longer than the projection). */
  paymentsAfterProjection: number;
  helps: number;
  balance: number;
}

export interface EcorenoverAverages {
  invoiceWithoutWorks: number;
  invoiceAfterWorks: number;
  loanPayments: number;
  balance: number;
  monthlyBalance: number;
}

export interface EcorenoverResult {
  inputs: CompletedEcorenoverInput;
  projection: EcorenoverYear[];
  totals: EcorenoverTotals;
  /** Averages over the five years after the works year (years 2 to 6). */
  firstFiveYearsAverages: EcorenoverAverages;
  outcome: 'gain' | 'cost';
  /** French sentence with « rapporté » (gain) or « coûté » (cost). */
  summary: string;
  /** French sentence about the monthly effort over the first five years. */
  firstFiveYearsSummary: string;
  /** French sentence explaining year 1 (the works year), negative amounts included. */
  firstYearSummary: string;
  /** French warnings on the inputs (an eco loan above what is left to finance…). */
  warnings: string[];
  /** Each loan in a French sentence (payment, total, interest). */
  loanSummaries: { ecoLoan: string; regularLoan: string };
}
