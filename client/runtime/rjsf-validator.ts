import type { CustomValidator, ErrorSchema, ErrorTransformer, RJSFSchema, RJSFValidationError, UiSchema, ValidationData, ValidatorType } from '@rjsf/utils';
import { interpretSchema } from '../../engine/validation/interpret-schema';

/**
 * RJSF's validator interface over the engine's schema interpreter. RJSF's own AJV validator
 * compiles code with `new Function`, which the strict Content-Security-Policy forbids; and the
 * real validation (French messages, rules, checks) is the engine's, run by the edit screen.
 */
export const validator: ValidatorType = {
  validateFormData(formData: unknown, schema: RJSFSchema, _custom?: CustomValidator, _transform?: ErrorTransformer, _ui?: UiSchema): ValidationData<unknown> {
    const errors: RJSFValidationError[] = interpretSchema(schema as Record<string, unknown>, formData).map((e) => ({
      name: e.keyword,
      property: e.instancePath.replace(/\//g, '.'),
      message: e.keyword,
      params: e.params,
      stack: `${e.instancePath} ${e.keyword}`,
      schemaPath: '',
    }));
    return { errors, errorSchema: {} as ErrorSchema };
  },
  isValid(schema: RJSFSchema, formData: unknown): boolean {
    return interpretSchema(schema as Record<string, unknown>, formData).length === 0;
  },
  rawValidation(schema: RJSFSchema, formData?: unknown) {
    return { errors: undefined, validationError: interpretSchema(schema as Record<string, unknown>, formData).length ? new Error('invalid') : undefined };
  },
  toErrorList(): RJSFValidationError[] {
    return [];
  },
  reset() {
    /* nothing compiled, nothing to forget */
  },
} as unknown as ValidatorType;
