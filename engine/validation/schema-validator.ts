import type { SchemaError } from './map-ajv-error';

/**
 * A compiled record-schema validator, AJV's shape: returns whether the data is valid and leaves
 * the reasons in `errors`. On the server AJV compiles it; in the browser it comes from the module
 * the server emits for that schema (AJV standalone code).
 */
export interface SchemaValidator {
  (data: unknown): boolean;
  errors?: SchemaError[] | null;
}
