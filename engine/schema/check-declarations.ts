import type { Declarations, EntitySchema, MenuEntry, Rule } from './types';
import { buildRegistry } from './registry';
import { SEARCH_COLUMN, searchSpec } from './search-column';
import { ALLOWED_OPERATORS, operatorsOf, varsOf } from '../logic/logic';
import { compileFilter, UnsupportedFilterError } from '../logic/filter';
import { ruleUser, anonymousUser } from '../logic/user-context';
import { applyOverlay } from './apply-overlay';
import { recordSchema } from '../validation/record-schema';
import { compileSchema } from '../validation/compile-schema-ajv';

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

export function checkDeclarations(decls: Declarations): string[] {
  const problems: string[] = [];
  const registry = buildRegistry(decls);
  const entityNames = new Set(decls.entities.map((e) => e['x-entity'].name));
  const moduleIds = new Set(decls.modules.map((m) => m.id));
  const routeNames = new Set(registry.routes.map((r) => r.name));

  const checkRule = (where: string, rule: Rule | undefined, recordProps?: Set<string>) => {
    if (rule === undefined || typeof rule === 'boolean') return;
    for (const op of operatorsOf(rule))
      if (!ALLOWED_OPERATORS.has(op)) problems.push(`${where}: operator "${op}" is not allowed`);
    for (const v of varsOf(rule)) {
      const [root, field] = v.split('.');
      if (!['user', 'record', 'previous', 'whiteLabel', ''].includes(root) && v !== '')
        problems.push(`${where}: variable "${v}" must start with user., record., previous. or whiteLabel.`);
      if ((root === 'record' || root === 'previous') && recordProps && field && !recordProps.has(field))
        problems.push(`${where}: ${root}.${field} is not a property`);
      if ((root === 'record' || root === 'previous') && !recordProps)
        problems.push(`${where}: this rule has no record`);
    }
  };

  const seen = { name: new Set<string>(), table: new Set<string>(), path: new Set<string>() };
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
    if (x.list?.defaultSort) listFields.push(x.list.defaultSort.replace(/^-/, ''));
    for (const f of listFields) {
      if (!props.has(f)) problems.push(`${where}: list field ${f} is not a property`);
      else if (schema.properties[f]['x-storage']?.private) problems.push(`${where}: list field ${f} is private`);
    }
    if (searchSpec(runtime) && runtime.columns.some((c) => c.column === SEARCH_COLUMN)) {
      problems.push(
        `${where}: column ${SEARCH_COLUMN} is kept for the list search; store the property under another column`,
      );
    }
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
    for (const [action, rule] of Object.entries(x.rights)) checkRule(`${where} right ${action}`, rule, props);
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
  return problems;
}
