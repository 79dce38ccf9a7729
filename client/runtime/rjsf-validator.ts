import type { RJSFSchema, RJSFValidationError, ValidationData, ValidatorType } from '@rjsf/utils';

/**
 * What RJSF is given as its validator. Records are validated by the engine (validateRecord: AJV
 * code compiled by the server, French messages, rules and checks) when the form is submitted, so
 * the form runs with `noValidate` and RJSF never validates a whole form itself. RJSF also asks its
 * validator to choose among oneOf/anyOf branches and if/then/else or dependencies conditions;
 * generated forms contain none of these (build-form.ts gives a choice list as `enum` with
 * `ui:enumNames`, and build-form.test.ts checks every entity's form), and no schema can be
 * compiled in the browser (no eval under the Content-Security-Policy). A call therefore means a
 * form this adapter was not made for: it fails loudly rather than answer a guess.
 */
function unsupported(what: string): never {
  throw new Error(
    `RJSF asked to ${what}: generated forms are validated by validateRecord ` +
      'and use no oneOf, anyOf, if or dependencies',
  );
}

export const validator: ValidatorType = {
  validateFormData(): ValidationData<unknown> {
    return unsupported('validate a whole form (the form must keep noValidate)');
  },
  isValid(schema: RJSFSchema): boolean {
    return unsupported(`match data against a sub-schema (${Object.keys(schema).join(', ')})`);
  },
  rawValidation() {
    return unsupported('validate against a raw schema');
  },
  toErrorList(): RJSFValidationError[] {
    return [];
  },
  reset() {
    /* nothing compiled, nothing to forget */
  },
} as unknown as ValidatorType;
