import type { SchemaValidator } from './schema-validator';

// The browser's side of `#schema-compiler` (package.json "imports", condition "browser"): the
// Content-Security-Policy forbids compiling code here, so validators come compiled from the
// server as modules (client/runtime/record-validator-module.ts loads one and registers it under
// the text of its schema, before the screen validates anything).

const registered = new Map<string, SchemaValidator>();

export function registerValidator(key: string, validate: SchemaValidator): void {
  registered.set(key, validate);
}

export function hasValidator(key: string): boolean {
  return registered.has(key);
}

export function compileSchema(_schema: object, key: string): SchemaValidator {
  const found = registered.get(key);
  if (!found) throw new Error("record validator not loaded: load the entity's validator module first");
  return found;
}
