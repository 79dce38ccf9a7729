// Public API of the simulators' engines: pure functions, no I/O. The caller passes the reference data.

export type * from './reference/types';
export { referenceIndex } from './reference/reference-index';
export {
  productionSystemById,
  productionSystemByIdentifier,
  energyByIdentifier,
  energyOfSystem,
} from './reference/production-system-lookup';
export { secondaryEfficiency, type SecondaryEfficiencyQuery } from './reference/secondary-efficiency';
export { currentPrice, currentPriceMultiUnit } from './reference/current-price';
export {
  multiUnitSizeClass,
  isMultiUnitCategory,
  type HousingCategory,
  type MultiUnitSizeClass,
} from './reference/size-class';
export {
  systemEntryDefaults,
  tableCost,
  type HousingProfile,
  type SystemEntryDefaults,
  type SystemUse,
} from './reference/system-defaults';
export * from './reference/identifiers';

export type { FieldError } from './shared/field-error';
export { SimulatorInputError, UnknownProductionSystemError, ReferenceDataError } from './shared/errors';

export { computeResults } from './thermix/compute-results';
export { heatPumpRenewableRatio } from './thermix/renewable-ratio';
export type * from './thermix/request-types';
export type * from './thermix/result-types';
export { explainThermixResults } from './thermix/explain/explain-results';
export type * from './thermix/explain/types';

export { validateTherminixProposition } from './therminix/validate-proposition';
export { proposeTherminix } from './therminix/propose';
export { TherminixInvalidPropositionError } from './therminix/errors';
export type * from './therminix/types';
export { HOUSING_TYPES, RENOVATION_TYPES } from './therminix/types';

export { computeEcorenover, type EcorenoverOptions } from './ecorenover/compute-ecorenover';
export { ecorenoverDefaults } from './ecorenover/defaults';
export {
  amountToFinance,
  annualLoanPayment,
  ECO_LOAN_CEILING,
  regularLoanAmountFor,
  suggestedEcoLoanAmount,
} from './ecorenover/loan-payment';
export { ECORENOVER_YEARLY_VARIATION_FACTORS, ECORENOVER_PROJECTION_YEARS } from './ecorenover/variation-factors';
export type * from './ecorenover/types';
