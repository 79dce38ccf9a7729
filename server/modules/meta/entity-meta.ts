import type { RequestContext } from '../../context';
import { effectiveEntity } from '../../access/effective-entity';
import { assertModuleEnabled, entityOf, mayEverDo, ruleData } from '../../operations/entity-access';
import type { PropertySchema, RecordActionDeclaration } from '../../../engine/schema/types';
import { validatorUrl } from './validator-modules';
import { holds } from '../../../engine/logic/logic';
import { relatedLists } from './related-lists';
import { labelProperties } from '../../../engine/schema/record-label';

function importOf(ctx: RequestContext, name: string, mayCreate: boolean) {
  const mapping = (ctx.app.registry.declarations.imports ?? []).find((i) => i.entity === name);
  if (!mapping || !mayCreate) return undefined;
  return { columns: mapping.columns.map((c) => ({ header: c.header, required: Boolean(c.required) })) };
}

/**
 * The record buttons of the screens: a `find` (generic `linkWhenFound`) gets the API path of its
 * entity, and is left out when that entity is off or never visible to the user; an `unlessFound`
 * (generic `post`) gets its path likewise, and is dropped (nothing can hide the button) otherwise.
 */
function recordActionsOf(ctx: RequestContext, actions: RecordActionDeclaration[]) {
  const readable = (entity: string) => {
    const target = ctx.app.registry.entities.get(entity);
    const path = target?.schema['x-entity'].api?.path;
    if (!target || !path || ctx.whiteLabel.modules[target.schema['x-entity'].module] === false) return null;
    return mayEverDo(ctx, target, 'view') ? path : null;
  };
  return actions.flatMap((a) => {
    if (a.find) {
      const path = readable(a.find.entity);
      return path ? [{ ...a, find: { ...a.find, path } }] : [];
    }
    // A `post` hidden once such a record exists: a user who could never see one has none.
    if (a.unlessFound) {
      const path = readable(a.unlessFound.entity);
      return [path ? { ...a, unlessFound: { ...a.unlessFound, path } } : { ...a, unlessFound: undefined }];
    }
    return [a];
  });
}

/**
 * What a generic screen needs to render an entity for this white label and this user: the
 * effective schema (base ⊕ overlay), layout, list settings, rules, and what the user may do.
 */
export async function entityMeta(ctx: RequestContext, name: string, scopes: readonly string[] = []) {
  const entity = entityOf(ctx, name);
  assertModuleEnabled(ctx, entity);
  const effective = await effectiveEntity(ctx.app, name, ctx.whiteLabel, scopes);
  const x = effective.schema['x-entity'];
  const properties: Record<string, PropertySchema> = {};
  for (const [p, prop] of Object.entries(effective.schema.properties)) {
    if (prop['x-storage']?.private || effective.hidden.has(p)) continue;
    properties[p] = prop;
  }
  // The labels of the entities that relation fields point to (a filter on « Structure » says « Toutes »).
  const relationLabels: Record<string, { singular: string; plural: string; feminine?: boolean }> = {};
  for (const prop of Object.values(properties)) {
    const target = prop['x-relation'] && ctx.app.registry.entities.get(prop['x-relation'].entity);
    if (target) {
      const { singular, plural, feminine } = target.schema['x-entity'].labels;
      relationLabels[target.name] = { singular, plural, feminine };
    }
  }
  const can = (action: 'view' | 'create' | 'change' | 'delete') => mayEverDo(ctx, entity, action);
  return {
    name,
    version: effective.version,
    scopeKey: effective.scopeKey,
    // Where the screen finds a record's scopes, to ask for the form with its custom fields.
    customForms: x.customForms ?? null,
    // The scopes that have a custom form on this white label: a record in none needs no other meta.
    customFormScopes: Object.keys(ctx.whiteLabel.overlayVersions)
      .filter((target) => target.startsWith(`entity:${name}@`))
      .map((target) => target.slice(`entity:${name}@`.length)),
    title: effective.schema.title,
    description: effective.schema.description,
    schema: { type: 'object', properties, required: (effective.schema.required ?? []).filter((r) => properties[r]) },
    form: effective.form,
    labels: x.labels,
    relationLabels,
    display: x.display,
    // What names a record to a person (engine/schema/record-label.ts): notices, titles, confirmations.
    label: labelProperties(entity.schema),
    apiPath: x.api?.path,
    // The client keeps such lists in a store refreshed with `limit-to-objects-after` (spec 01 §7).
    storeList: Boolean(x.api?.storeList),
    list: { ...x.list, columns: effective.listColumns },
    screens: x.screens
      ? {
          path: x.screens.path,
          title: x.screens.title,
          description: x.screens.description,
          helpUrl: x.screens.helpUrl,
          calendar: x.screens.calendar,
          filters: x.screens.filters,
        }
      : undefined,
    fieldRules: effective.fieldRules,
    checks: x.checks ?? [],
    recordActions: recordActionsOf(ctx, x.screens?.actions ?? []),
    // The list's « Importer » button (docs/export-import.md): the mapping's columns, when the user may create.
    import: importOf(ctx, name, can('create')),
    deleteWarning: x.screens?.deleteWarning ?? null,
    // The list's buttons this user may use (x-entity.screens.listActions); the endpoint checks again.
    listActions: (x.screens?.listActions ?? [])
      .filter((a) => holds(a.access, ruleData(ctx)))
      .map(({ label, post, to, busyLabel, help }) => ({ label, post, to, busyLabel, help })),
    // Other entities' records pointing at this one, shown beside its form (x-entity.related).
    related: relatedLists(ctx, entity),
    // The record page shows the workflow panel (client/runtime/WorkflowPanel.tsx).
    workflow: ctx.app.registry.workflows.has(name),
    extraFields: [...effective.extraFields],
    messages: effective.messages,
    /** Same-origin ES module of the record validator (absent: the screen leaves validation to the server). */
    validator: validatorUrl(ctx.app, effective),
    can: { view: can('view'), create: can('create'), change: can('change'), delete: can('delete') },
    // The rules and the caller as the server evaluates them, so that screens can tell per record
    // what would be refused (engine/access/can-access.ts); not secrets: the server checks again.
    rights: x.rights,
    ruleContext: { user: ctx.user, whiteLabel: ruleData(ctx).whiteLabel },
  };
}
