/** One validation error as it travels: a code with params, and its French text. Path "" = whole form. */
export interface FieldError {
  path: string;
  code: string;
  params: Record<string, unknown>;
  message: string;
}
