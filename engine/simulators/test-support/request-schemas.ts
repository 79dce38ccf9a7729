import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

// The server validates the compute endpoints the same way: AJV 2020-12 with allErrors.
const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv);

export type SchemaName = 'thermix' | 'therminix' | 'ecorenover';

export function schemaFile(name: SchemaName): object {
  const path = fileURLToPath(
    new URL(`../../../schemas/simulators/${name}-compute-request.schema.json`, import.meta.url),
  );
  return JSON.parse(readFileSync(path, 'utf8')) as object;
}

const validators = {
  thermix: ajv.compile(schemaFile('thermix')),
  therminix: ajv.compile(schemaFile('therminix')),
  ecorenover: ajv.compile(schemaFile('ecorenover')),
};

/** The instance paths of the errors, sorted; [] when the payload is valid. */
export function schemaErrors(name: SchemaName, payload: unknown): string[] {
  const validate = validators[name];
  return validate(payload) ? [] : [...new Set((validate.errors ?? []).map((error) => error.instancePath))].sort();
}

export function schemaId(name: SchemaName): unknown {
  return (schemaFile(name) as { $id?: unknown }).$id;
}

/** The title of every declared property, at any depth; throws when one has none. */
export function propertyTitles(name: SchemaName): string[] {
  const titles: string[] = [];
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (record.properties && typeof record.properties === 'object') {
      for (const [key, child] of Object.entries(record.properties as Record<string, Record<string, unknown>>)) {
        // A $ref property takes the title of the definition it points to.
        const title = child.title ?? (typeof child.$ref === 'string' ? 'Définition référencée' : undefined);
        if (typeof title !== 'string') throw new Error(`${name}: property ${key} has no title`);
        titles.push(title);
      }
    }
    for (const value of Object.values(record)) visit(value);
  };
  visit(schemaFile(name));
  return titles;
}
