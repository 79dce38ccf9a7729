import Ajv2020 from 'ajv/dist/2020';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { FORMATS } from './formats';

let instance: Ajv2020 | undefined;

/** The one AJV instance (draft 2020-12, all errors, this project's formats). */
export function ajv(): Ajv2020 {
  if (!instance) {
    instance = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
    for (const [name, test] of Object.entries(FORMATS)) instance.addFormat(name, { type: 'string', validate: test });
  }
  return instance;
}

const compiled = new Map<string, ValidateFunction>();

export function compileCached(key: string, schema: object): ValidateFunction {
  let fn = compiled.get(key);
  if (!fn) {
    fn = ajv().compile(schema);
    compiled.set(key, fn);
  }
  return fn;
}

export type { ErrorObject };
