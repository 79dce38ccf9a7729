import type { EntitySchema, FormDeclaration, PropertySchema, Rule } from './types';
import type { EntityRuntime } from './registry';
import type { OverlayOp } from './overlay-types';

/** An entity as one white label sees it: base declaration ⊕ that white label's overlay. */
export interface EffectiveEntity {
  name: string;
  schema: EntitySchema;
  form: FormDeclaration;
  listColumns: string[];
  /** Fields shown nowhere and ignored on write. */
  hidden: Set<string>;
  /** Fields added by the overlay, kept in the record's extra JSON column. */
  extraFields: Set<string>;
  fieldRules: NonNullable<EntitySchema['x-entity']['fieldRules']>;
  messages: Record<string, string>;
  /** Overlay version this was composed from (0: base only). */
  version: number;
  /** The custom forms (scoped overlays) applied too, with their versions: `group:2#3,…` ('' for none). */
  scopeKey: string;
  /** Operations that could not be applied (e.g. a field removed from the base since). */
  problems: string[];
}

const LOOSENING_REQUIRED = new Set(['hide', 'readOnly']);

function defaultListColumns(schema: EntitySchema): string[] {
  const x = schema['x-entity'];
  return x.list?.columns ?? [x.display];
}

function allows(prop: PropertySchema, op: string): boolean {
  const list = prop['x-tenant'];
  return !list || list.includes(op);
}

export function applyOverlay(base: EntityRuntime, ops: OverlayOp[], version = 0): EffectiveEntity {
  const schema: EntitySchema = structuredClone(base.schema);
  const form: FormDeclaration = structuredClone(base.form);
  const x = schema['x-entity'];
  const required = new Set(schema.required ?? []);
  const hidden = new Set<string>();
  const extraFields = new Set<string>();
  const fieldRules = structuredClone(x.fieldRules ?? {});
  const messages: Record<string, string> = {};
  const problems: string[] = [];
  let listColumns = defaultListColumns(schema);
  /** Fields an overlay shows only under a rule: checked once every operation is applied. */
  const ruledVisible = new Set<string>();

  const field = (name: string, op: string): PropertySchema | undefined => {
    const prop = schema.properties[name];
    if (!prop || prop['x-storage']?.private) {
      problems.push(`${op} : le champ « ${name} » n'existe pas.`);
      return undefined;
    }
    if (!allows(prop, op)) {
      problems.push(`${op} : le champ « ${name} » ne peut pas être modifié ainsi.`);
      return undefined;
    }
    return prop;
  };

  for (const o of ops) {
    switch (o.op) {
      case 'label': {
        const p = field(o.field, o.op);
        if (p) p.title = o.value;
        break;
      }
      case 'help': {
        const p = field(o.field, o.op);
        if (p) p.description = o.value;
        break;
      }
      case 'hide':
      case 'readOnly': {
        const p = field(o.field, o.op);
        if (!p) break;
        if (LOOSENING_REQUIRED.has(o.op) && required.has(o.field) && p.default === undefined && !p.readOnly) {
          problems.push(`${o.op} : le champ obligatoire « ${p.title} » ne peut pas être masqué.`);
          break;
        }
        if (o.op === 'hide') hidden.add(o.field);
        else p.readOnly = true;
        break;
      }
      case 'require': {
        const p = field(o.field, o.op);
        if (p && !p.readOnly) required.add(o.field);
        break;
      }
      case 'enumSubset': {
        const p = field(o.field, o.op);
        if (!p) break;
        const values = p.enum ? o.values.filter((v) => p.enum!.includes(v)) : [];
        if (values.length === 0) problems.push(`enumSubset : aucune valeur de « ${p.title} » ne correspond.`);
        else p.enum = values;
        break;
      }
      case 'default': {
        const p = field(o.field, o.op);
        if (!p) break;
        // A read-only field is filled by the platform: a default would be a way to write it.
        if (p.readOnly)
          problems.push(`default : le champ « ${p.title} » est en lecture seule et ne prend pas de valeur par défaut.`);
        else p.default = o.value;
        break;
      }
      case 'widget': {
        if (field(o.field, o.op)) (form.ui ??= {})[o.field] = { ...(form.ui?.[o.field] ?? {}), widget: o.value };
        break;
      }
      case 'visibleIf': {
        if (!field(o.field, o.op)) break;
        ruledVisible.add(o.field);
        const current = fieldRules[o.field]?.visibleIf;
        const rule: Rule = current === undefined ? o.rule : { and: [current, o.rule] };
        fieldRules[o.field] = { ...fieldRules[o.field], visibleIf: rule };
        break;
      }
      case 'message':
        messages[o.key] = o.value;
        break;
      case 'order': {
        const position = new Map(o.fields.map((f, i) => [f, i]));
        for (const section of form.layout.sections) {
          section.fields = [...section.fields].sort((a, b) => (position.get(a) ?? 1e6) - (position.get(b) ?? 1e6));
        }
        break;
      }
      case 'listColumns': {
        const unknown = o.columns.filter((c) => !schema.properties[c] || schema.properties[c]['x-storage']?.private);
        if (unknown.length) problems.push(`listColumns : colonnes inconnues ${unknown.join(', ')}.`);
        else listColumns = o.columns;
        break;
      }
      case 'addField': {
        if (schema.properties[o.field]) {
          problems.push(`addField : le champ « ${o.field} » existe déjà.`);
          break;
        }
        if (x.extraFields === false) {
          problems.push(`addField : ${x.name} n'accepte pas de champ supplémentaire.`);
          break;
        }
        schema.properties[o.field] = { ...o.schema, 'x-extra': true } as PropertySchema;
        extraFields.add(o.field);
        if (o.required) required.add(o.field);
        const section =
          form.layout.sections.find((s) => s.id === o.section) ?? form.layout.sections[form.layout.sections.length - 1];
        section.fields.push(o.field);
        break;
      }
      default:
        break; // menu operations belong to the menu target
    }
  }

  // Tighten-only: a required field that a rule may hide would be left empty by every write.
  for (const name of ruledVisible) {
    const p = schema.properties[name];
    if (required.has(name) && p.default === undefined) {
      problems.push(`visibleIf : le champ obligatoire « ${p.title} » ne peut pas être masqué par une règle.`);
      const base = x.fieldRules?.[name]?.visibleIf;
      fieldRules[name] = { ...fieldRules[name], visibleIf: base };
      if (base === undefined) delete fieldRules[name].visibleIf;
    }
  }
  for (const name of hidden) {
    required.delete(name);
    for (const section of form.layout.sections) section.fields = section.fields.filter((f) => f !== name);
  }
  listColumns = listColumns.filter((c) => !hidden.has(c));
  schema.required = [...required];
  schema['x-entity'] = { ...x, fieldRules };
  return {
    name: base.name,
    schema,
    form,
    listColumns,
    hidden,
    extraFields,
    fieldRules,
    messages,
    version,
    scopeKey: '',
    problems,
  };
}
