import Ajv2020, { type ErrorObject } from 'ajv/dist/2020';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DeclarationFiles } from '../server/schema/load-declarations';
import { SCHEMAS_DIR } from '../server/schema/load-declarations';

/** An AJV error as a line of the problem list; a key the meta-schema does not list is named. */
function describe(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  const key = p.additionalProperty ?? p.unevaluatedProperty;
  if (key !== undefined)
    return (
      `${e.instancePath || '/'}: "${String(key)}" is not allowed here ` +
      '(a keyword the meta-schema does not list is not supported)'
    );
  return `${e.instancePath || '/'} ${e.message}`;
}

/**
 * Every declaration file against its meta-schema (schemas/meta/). The meta-schemas are compiled in
 * AJV's strict mode, and they list the keywords a property may use (additionalProperties or
 * unevaluatedProperties false): a keyword record validation does not support fails here.
 */
export function validateAgainstMetaSchemas(files: DeclarationFiles, dir = SCHEMAS_DIR): string[] {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  const metaDir = join(dir, 'meta');
  for (const f of readdirSync(metaDir).filter((n) => n.endsWith('.meta.json'))) {
    ajv.addSchema(JSON.parse(readFileSync(join(metaDir, f), 'utf8')));
  }
  const problems: string[] = [];
  const check = (metaId: string, file: string, data: unknown) => {
    const validate = ajv.getSchema(metaId);
    if (!validate) throw new Error(`meta-schema ${metaId} missing`);
    if (!validate(data)) {
      for (const e of validate.errors ?? []) problems.push(`${file.replace(dir + '/', 'schemas/')}: ${describe(e)}`);
    }
  };
  for (const e of files.entities) check('urn:app:meta:entity', e.file, e.data);
  for (const f of files.forms) check('urn:app:meta:form', f.file, f.data);
  for (const m of files.menus) check('urn:app:meta:menu', m.file, m.data);
  for (const r of files.routes) check('urn:app:meta:routes', r.file, r.data);
  for (const m of files.modules) check('urn:app:meta:module', m.file, m.data);
  for (const m of files.messages) check('urn:app:meta:messages', m.file, m.data);
  check('urn:app:meta:roles', files.roles.file, files.roles.data);
  for (const i of files.imports) check('urn:app:meta:import', i.file, i.data);
  for (const w of files.workflows) check('urn:app:meta:workflow', w.file, w.data);
  for (const o of files.others) {
    try {
      ajv.compile({ ...o.data, $id: undefined });
    } catch (e) {
      problems.push(`${o.file}: not a valid JSON Schema (${(e as Error).message})`);
    }
  }
  // File name = id, so that a declaration is found where its name says.
  for (const e of files.entities) {
    const expected = `${e.data['x-entity']?.name}.schema.json`;
    if (!e.file.endsWith(`/${expected}`))
      problems.push(`${e.file}: an entity named ${e.data['x-entity']?.name} belongs in ${expected}`);
  }
  for (const i of files.imports) {
    const expected = `${i.data.entity}.import.json`;
    if (!i.file.endsWith(`/${expected}`))
      problems.push(`${i.file}: the import mapping of ${i.data.entity} belongs in ${expected}`);
  }
  for (const w of files.workflows) {
    const expected = `${w.data.name}.workflow.json`;
    if (!w.file.endsWith(`/${expected}`))
      problems.push(`${w.file}: the workflow ${w.data.name} belongs in ${expected}`);
  }
  return problems;
}
