import type { FieldError } from '../../engine/validation/field-error';

/** An error that becomes an HTTP answer: a status, a code for programs and a French message. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldError[],
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export class ValidationError extends HttpError {
  constructor(errors: FieldError[], summary: string) {
    super(400, 'validation', summary, errors);
  }
}
