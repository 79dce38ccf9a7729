import { compileSchema } from '#schema-compiler';
import type { EffectiveEntity } from '../schema/apply-overlay';
import type { SchemaError } from './map-ajv-error';
import { recordSchema, schemaKey, type RecordSchema } from './record-schema';
import type { SchemaValidator } from './schema-validator';

/** Compiled validators by schema text, least recently used dropped first (previews make new ones). */
const MAX_VALIDATORS = 256;
const byKey = new Map<string, SchemaValidator>();
/**
 * The server memoises effective entities per (entity, white label, overlay version)
 * (server/access/effective-entity.ts), so this is one lookup per write.
 */
const byEntity = new WeakMap<EffectiveEntity, SchemaValidator>();

/**
 * A schema that does not compile whole can only come from an overlay saved before overlays were
 * compiled on save (checkOverlay refuses them now). Rather than fail every write to the entity,
 * each property is compiled alone: a value for a property that does not compile is refused
 * ("unverifiable", a French message telling an administrator to fix the overlay), the others are
 * checked as usual. The browser never gets here: no module is served for such a schema, and the
 * screen leaves validation to the server.
 */
function compileByProperty(schema: RecordSchema, key: string): SchemaValidator {
  const parts = Object.entries(schema.properties).map(([name, prop]): [string, SchemaValidator | null] => {
    try {
      return [name, compileSchema(prop, `${key}#${name}`)];
    } catch {
      return [name, null];
    }
  });
  const validate: SchemaValidator = (data: unknown) => {
    const values = data as Record<string, unknown>;
    const errors: SchemaError[] = [];
    for (const [name, check] of parts) {
      if (values[name] === undefined) continue;
      if (!check) errors.push({ keyword: 'unverifiable', instancePath: `/${name}`, params: {} });
      else if (!check(values[name]))
        errors.push(...(check.errors ?? []).map((e) => ({ ...e, instancePath: `/${name}${e.instancePath}` })));
    }
    validate.errors = errors.length ? errors : null;
    return errors.length === 0;
  };
  return validate;
}

function compile(schema: RecordSchema, key: string): SchemaValidator {
  try {
    return compileSchema(schema, key);
  } catch {
    return compileByProperty(schema, key);
  }
}

/** The compiled validator of an effective entity's record schema; compiled once per distinct schema. */
export function recordValidator(entity: EffectiveEntity): SchemaValidator {
  const known = byEntity.get(entity);
  if (known) return known;
  const schema = recordSchema(entity);
  const key = schemaKey(schema);
  let validate = byKey.get(key);
  if (validate) byKey.delete(key);
  else validate = compile(schema, key);
  byKey.set(key, validate);
  if (byKey.size > MAX_VALIDATORS) byKey.delete(byKey.keys().next().value!);
  byEntity.set(entity, validate);
  return validate;
}
