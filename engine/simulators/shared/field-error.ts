/**
 * One field problem, in the wire format the server sends with a 400 answer.
 * `path` is a JSON Pointer into the request (as AJV's instancePath), so that schema errors and
 * engine errors can be shown on the same form fields; the whole form is path ''.
 */
export interface FieldError {
  path: string;
  code: string;
  params: Record<string, unknown>;
  /** French text for the user. */
  message: string;
}
