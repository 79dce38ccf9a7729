import type { Declarations, EntitySchema, MenuEntry, Rule } from './types';
import { checkWorkflows } from '../workflow/check-workflows';
import { buildRegistry, type Registry } from './registry';
import { SEARCH_COLUMN, searchSpec } from './search-column';
import { GLOBAL_SEARCH_COLUMN, globalSearchSpec } from './global-search-column';
import { mainType } from './columns';
import { sortProperties } from './sort-keys';
import { isFileProperty } from '../files/file-ref';
import { ALLOWED_OPERATORS, operatorsOf, relatedNodes, varsOf } from '../logic/logic';
import { compileFilter, relatedArgs, UnsupportedFilterError } from '../logic/filter';
import { ruleUser, anonymousUser } from '../logic/user-context';
import { applyOverlay } from './apply-overlay';
import { recordSchema } from '../validation/record-schema';
import { compileSchema } from '../validation/compile-schema-ajv';
import { checkImportsAndExports } from './check-imports';

/** Keys every catalogue must hold: the validation rules and the error catalogue of spec 01 §5 and §8. */
export const REQUIRED_MESSAGE_KEYS = [
  'validation.required',
  'validation.email',
  'validation.integer',
  'validation.length',
  'validation.max',
  'validation.max_value',
  'validation.min_value',
  'validation.numeric',
  'validation.url',
  'validation.default',
  'validation.form',
  'validation.summary',
  'validation.no_options',
  'errors.403',
  'errors.404',
  'errors.413',
  'errors.431',
  'errors.500',
  'errors.502',
  'errors.504',
  'errors.no_white_label',
  'errors.server_unreachable',
  'errors.page_load',
  'errors.wrong_contact_type',
  'errors.geolocation',
];

/**
 * Cross-reference checks that a meta-schema cannot express: names that must exist, rule
 * operators and variables, list filters that must compile to SQL. Returns readable problems.
 */
/**
 * A menu label agrees with its screen's title when it is the title or a short form of it: the
 * title starts with it (« Prix annuels » / « Prix annuels des énergies ») or ends with it after
 * its parent's name (« Contacts » / « Carte actimmo : contacts »).
 */
export function labelsAgree(menuLabel: string, screenTitle: string): boolean {
  const label = menuLabel.trim().toLocaleLowerCase('fr');
  const title = screenTitle.trim().toLocaleLowerCase('fr');
  return title === label || title.startsWith(`${label} `) || title.endsWith(`: ${label}`);
}

/**
 * A file property is an object or nullable object, nothing else (its shape is the reference's),
 * stored in its own column and never searched, sorted or unique; `x-file` goes only with it.
 */
function checkFileProperties(where: string, schema: EntitySchema, search: string[], sortable: string[]): string[] {
  const problems: string[] = [];
  for (const [p, prop] of Object.entries(schema.properties)) {
    if (prop['x-file'] && !isFileProperty(prop)) problems.push(`${where}.${p}: x-file without format: file`);
    if (!isFileProperty(prop)) continue;
    const types = Array.isArray(prop.type) ? prop.type : [prop.type];
    if (mainType(prop) !== 'object' || types.some((t) => t !== 'object' && t !== 'null'))
      problems.push(`${where}.${p}: a file property has type object or [object, null]`);
    if (prop.properties || prop.required || prop.additionalProperties !== undefined)
      problems.push(`${where}.${p}: a file property declares no properties (its shape is the file reference)`);
    const storage = prop['x-storage'] ?? {};
    if (storage.virtual || storage.private || storage.unique)
      problems.push(`${where}.${p}: a file property is stored in its own column, neither virtual, private nor unique`);
    if (search.includes(p) || sortable.includes(p))
      problems.push(`${where}.${p}: a file property is not searched or sorted`);
  }
  return problems;
}

/** A calendar block names date-time start and end properties, a title, and a colour it can find. */
function checkCalendar(where: string, schema: EntitySchema, decls: Declarations): string[] {
  const problems: string[] = [];
  const calendar = schema['x-entity'].screens!.calendar!;
  const props = schema.properties;
  const isDateTime = (p: string) => props[p] && mainType(props[p]) === 'string' && props[p].format === 'date-time';
  for (const key of ['start', 'end'] as const) {
    const p = calendar[key];
    if (!props[p]) problems.push(`${where}: calendar ${key} ${p} is not a property`);
    else if (!isDateTime(p)) problems.push(`${where}: calendar ${key} ${p} is not a date-time property`);
    else if (props[p]['x-storage']?.private || props[p]['x-storage']?.virtual || props[p]['x-extra'])
      problems.push(`${where}: calendar ${key} ${p} must be a stored, non-private column`);
  }
  if (calendar.start === calendar.end) problems.push(`${where}: calendar start and end are the same property`);
  if (!props[calendar.title]) problems.push(`${where}: calendar title ${calendar.title} is not a property`);
  else if (props[calendar.title]['x-storage']?.private)
    problems.push(`${where}: calendar title ${calendar.title} is private`);
  if (calendar.color !== undefined) {
    const prop = props[calendar.color];
    const rel = prop?.['x-relation'];
    const target = rel && decls.entities.find((e) => e['x-entity'].name === rel.entity);
    if (!prop) problems.push(`${where}: calendar color ${calendar.color} is not a property`);
    else if (rel) {
      if (target && target.properties.color?.format !== 'color')
        problems.push(
          `${where}: calendar color ${calendar.color} points to ${rel.entity}, which has no color property`,
        );
    } else if (prop.format !== 'color')
      problems.push(`${where}: calendar color ${calendar.color} is neither a colour nor a relation`);
  }
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  if (minutes(calendar.dayStart ?? '07:00') >= minutes(calendar.dayEnd ?? '20:00'))
    problems.push(`${where}: calendar dayStart must be before dayEnd`);
  const actions = schema['x-entity'].api?.actions ?? ['list'];
  if (!schema['x-entity'].api || !actions.includes('list'))
    problems.push(`${where}: a calendar needs the list action of the API`);
  return problems;
}

/**
 * A related list reads the related entity's list API filtered on its link: the entity must have
 * that API, the link must be a stored relation to this entity (an integer, or a list of them:
 * then a JSON containment), and columns and sort must be what its list can show and order by.
 */
function checkRelated(where: string, name: string, registry: Registry): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const r of registry.entities.get(name)!.schema['x-entity'].related ?? []) {
    const at = `${where}: related ${r.entity}.${r.link}`;
    if (seen.has(`${r.entity}.${r.link}`)) problems.push(`${at} is declared twice`);
    seen.add(`${r.entity}.${r.link}`);
    const target = registry.entities.get(r.entity);
    if (!target) {
      problems.push(`${at}: unknown entity ${r.entity}`);
      continue;
    }
    const x = target.schema['x-entity'];
    const actions = x.api ? (x.api.actions ?? ['list', 'detail', 'create', 'update', 'delete']) : [];
    if (!actions.includes('list')) problems.push(`${at}: ${r.entity} has no list API`);
    if (x.secretLink) problems.push(`${at}: ${r.entity} is read by secret link only`);
    const link = target.schema.properties[r.link];
    const column = target.columnByProperty.get(r.link);
    if (!link) problems.push(`${at}: ${r.link} is not a property of ${r.entity}`);
    else if (link['x-relation']?.entity !== name) problems.push(`${at}: ${r.link} is not a relation to ${name}`);
    else if (!column || link['x-storage']?.private)
      problems.push(`${at}: ${r.link} must be a stored, non-private column to filter on`);
    else if (!['integer', 'array'].includes(mainType(link)))
      problems.push(`${at}: ${r.link} must be an integer or a list of integers`);
    for (const c of r.columns ?? []) {
      const prop = target.schema.properties[c];
      if (!prop) problems.push(`${at}: column ${c} is not a property of ${r.entity}`);
      else if (prop['x-storage']?.private) problems.push(`${at}: column ${c} is private`);
    }
    if (r.sort !== undefined) {
      // What server/operations/find.ts orderBy accepts (anything else is silently the default order).
      const sortable = new Set([
        ...(x.list?.sortable ?? []),
        ...sortProperties(x.list?.defaultSort),
        'pk',
        'updatedAt',
      ]);
      for (const field of sortProperties(r.sort))
        if (!sortable.has(field)) problems.push(`${at}: sort ${field} is not sortable in ${r.entity}'s list`);
    }
    if (r.inlineCreate) {
      if (!actions.includes('create')) problems.push(`${at}: inlineCreate needs the create action of ${r.entity}`);
      if (link?.readOnly) problems.push(`${at}: inlineCreate needs ${r.link} writable (it is read-only)`);
    }
    if (r.addExisting) {
      if (!actions.includes('update')) problems.push(`${at}: addExisting needs the update action of ${r.entity}`);
      if (!link || link.readOnly || mainType(link) !== 'array')
        problems.push(`${at}: addExisting needs ${r.link} a writable list of pks`);
    }
  }
  return problems;
}

function checkCustomForms(where: string, schema: EntitySchema): string[] {
  const x = schema['x-entity'];
  const problems: string[] = [];
  if (x.extraFields === false) problems.push(`${where}: customForms needs extraFields (answers are kept there)`);
  for (const [dimension, property] of Object.entries(x.customForms!.scopes)) {
    const p = schema.properties[property];
    const integers = p && (p.type === 'integer' || (p.type === 'array' && p.items?.type === 'integer'));
    if (!p) problems.push(`${where}: customForms scope ${dimension} ${property} is not a property`);
    else if (!integers) problems.push(`${where}: customForms scope ${dimension} ${property} must hold pks`);
  }
  return problems;
}

export function checkDeclarations(decls: Declarations): string[] {
  const problems: string[] = [];
  const registry = buildRegistry(decls);
  const entityNames = new Set(decls.entities.map((e) => e['x-entity'].name));
  const moduleIds = new Set(decls.modules.map((m) => m.id));
  const routeNames = new Set(registry.routes.map((r) => r.name));

  /**
   * `related` needs the database: only a view right (lists compile it to SQL, a single record is resolved by the
   * server before evaluating) may use it — `relatedOf` names the entity whose records the rule is about.
   */
  const checkRelatedRule = (where: string, rule: Rule, relatedOf?: string) => {
    for (const node of relatedNodes(rule)) {
      if (!relatedOf) {
        problems.push(`${where}: "related" is allowed in a view right only`);
        return;
      }
      let args: ReturnType<typeof relatedArgs>;
      try {
        args = relatedArgs(node);
      } catch (e) {
        problems.push(`${where}: ${(e as Error).message}`);
        continue;
      }
      const other = registry.entities.get(args.entity);
      const link = other?.schema.properties[args.link];
      const column = other?.columnByProperty.get(args.link);
      if (!other) problems.push(`${where}: "related" names an unknown entity ${args.entity}`);
      else if (link?.['x-relation']?.entity !== relatedOf || column?.kind !== 'integer')
        problems.push(`${where}: "related" link ${args.entity}.${args.link} is not a stored relation to ${relatedOf}`);
      else if (args.where !== true)
        checkRule(
          `${where} related ${args.entity}`,
          args.where as Rule,
          new Set(Object.keys(other.schema.properties)),
          false,
          args.entity,
        );
    }
  };

  const checkRule = (
    where: string,
    rule: Rule | undefined,
    recordProps?: Set<string>,
    today = false,
    relatedOf?: string,
  ): void => {
    if (rule === undefined || typeof rule === 'boolean') return;
    for (const op of operatorsOf(rule))
      if (!ALLOWED_OPERATORS.has(op)) problems.push(`${where}: operator "${op}" is not allowed`);
    checkRelatedRule(where, rule, relatedOf);
    for (const v of varsOf(rule)) {
      const [root, field] = v.split('.');
      if (!['user', 'record', 'previous', 'whiteLabel', ''].includes(root) && v !== '' && !(today && v === 'today'))
        problems.push(`${where}: variable "${v}" must start with user., record., previous. or whiteLabel.`);
      if ((root === 'record' || root === 'previous') && recordProps && field && !recordProps.has(field))
        problems.push(`${where}: ${root}.${field} is not a property`);
      if ((root === 'record' || root === 'previous') && !recordProps)
        problems.push(`${where}: this rule has no record`);
    }
  };

  const seen = {
    name: new Set<string>(),
    table: new Set<string>(),
    path: new Set<string>(),
    globalKey: new Set<string>(),
  };
  for (const [name, runtime] of registry.entities) {
    const schema: EntitySchema = runtime.schema;
    const x = schema['x-entity'];
    const props = new Set(Object.keys(schema.properties));
    const where = `entity ${name}`;
    if (seen.name.has(name)) problems.push(`${where}: duplicate name`);
    if (seen.table.has(x.table)) problems.push(`${where}: table ${x.table} already used`);
    if (x.api && seen.path.has(x.api.path)) problems.push(`${where}: API path ${x.api.path} already used`);
    seen.name.add(name);
    seen.table.add(x.table);
    if (x.api) seen.path.add(x.api.path);
    if (!moduleIds.has(x.module)) problems.push(`${where}: unknown module ${x.module}`);
    if (!props.has(x.display)) problems.push(`${where}: display property ${x.display} does not exist`);
    for (const p of x.label ?? []) if (!props.has(p)) problems.push(`${where}: label property ${p} does not exist`);
    for (const r of schema.required ?? [])
      if (!props.has(r)) problems.push(`${where}: required ${r} is not a property`);
    // The breadcrumb shows the menu label, the page the screen title: they must name one thing
    // (« Lieux » in the menu over « Gestion des lieux » on the page misleads).
    if (x.menu && x.screens?.title && !labelsAgree(x.menu.label, x.screens.title)) {
      problems.push(`${where}: menu label « ${x.menu.label} » and screen title « ${x.screens.title} » disagree`);
    }
    const listFields = [
      ...(x.list?.columns ?? []),
      ...(x.list?.search ?? []),
      ...(x.list?.sortable ?? []),
      ...(x.list?.filters ?? []),
    ];
    listFields.push(...sortProperties(x.list?.defaultSort));
    for (const f of listFields) {
      if (!props.has(f)) problems.push(`${where}: list field ${f} is not a property`);
      else if (schema.properties[f]['x-storage']?.private) problems.push(`${where}: list field ${f} is private`);
    }
    const scope = x.list?.searchScope;
    if (scope && !runtime.columnByProperty.has(scope))
      problems.push(`${where}: searchScope ${scope} is not a stored property`);
    if (scope && !searchSpec(runtime)) problems.push(`${where}: searchScope without a list search`);
    for (const index of x.indexes ?? [])
      for (const f of index)
        if (!runtime.columnByProperty.has(f)) problems.push(`${where}: index field ${f} is not a stored property`);
    const globalSearch = x.list?.globalSearch;
    for (const f of [...(globalSearch?.fields ?? []), ...(globalSearch?.label ?? [])]) {
      if (!props.has(f)) problems.push(`${where}: globalSearch field ${f} is not a property`);
      else if (schema.properties[f]['x-storage']?.private)
        problems.push(`${where}: globalSearch field ${f} is private`);
    }
    if (globalSearch) {
      const key = globalSearch.key ?? x.name;
      if (seen.globalKey.has(key)) problems.push(`${where}: globalSearch key ${key} already used`);
      seen.globalKey.add(key);
    }
    if (globalSearchSpec(runtime) && runtime.columns.some((c) => c.column === GLOBAL_SEARCH_COLUMN)) {
      problems.push(`${where}: column ${GLOBAL_SEARCH_COLUMN} is kept for the global search`);
    }
    if (searchSpec(runtime) && runtime.columns.some((c) => c.column === SEARCH_COLUMN)) {
      problems.push(
        `${where}: column ${SEARCH_COLUMN} is kept for the list search; store the property under another column`,
      );
    }
    problems.push(...checkFileProperties(where, schema, x.list?.search ?? [], x.list?.sortable ?? []));
    for (const [p, prop] of Object.entries(schema.properties)) {
      const rel = prop['x-relation'];
      if (rel && !entityNames.has(rel.entity)) problems.push(`${where}.${p}: relation to unknown entity ${rel.entity}`);
      if (rel?.filter) {
        const target = registry.entities.get(rel.entity);
        checkRule(
          `${where}.${p} relation filter`,
          rel.filter,
          target ? new Set(Object.keys(target.schema.properties)) : undefined,
        );
      }
    }
    for (const [action, rule] of Object.entries(x.rights))
      checkRule(`${where} right ${action}`, rule, props, false, action === 'view' ? name : undefined);
    for (const [f, r] of Object.entries(x.fieldRules ?? {})) {
      if (!props.has(f)) problems.push(`${where}: field rule on unknown field ${f}`);
      for (const [k, rule] of Object.entries(r)) checkRule(`${where} ${f}.${k}`, rule as Rule, props);
    }
    for (const c of x.checks ?? []) {
      checkRule(`${where} check ${c.message}`, c.rule, props);
      if (!decls.messages[c.message]) problems.push(`${where}: message ${c.message} is missing from messages/fr`);
      if (c.path && !props.has(c.path)) problems.push(`${where}: check path ${c.path} is not a property`);
    }
    if (x.screens) checkRule(`${where} screens.access`, x.screens.access);
    if (x.screens?.calendar) problems.push(...checkCalendar(where, schema, decls));
    for (const c of x.list?.linked ?? [])
      if (!schema.properties[c]?.['x-relation'] || !(x.list?.columns ?? []).includes(c))
        problems.push(`${where}: list linked ${c} is not a relation column`);
    if (x.list?.map) {
      const { lat, lon, label } = x.list.map;
      for (const f of [lat, lon])
        if (!['number', 'integer'].includes(mainType(schema.properties[f] ?? {})))
          problems.push(`${where}: list map ${f} is not a number property`);
      for (const f of label)
        if (mainType(schema.properties[f] ?? {}) !== 'string')
          problems.push(`${where}: list map label ${f} is not a text property`);
    }
    for (const a of x.screens?.listActions ?? [])
      if ((a.post === undefined) === (a.to === undefined))
        problems.push(`${where}: list action « ${a.label} » needs either post or to`);
    for (const [i, m] of (x.list?.markers ?? []).entries())
      checkRule(`${where} list marker ${i} (${m.label})`, m.if, props, true);
    for (const state of x.list?.states ?? []) {
      if (schema.properties[state.name] || (x.list?.filters ?? []).includes(state.name))
        problems.push(`${where}: list state ${state.name} has the name of a property`);
      for (const o of state.options) {
        checkRule(`${where} list state ${state.name}.${o.value}`, o.if, props, true);
        try {
          const user = ruleUser({ pk: 1, userType: 'advisor', group: 1 }, decls.roles, [2]);
          compileFilter(o.if, { user, today: '2024-01-01' } as never);
        } catch (e) {
          problems.push(`${where}: list state ${state.name}.${o.value} cannot become a list filter (${String(e)})`);
        }
      }
    }
    for (const f of x.list?.ranges ?? [])
      if (schema.properties[f]?.format !== 'date') problems.push(`${where}: list range ${f} is not a date property`);
    if (x.menu?.badge)
      for (const f of Object.keys(x.menu.badge.filters ?? {}))
        if (!(x.list?.filters ?? []).includes(f))
          problems.push(`${where}: menu badge filter ${f} is not a list filter`);
    for (const f of Object.keys(x.screens?.filters ?? {}))
      if (!(x.list?.filters ?? []).includes(f)) problems.push(`${where}: screens filter ${f} is not a list filter`);
    if (x.related) problems.push(...checkRelated(where, name, registry));
    if (x.customForms) problems.push(...checkCustomForms(where, schema));
    // Rules that become SQL (the view right, relation filters) must compile exactly for every kind
    // of user: what the compiler cannot translate is refused here, never half applied at run time.
    const compiled: [string, Rule][] = [['view right', x.rights.view]];
    for (const [p, prop] of Object.entries(schema.properties))
      if (prop['x-relation']?.filter) compiled.push([`${p} relation filter`, prop['x-relation'].filter]);
    for (const [label, rule] of compiled) {
      for (const userType of [null, ...Object.keys(decls.roles.userTypes)]) {
        const user = userType ? ruleUser({ pk: 1, userType, group: 1 }, decls.roles, [2]) : anonymousUser(decls.roles);
        try {
          compileFilter(rule, { user, whiteLabel: { id: 1, domain: 'localhost', modules: {} } });
        } catch (e) {
          if (e instanceof UnsupportedFilterError)
            problems.push(`${where}: ${label} cannot become a list filter (${e.message})`);
          else problems.push(`${where}: ${label} cannot be evaluated (${(e as Error).message})`);
          break;
        }
      }
    }
    if (x.api?.softDelete) {
      const { field, value } = x.api.softDelete;
      const prop = schema.properties[field];
      if (!prop) problems.push(`${where}: softDelete field ${field} is not a property`);
      else if (!prop.enum?.includes(value))
        problems.push(`${where}: softDelete value ${value} is not a choice of ${field}`);
      else if (!(x.list?.filters ?? []).includes(field))
        problems.push(`${where}: softDelete field ${field} must be a list filter (to list soft-deleted records)`);
      // « Supprimer … Cette action est définitive. » would be untrue: the screens must say what happens.
      if (!x.labels.delete) problems.push(`${where}: softDelete needs labels.delete (what the delete action says)`);
    } else if (x.labels.delete) {
      problems.push(`${where}: labels.delete is for soft-deleted entities (api.softDelete)`);
    }
    if (x.secretLink) {
      const field = schema.properties[x.secretLink.field];
      if (!field) problems.push(`${where}: secretLink field ${x.secretLink.field} is not a property`);
      else if (!field['x-storage']?.unique || !(schema.required ?? []).includes(x.secretLink.field))
        problems.push(`${where}: secretLink field ${x.secretLink.field} must be unique and required`);
      const exposed = (x.api?.actions ?? (x.api ? ['list', 'detail', 'create', 'update', 'delete'] : [])).filter(
        (a) => a !== 'create',
      );
      if (exposed.length || x.api?.storeList) {
        const found = [...exposed, ...(x.api?.storeList ? ['storeList'] : [])].join(', ');
        problems.push(
          `${where}: a secret-link entity is read by its secret only; its API may only create (found ${found})`,
        );
      }
      if (x.menu || (x.screens && x.screens.list !== false))
        problems.push(`${where}: a secret-link entity has no list screen or menu entry`);
    }
    for (const section of runtime.form.layout.sections) {
      for (const f of section.fields)
        if (!props.has(f)) problems.push(`form ${runtime.form.$id}: field ${f} is not a property`);
    }
    for (const f of Object.keys(runtime.form.ui ?? {}))
      if (!props.has(f)) problems.push(`form ${runtime.form.$id}: ui for unknown field ${f}`);
    // Record validation compiles this schema at run time (AJV strict, RE2 patterns): a pattern RE2
    // cannot run or a keyword AJV does not know must stop generation, not the first write.
    try {
      compileSchema(recordSchema(applyOverlay(runtime, [])));
    } catch (e) {
      problems.push(`${where}: the record schema does not compile for validation (${(e as Error).message})`);
    }
  }
  for (const form of decls.forms)
    if (!entityNames.has(form.entity)) problems.push(`form ${form.$id}: unknown entity ${form.entity}`);

  const routePaths = new Set<string>();
  const names = new Set<string>();
  for (const r of registry.routes) {
    if (names.has(r.name)) problems.push(`route ${r.name}: duplicate name`);
    if (routePaths.has(r.path)) problems.push(`route ${r.name}: duplicate path ${r.path}`);
    names.add(r.name);
    routePaths.add(r.path);
    if (r.module && !moduleIds.has(r.module)) problems.push(`route ${r.name}: unknown module ${r.module}`);
    if ('entity' in r.screen && !entityNames.has(r.screen.entity))
      problems.push(`route ${r.name}: unknown entity ${r.screen.entity}`);
    checkRule(`route ${r.name} access`, r.access);
  }

  const walk = (audience: string, entries: MenuEntry[]) => {
    for (const e of entries) {
      if (e.route && !routeNames.has(e.route)) problems.push(`menu ${audience}/${e.id}: unknown route ${e.route}`);
      if (e.module && !moduleIds.has(e.module)) problems.push(`menu ${audience}/${e.id}: unknown module ${e.module}`);
      checkRule(`menu ${audience}/${e.id}`, e.visibleIf);
      if (e.children) walk(audience, e.children);
    }
  };
  for (const [audience, entries] of Object.entries(registry.menus)) walk(audience, entries);

  const flags = new Set<string>();
  for (const m of decls.modules) {
    if (flags.has(m.flag)) problems.push(`module ${m.id}: duplicate flag ${m.flag}`);
    if (m.publicRoute && !routeNames.has(m.publicRoute))
      problems.push(`module ${m.id}: unknown public route ${m.publicRoute}`);
    flags.add(m.flag);
  }
  const userTypes = new Set(Object.keys(decls.roles.userTypes));
  if (!userTypes.has(decls.roles.defaultUserType))
    problems.push(`roles: unknown default user type ${decls.roles.defaultUserType}`);
  for (const [name, role] of Object.entries(decls.roles.roles)) {
    for (const t of role.userTypes ?? []) if (!userTypes.has(t)) problems.push(`role ${name}: unknown user type ${t}`);
  }
  for (const key of REQUIRED_MESSAGE_KEYS) if (!decls.messages[key]) problems.push(`messages/fr: missing key ${key}`);
  problems.push(...checkImportsAndExports(decls));
  problems.push(...checkWorkflows(decls.workflows ?? [], decls.entities, decls.roles));
  return problems;
}
