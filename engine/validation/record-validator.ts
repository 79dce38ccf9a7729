import { compileSchema } from '#schema-compiler';
import type { EffectiveEntity } from '../schema/apply-overlay';
import { recordSchema, schemaKey } from './record-schema';
import type { SchemaValidator } from './schema-validator';

/** Compiled validators by schema text, least recently used dropped first (previews make new ones). */
const MAX_VALIDATORS = 256;
const byKey = new Map<string, SchemaValidator>();
/**
 * The server memoises effective entities per (entity, white label, overlay version)
 * (server/access/effective-entity.ts), so this is one lookup per write.
 */
const byEntity = new WeakMap<EffectiveEntity, SchemaValidator>();

/** The compiled validator of an effective entity's record schema; compiled once per distinct schema. */
export function recordValidator(entity: EffectiveEntity): SchemaValidator {
  const known = byEntity.get(entity);
  if (known) return known;
  const schema = recordSchema(entity);
  const key = schemaKey(schema);
  let validate = byKey.get(key);
  if (validate) byKey.delete(key);
  else validate = compileSchema(schema, key);
  byKey.set(key, validate);
  if (byKey.size > MAX_VALIDATORS) byKey.delete(byKey.keys().next().value!);
  byEntity.set(entity, validate);
  return validate;
}
