import type { OverlayOp } from '../../../engine/schema/overlay-types';
import type { PropertySchema } from '../../../engine/schema/types';
import type { EntityMeta } from '../../runtime/types';

export type AddFieldOp = Extract<OverlayOp, { op: 'addField' }>;

/** What the administrator changed on one field of the base declaration. */
export interface FieldEdits {
  label?: string;
  help?: string;
  hidden?: boolean;
  required?: boolean;
}

export interface FormSectionModel {
  id: string;
  title: string;
  fields: string[];
}

/**
 * The form editor's state for one entity: the overlay's operations as the screen shows them.
 * `fromOps` and `toOps` convert both ways; operations the editor has no control for (widgets,
 * defaults, visibility rules…) are carried in `others` so that saving never drops them.
 */
export interface FormModel {
  /** Sections in the edited order; hidden fields stay (shown greyed) so that they can come back. */
  sections: FormSectionModel[];
  edits: Record<string, FieldEdits>;
  extras: Record<string, AddFieldOp>;
  /** Columns of the list screen; null keeps the declaration's. */
  listColumns: string[] | null;
  others: OverlayOp[];
}

export function baseSections(base: EntityMeta): FormSectionModel[] {
  return base.form.layout.sections.map((s) => ({ id: s.id, title: s.title, fields: [...s.fields] }));
}

/** Same rule as the engine's overlay: an `order` sorts every section by the listed positions. */
function sortSections(sections: FormSectionModel[], fields: string[]): void {
  const position = new Map(fields.map((f, i) => [f, i]));
  for (const s of sections)
    s.fields = [...s.fields].sort((a, b) => (position.get(a) ?? 1e6) - (position.get(b) ?? 1e6));
}

export function fromOps(base: EntityMeta, ops: OverlayOp[]): FormModel {
  const model: FormModel = { sections: baseSections(base), edits: {}, extras: {}, listColumns: null, others: [] };
  const edit = (f: string) => (model.edits[f] ??= {});
  const extra = (f: string) => model.extras[f];
  for (const o of ops) {
    switch (o.op) {
      case 'label':
        if (extra(o.field))
          model.extras[o.field] = { ...extra(o.field), schema: { ...extra(o.field).schema, title: o.value } };
        else edit(o.field).label = o.value;
        break;
      case 'help':
        if (extra(o.field))
          model.extras[o.field] = { ...extra(o.field), schema: { ...extra(o.field).schema, description: o.value } };
        else edit(o.field).help = o.value;
        break;
      case 'hide':
        if (extra(o.field)) model.others.push(o);
        else edit(o.field).hidden = true;
        break;
      case 'require':
        if (extra(o.field)) model.extras[o.field] = { ...extra(o.field), required: true };
        else edit(o.field).required = true;
        break;
      case 'order':
        sortSections(model.sections, o.fields);
        break;
      case 'listColumns':
        model.listColumns = [...o.columns];
        break;
      case 'addField': {
        if (base.schema.properties[o.field] || extra(o.field)) {
          model.others.push(o);
          break;
        }
        model.extras[o.field] = structuredClone(o);
        const section = model.sections.find((s) => s.id === o.section) ?? model.sections[model.sections.length - 1];
        section.fields.push(o.field);
        break;
      }
      default:
        model.others.push(o);
    }
  }
  return model;
}

/** Where the overlay leaves fields without an `order`: base order, then added fields in their sections. */
function naturalSections(base: EntityMeta, model: FormModel): string[][] {
  return model.sections.map((s) => {
    const declared = base.form.layout.sections.find((b) => b.id === s.id)?.fields ?? [];
    return [...declared, ...s.fields.filter((f) => model.extras[f])];
  });
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export function toOps(base: EntityMeta, model: FormModel): OverlayOp[] {
  const ops: OverlayOp[] = [];
  const required = new Set(base.schema.required);
  // Added fields first, so that the order and list operations may name them.
  for (const s of model.sections) {
    for (const f of s.fields) {
      const x = model.extras[f];
      // A label being retyped may be empty for a moment: the field keeps a title meanwhile.
      if (x) ops.push({ ...x, section: s.id, schema: { ...x.schema, title: x.schema.title.trim() || f } });
    }
  }
  for (const s of model.sections) {
    for (const f of s.fields) {
      const prop = base.schema.properties[f];
      const e = model.edits[f];
      if (!prop || !e || model.extras[f]) continue;
      const label = e.label?.trim();
      if (label && label !== prop.title) ops.push({ op: 'label', field: f, value: label });
      if (e.help !== undefined && e.help.trim() !== (prop.description ?? ''))
        ops.push({ op: 'help', field: f, value: e.help.trim() });
      if (e.hidden) ops.push({ op: 'hide', field: f });
      if (e.required && !required.has(f)) ops.push({ op: 'require', field: f });
    }
  }
  const natural = naturalSections(base, model);
  if (model.sections.some((s, i) => !same(s.fields, natural[i])))
    ops.push({ op: 'order', fields: model.sections.flatMap((s) => s.fields) });
  if (model.listColumns && !same(model.listColumns, base.list.columns))
    ops.push({ op: 'listColumns', columns: [...model.listColumns] });
  ops.push(...model.others);
  return ops;
}

/** Title of a field as the base declares it, or as the overlay adds it. */
export function fieldTitle(base: EntityMeta, model: FormModel, name: string): string {
  return model.extras[name]?.schema.title ?? base.schema.properties[name]?.title ?? name;
}

/** The field as the edited overlay makes it: label, help, hidden, required. */
export function effectiveField(base: EntityMeta, model: FormModel, name: string) {
  const extra = model.extras[name];
  if (extra)
    return {
      title: extra.schema.title,
      help: extra.schema.description ?? '',
      hidden: false,
      required: Boolean(extra.required),
      baseRequired: false,
      extra: true,
    };
  const prop: PropertySchema | undefined = base.schema.properties[name];
  const e = model.edits[name] ?? {};
  const baseRequired = base.schema.required.includes(name);
  return {
    title: e.label?.trim() || prop?.title || name,
    help: e.help ?? prop?.description ?? '',
    hidden: Boolean(e.hidden),
    required: baseRequired || Boolean(e.required),
    baseRequired,
    extra: false,
  };
}

/** A base field may be hidden unless it is required without a default (the engine refuses it). */
export function mayHide(base: EntityMeta, name: string): boolean {
  const prop = base.schema.properties[name];
  if (!prop) return false;
  const allowed = !prop['x-tenant'] || prop['x-tenant'].includes('hide');
  return allowed && !(base.schema.required.includes(name) && prop.default === undefined && !prop.readOnly);
}

export function mayUse(base: EntityMeta, name: string, op: 'label' | 'help' | 'require'): boolean {
  const prop = base.schema.properties[name];
  return Boolean(prop) && (!prop['x-tenant'] || prop['x-tenant'].includes(op));
}

/** Moves a field up (-1) or down (+1) within its section; returns the new model and position. */
export function moveField(
  model: FormModel,
  name: string,
  delta: -1 | 1,
): { model: FormModel; position: number; count: number } | null {
  const sections = model.sections.map((s) => ({ ...s, fields: [...s.fields] }));
  const section = sections.find((s) => s.fields.includes(name));
  if (!section) return null;
  const i = section.fields.indexOf(name);
  const j = i + delta;
  if (j < 0 || j >= section.fields.length) return null;
  [section.fields[i], section.fields[j]] = [section.fields[j], section.fields[i]];
  return { model: { ...model, sections }, position: j + 1, count: section.fields.length };
}

export function removeExtra(model: FormModel, name: string): FormModel {
  const { [name]: _removed, ...extras } = model.extras;
  return {
    ...model,
    extras,
    sections: model.sections.map((s) => ({ ...s, fields: s.fields.filter((f) => f !== name) })),
    listColumns: model.listColumns ? model.listColumns.filter((c) => c !== name) : null,
  };
}

export function addExtra(model: FormModel, op: AddFieldOp): FormModel {
  const sections = model.sections.map((s) =>
    s.id === (op.section ?? model.sections[model.sections.length - 1].id)
      ? { ...s, fields: [...s.fields, op.field] }
      : s,
  );
  return { ...model, sections, extras: { ...model.extras, [op.field]: op } };
}

export function setEdit(model: FormModel, name: string, change: FieldEdits): FormModel {
  if (model.extras[name]) {
    const x = model.extras[name];
    const schema = { ...x.schema };
    if (change.label !== undefined) schema.title = change.label;
    if (change.help !== undefined) {
      if (change.help) schema.description = change.help;
      else delete schema.description;
    }
    return { ...model, extras: { ...model.extras, [name]: { ...x, schema, required: change.required ?? x.required } } };
  }
  return { ...model, edits: { ...model.edits, [name]: { ...model.edits[name], ...change } } };
}
