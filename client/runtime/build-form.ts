import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { PropertySchema } from '../../engine/schema/types';
import { mainType } from '../../engine/schema/columns';
import { holds } from '../../engine/logic/logic';
import type { RuleUser, RuleWhiteLabel } from '../../engine/logic/user-context';
import { widgetFor } from './widgets/registry';
import type { BlockKind } from './fields/blocks';
import type { EntityMeta, RecordData } from './types';
import { t } from '../lib/messages';
import { fileSpecOf, isFileProperty } from '../../engine/files/file-ref';

function rjsfProperty(prop: PropertySchema): RJSFSchema {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(prop)) {
    if (k.startsWith('x-') || k === 'readOnly') continue;
    // Content blocks reach RJSF without their `oneOf` items (RJSF would need a schema validator to
    // tell which kind a block is): the blocks field draws each kind from ui:options, and the
    // server's and the compiled browser validation still check every block.
    if (k === 'items' && prop['x-blocks']) continue;
    if (k === 'properties')
      out.properties = Object.fromEntries(
        Object.entries(v as Record<string, PropertySchema>).map(([n, p]) => [n, rjsfProperty(p)]),
      );
    else if (k === 'items' && (v as PropertySchema).properties) out.items = rjsfProperty(v as PropertySchema);
    else out[k] = v;
  }
  out.type = mainType(prop);
  return out as RJSFSchema;
}

function blockKinds(meta: EntityMeta, name: string, prop: PropertySchema): object {
  const variants = ((prop.items as PropertySchema | undefined)?.oneOf ?? []) as PropertySchema[];
  const kinds: BlockKind[] = [];
  for (const v of variants) {
    const type = v.properties?.type?.const;
    if (typeof type !== 'string') continue;
    const fields = Object.fromEntries(Object.entries(v.properties ?? {}).filter(([n]) => n !== 'type'));
    const schema = rjsfProperty({ ...v, properties: fields, required: (v.required ?? []).filter((r) => r !== 'type') });
    delete schema.additionalProperties;
    const uiSchema: UiSchema = {};
    for (const [n, p] of Object.entries(fields)) uiSchema[n] = uiFor(meta, `${name}.${n}`, p, false);
    kinds.push({ type, title: v.title ?? type, schema, uiSchema });
  }
  return { kinds, preview: (prop['x-blocks'] as { preview?: string }).preview ?? null };
}

function uiFor(meta: EntityMeta, name: string, prop: PropertySchema, readOnly: boolean): UiSchema {
  const declared = meta.form.ui?.[name] ?? {};
  const ui: UiSchema = { 'ui:widget': widgetFor(prop, declared.widget) };
  // A choice list stays `enum` with its labels beside it (not oneOf of constants): RJSF then
  // never needs a schema validator to tell which option the data matches (rjsf-validator.ts).
  if (prop.enum) ui['ui:enumNames'] = prop.enum.map((v) => prop['x-enum-labels']?.[String(v)] ?? String(v));
  if (mainType(prop) === 'object' && prop.properties) {
    delete ui['ui:widget'];
    for (const [n, p] of Object.entries(prop.properties)) ui[n] = uiFor(meta, `${name}.${n}`, p, readOnly);
  }
  // A list of objects (a report's faces, a scenario's aids): RJSF's array field with our French
  // templates (templates.tsx), each item's fields drawn as the entity's own fields are.
  const items = prop.items as PropertySchema | undefined;
  if (mainType(prop) === 'array' && items && mainType(items) === 'object' && items.properties) {
    delete ui['ui:widget'];
    ui.items = {};
    for (const [n, p] of Object.entries(items.properties)) ui.items[n] = uiFor(meta, `${name}.${n}`, p, readOnly);
  }
  // A free-form object has no fields to draw (RJSF would show an empty fieldset): it is typed as JSON.
  if (mainType(prop) === 'object' && !prop.properties && !isFileProperty(prop)) {
    delete ui['ui:widget'];
    ui['ui:field'] = 'json';
  }
  // Content blocks (an array of `oneOf` objects): the block editor (fields/BlocksField.tsx) gets
  // each kind's schema and the labels of its fields' widgets here.
  if (prop['x-blocks']) {
    delete ui['ui:widget'];
    ui['ui:field'] = 'blocks';
  }
  // A file property: chosen, uploaded and shown by the file field (fields/FileField.tsx).
  if (isFileProperty(prop)) {
    delete ui['ui:widget'];
    ui['ui:field'] = 'file';
  }
  if (declared.placeholder) ui['ui:placeholder'] = declared.placeholder;
  if (declared.help) ui['ui:help'] = declared.help;
  if (declared.autofocus) ui['ui:autofocus'] = true;
  const options: Record<string, string | number | boolean | object> = {};
  if (declared.rows) options.rows = declared.rows;
  if (declared.options) Object.assign(options, declared.options);
  if (prop.format) options.format = prop.format;
  if (prop['x-relation']) options.relation = { entity: prop['x-relation'].entity, field: `${meta.name}.${name}` };
  if (prop['x-blocks']) options.blocks = blockKinds(meta, name, prop);
  if (isFileProperty(prop) && meta.apiPath)
    options.file = { apiPath: meta.apiPath, property: name, spec: fileSpecOf(prop) };
  if (Object.keys(options).length) ui['ui:options'] = options;
  if (readOnly) ui['ui:readonly'] = true;
  return ui;
}

export interface RuleContext {
  user: RuleUser;
  whiteLabel: RuleWhiteLabel;
  previous?: RecordData;
}

/** Fields shown right now: editable ones whose visibility rule holds on the data as typed. */
export function visibleFields(meta: EntityMeta, data: RecordData, ctx: RuleContext): string[] {
  const rule = { record: data, user: ctx.user, whiteLabel: ctx.whiteLabel };
  return Object.entries(meta.schema.properties)
    .filter(([name, p]) => !p.readOnly && name !== 'pk')
    .filter(([name]) => {
      const r = meta.fieldRules[name]?.visibleIf;
      return r === undefined || holds(r, rule);
    })
    .map(([name]) => name);
}

export function requiredFields(meta: EntityMeta, data: RecordData, ctx: RuleContext, visible: string[]): string[] {
  const rule = { record: data, user: ctx.user, whiteLabel: ctx.whiteLabel };
  const set = new Set(meta.schema.required);
  for (const [name, r] of Object.entries(meta.fieldRules)) if (r.requiredIf && holds(r.requiredIf, rule)) set.add(name);
  // On an existing record, an empty secret (writeOnly, never read back) keeps the stored one.
  if (ctx.previous) for (const name of [...set]) if (meta.schema.properties[name]?.writeOnly) set.delete(name);
  return visible.filter((f) => set.has(f));
}

/**
 * The meta with the fields a stored record's `requirements` make mandatory (`<field>Mandatory:
 * true`, e.g. a contact whose folders' programmes require an e-mail, file-area reference 2.1)
 * added to `required`: the form marks them and refuses to save them empty, as for any required field.
 */
export function withRequirements(meta: EntityMeta, stored?: RecordData): EntityMeta {
  const requirements = stored?.requirements;
  if (!requirements || typeof requirements !== 'object' || Array.isArray(requirements)) return meta;
  const fields = Object.entries(requirements as Record<string, unknown>)
    .filter(([key, on]) => on === true && key.endsWith('Mandatory'))
    .map(([key]) => key.slice(0, -'Mandatory'.length))
    .filter((f) => meta.schema.properties[f] && !meta.schema.properties[f].readOnly);
  const required = [...new Set([...(meta.schema.required ?? []), ...fields])];
  if (required.length === (meta.schema.required ?? []).length) return meta;
  return { ...meta, schema: { ...meta.schema, required } };
}

/** The RJSF schema and uiSchema for the record as it stands (visibility and required-if applied). */
export function buildForm(
  meta: EntityMeta,
  data: RecordData,
  ctx: RuleContext,
  readOnly = false,
  /** Fields set by the screen that opened the form (a related list's link): shown, not changed. */
  lockedFields: string[] = [],
): { schema: RJSFSchema; uiSchema: UiSchema; visible: string[] } {
  const visible = visibleFields(meta, data, ctx);
  const properties: Record<string, RJSFSchema> = {};
  const uiSchema: UiSchema = {};
  const order: string[] = [];
  for (const section of meta.form.layout.sections)
    for (const f of section.fields) if (visible.includes(f) && !order.includes(f)) order.push(f);
  for (const f of visible) if (!order.includes(f)) order.push(f);
  // readOnlyIf: fields this user may not change (evaluated on the stored record, as the server does).
  const locked = new Set(
    Object.entries(meta.fieldRules)
      .filter(
        ([, r]) =>
          r.readOnlyIf !== undefined &&
          holds(r.readOnlyIf, {
            record: ctx.previous ?? data,
            previous: ctx.previous ?? null,
            user: ctx.user,
            whiteLabel: ctx.whiteLabel,
          }),
      )
      .map(([name]) => name)
      .concat(lockedFields),
  );
  for (const name of order) {
    const prop = meta.schema.properties[name];
    properties[name] = rjsfProperty(prop);
    uiSchema[name] = uiFor(meta, name, prop, readOnly || locked.has(name));
    if (prop.writeOnly && ctx.previous && !uiSchema[name]['ui:placeholder'])
      uiSchema[name]['ui:placeholder'] = t('ui.secret_kept');
  }
  uiSchema['ui:order'] = order;
  return {
    schema: { type: 'object', properties, required: requiredFields(meta, data, ctx, visible) },
    uiSchema,
    visible,
  };
}

/** Data without the values of fields that are hidden now (the server resets them too). */
export function submittedData(meta: EntityMeta, data: RecordData, visible: string[]): RecordData {
  const out: RecordData = {};
  for (const name of Object.keys(meta.schema.properties)) {
    if (meta.schema.properties[name].readOnly) continue;
    if (!visible.includes(name)) continue;
    const v = data[name];
    // A cleared field must reach the server as empty (undefined would keep the old value).
    if (v === undefined || v === null) {
      const type = mainType(meta.schema.properties[name]);
      out[name] = type === 'string' ? '' : type === 'array' ? [] : null;
    } else out[name] = v;
  }
  return out;
}
