import type { EffectiveEntity } from '../../engine/schema/apply-overlay';
import type { EntitySchema } from '../../engine/schema/types';
import type { EntityMeta } from './types';

/** The entity as the engine's validator expects it, rebuilt from the screen's metadata. */
export function effectiveFromMeta(meta: EntityMeta): EffectiveEntity {
  const schema = {
    $id: `urn:app:entity:${meta.name}`,
    title: meta.title,
    type: 'object',
    properties: meta.schema.properties,
    required: meta.schema.required,
    'x-entity': { name: meta.name, checks: meta.checks, fieldRules: meta.fieldRules },
  } as unknown as EntitySchema;
  return {
    name: meta.name,
    schema,
    form: meta.form,
    listColumns: meta.list.columns,
    hidden: new Set(),
    extraFields: new Set(meta.extraFields),
    fieldRules: meta.fieldRules,
    messages: meta.messages,
    version: meta.version,
    scopeKey: '',
    problems: [],
  };
}
