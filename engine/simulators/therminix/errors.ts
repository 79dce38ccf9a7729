import type { FieldError } from '../shared/field-error';
import { SimulatorInputError } from '../shared/errors';

/** The informations step is not complete enough for a proposition (spec 02 §5). The server answers 400. */
export class TherminixInvalidPropositionError extends SimulatorInputError {
  constructor(errors: readonly FieldError[]) {
    super(
      errors,
      'Impossible d\u2019établir une proposition : les informations sur votre projet sont incomplètes ou invalides.',
    );
    this.name = 'TherminixInvalidPropositionError';
  }
}
