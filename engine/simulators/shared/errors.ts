import type { FieldError } from './field-error';

/**
 * Input that passes the request schema but cannot be computed (for example a production system id
 * that is not in the reference data). The server answers 400 with `errors`.
 */
export class SimulatorInputError extends Error {
  readonly errors: readonly FieldError[];

  constructor(errors: readonly FieldError[], message?: string) {
    super(message ?? errors[0]?.message ?? 'Erreur de validation. Au moins un champ est incorrect.');
    this.name = 'SimulatorInputError';
    this.errors = errors;
  }
}

/** A production system named by a request is not in the reference data. */
export class UnknownProductionSystemError extends SimulatorInputError {
  constructor(path: string, reference: number | string) {
    super([
      {
        path,
        code: 'unknownProductionSystem',
        params: { productionSystem: reference },
        message: `Système de production inconnu : ${reference}.`,
      },
    ]);
    this.name = 'UnknownProductionSystemError';
  }
}

/**
 * The reference data passed by the caller is inconsistent (for example a production system whose
 * energy is missing). This is a server fault, not a user one: the server answers 500.
 */
export class ReferenceDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReferenceDataError';
  }
}
