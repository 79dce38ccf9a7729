import type { WorkflowDeclaration } from '../workflow/workflow-types';
import type {
  Declarations,
  EntitySchema,
  FormDeclaration,
  MenuAudience,
  MenuEntry,
  ModuleDeclaration,
  PropertySchema,
  RouteDeclaration,
} from './types';
import { entityColumns, type ColumnSpec } from './columns';
import { toPascal } from './naming';

export interface EntityRuntime {
  name: string;
  schema: EntitySchema;
  columns: ColumnSpec[];
  columnByProperty: Map<string, ColumnSpec>;
  form: FormDeclaration;
  apiPath?: string;
  /**
   * Properties that other entities' related lists (x-entity.related) filter this entity's list on:
   * accepted as list filters beside `list.filters`, without becoming filter controls of its list screen.
   */
  linkFilters?: Set<string>;
}

export interface Registry {
  declarations: Declarations;
  entities: Map<string, EntityRuntime>;
  entityByApiPath: Map<string, EntityRuntime>;
  routes: RouteDeclaration[];
  menus: Record<MenuAudience, MenuEntry[]>;
  modules: ModuleDeclaration[];
  /** Workflows by the name of their entity (schemas/workflows/). */
  workflows: Map<string, WorkflowDeclaration>;
}

const PK: PropertySchema = { type: 'integer', title: 'Identifiant', readOnly: true };
const CREATED_AT: PropertySchema = { type: 'string', format: 'date-time', title: 'Créé le', readOnly: true };
const UPDATED_AT: PropertySchema = {
  type: 'string',
  format: 'date-time',
  title: 'Modifié le',
  readOnly: true,
  'x-storage': { index: true },
};

/** Adds what every entity has (pk, timestamps) and what a flag asks for (module settings). */
export function expandEntity(schema: EntitySchema, modules: ModuleDeclaration[]): EntitySchema {
  const x = schema['x-entity'];
  const properties: Record<string, PropertySchema> = { pk: PK, ...schema.properties };
  if (x.moduleSettings) {
    for (const m of modules) {
      if (m.always) continue;
      properties[`${m.flag}IsActive`] ??= { type: 'boolean', title: `${m.label} : actif`, default: m.defaultActive };
      properties[`${m.flag}Name`] ??= {
        type: 'string',
        title: `${m.label} : nom`,
        maxLength: 100,
        default: m.defaultName,
      };
      properties[`${m.flag}Baseline`] ??= {
        type: 'string',
        title: `${m.label} : accroche`,
        maxLength: 100,
        default: m.defaultBaseline,
      };
      // A public service's card says what the visitor does there before the product's name.
      if (m.publicRoute)
        properties[`${m.flag}Task`] ??= {
          type: 'string',
          title: `${m.label} : action proposée sur la page d'accueil`,
          maxLength: 100,
          default: m.defaultTask ?? '',
        };
    }
  }
  if (x.timestamps !== false) {
    properties.createdAt ??= CREATED_AT;
    properties.updatedAt ??= UPDATED_AT;
  }
  return { ...schema, properties };
}

/** Without a form file, an entity's screen shows every editable field in one panel. */
export function defaultForm(schema: EntitySchema): FormDeclaration {
  const fields = Object.entries(schema.properties)
    .filter(([name, p]) => !p.readOnly && !p['x-storage']?.private && name !== 'pk')
    .map(([name]) => name);
  return {
    $id: `urn:app:form:${schema['x-entity'].name}.edit`,
    entity: schema['x-entity'].name,
    layout: { kind: 'panels', sections: [{ id: 'general', title: 'Informations', fields }] },
  };
}

function screenPath(base: string, suffix: string): string {
  const root = base.endsWith('/') ? base : `${base}/`;
  return `${root}${suffix}`;
}

/** Routes that an entity's `screens` block stands for: list, creation, edition, detail. */
export function entityRoutes(schema: EntitySchema): RouteDeclaration[] {
  const x = schema['x-entity'];
  const s = x.screens;
  if (!s) return [];
  const base = toPascal(x.name);
  const common = { module: x.module, description: s.description, helpUrl: s.helpUrl };
  const access = (kind: 'list' | 'create' | 'edit' | 'detail') => s.accessByKind?.[kind] ?? s.access;
  const routes: RouteDeclaration[] = [];
  if (s.list !== false) {
    routes.push({
      name: `${base}List`,
      path: s.path.endsWith('/') ? s.path : `${s.path}/`,
      screen: { kind: 'list', entity: x.name },
      title: s.title ?? capitalise(x.labels.plural),
      access: access('list'),
      ...common,
    });
  }
  const create = s.create === undefined ? 'creation/' : s.create;
  if (create)
    routes.push({
      name: `${base}Create`,
      path: screenPath(s.path, create),
      screen: { kind: 'create', entity: x.name },
      title: x.labels.new ?? `Nouveau ${x.labels.singular}`,
      access: access('create'),
      ...common,
    });
  const edit = s.edit === undefined ? 'edition/:pk' : s.edit;
  if (edit)
    routes.push({
      name: `${base}Edit`,
      path: screenPath(s.path, edit),
      screen: { kind: 'edit', entity: x.name },
      title: `Modifier ${x.labels.feminine ? 'la' : 'le'} ${x.labels.singular}`,
      access: access('edit'),
      ...common,
    });
  if (s.detail)
    routes.push({
      name: `${base}Detail`,
      path: screenPath(s.path, s.detail),
      screen: { kind: 'detail', entity: x.name },
      title: capitalise(x.labels.singular),
      access: access('detail'),
      ...common,
    });
  return routes;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function sortEntries(entries: MenuEntry[]): MenuEntry[] {
  return [...entries]
    .sort((a, b) => (a.order ?? 100) - (b.order ?? 100))
    .map((e) => (e.children ? { ...e, children: sortEntries(e.children) } : e));
}

function findEntry(entries: MenuEntry[], id: string): MenuEntry | undefined {
  for (const e of entries) {
    if (e.id === id) return e;
    const child = e.children && findEntry(e.children, id);
    if (child) return child;
  }
  return undefined;
}

/** Menu files plus the entries that entities declare for themselves. */
export function buildMenus(decls: Declarations, entities: EntitySchema[]): Record<MenuAudience, MenuEntry[]> {
  const menus: Record<MenuAudience, MenuEntry[]> = { anonymous: [], professional: [], advisor: [] };
  for (const m of decls.menus) menus[m.audience] = structuredClone(m.entries);
  for (const schema of entities) {
    const x = schema['x-entity'];
    if (!x.menu || !x.screens || x.screens.list === false) continue;
    const entry: MenuEntry = {
      id: `${x.name}.list`,
      label: x.menu.label,
      description: x.menu.description ?? x.screens.description,
      route: `${toPascal(x.name)}List`,
      module: x.module,
      visibleIf: x.screens.accessByKind?.list ?? x.screens.access,
      order: x.menu.order,
      ...(x.menu.badge ? { badge: { ...x.menu.badge, entity: x.name } } : {}),
    };
    const target = menus[x.menu.audience];
    const parent = x.menu.parent ? findEntry(target, x.menu.parent) : undefined;
    if (parent) (parent.children ??= []).push(entry);
    else target.push(entry);
  }
  return {
    anonymous: sortEntries(menus.anonymous),
    professional: sortEntries(menus.professional),
    advisor: sortEntries(menus.advisor),
  };
}

export function buildRegistry(decls: Declarations): Registry {
  const expanded = decls.entities.map((e) => expandEntity(e, decls.modules));
  const entities = new Map<string, EntityRuntime>();
  const entityByApiPath = new Map<string, EntityRuntime>();
  for (const schema of expanded) {
    const name = schema['x-entity'].name;
    const columns = entityColumns(schema);
    const form = decls.forms.find((f) => f.entity === name && f.$id.endsWith('.edit')) ?? defaultForm(schema);
    const runtime: EntityRuntime = {
      name,
      schema,
      columns,
      columnByProperty: new Map(columns.map((c) => [c.property, c])),
      form,
      apiPath: schema['x-entity'].api?.path,
    };
    entities.set(name, runtime);
    if (runtime.apiPath) entityByApiPath.set(runtime.apiPath, runtime);
  }
  // A related list reads the related entity's list filtered on its link: the link is a filter there.
  for (const schema of expanded)
    for (const r of schema['x-entity'].related ?? []) {
      const target = entities.get(r.entity);
      if (target) (target.linkFilters ??= new Set()).add(r.link);
    }
  const routes = [...decls.routes.flatMap((r) => r.routes), ...expanded.flatMap(entityRoutes)];
  return {
    declarations: decls,
    entities,
    entityByApiPath,
    routes,
    menus: buildMenus(decls, expanded),
    modules: decls.modules,
    workflows: new Map((decls.workflows ?? []).map((w) => [w.entity, w])),
  };
}

export function getEntity(registry: Registry, name: string): EntityRuntime {
  const e = registry.entities.get(name);
  if (!e) throw new Error(`Unknown entity ${name}`);
  return e;
}
