// Types of the declarations in schemas/ (see schemas/README.md). They mirror schemas/meta/*.meta.json.

import type { WorkflowDeclaration } from '../workflow/workflow-types';

export type Rule = boolean | { [operator: string]: unknown };

export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'null';

export interface PropertySchema {
  title: string;
  description?: string;
  type?: JsonType | JsonType[];
  format?: string;
  readOnly?: boolean;
  /** A secret (password, API key): written, never read back; an empty value on save keeps the stored one. */
  writeOnly?: boolean;
  default?: unknown;
  enum?: unknown[];
  items?: PropertySchema | { type: JsonType; format?: string };
  properties?: Record<string, PropertySchema>;
  required?: string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  pattern?: string;
  additionalProperties?: boolean;
  'x-relation'?: { entity: string; filter?: Rule; onDelete?: 'setNull' };
  'x-storage'?: { column?: string; index?: boolean; unique?: boolean; private?: boolean; virtual?: boolean };
  'x-tenant'?: string[];
  'x-enum-labels'?: Record<string, string>;
  /** The French message shown when the value does not match `pattern` (« 14 chiffres, sans espace »). */
  'x-pattern-message'?: string;
  /** The title is a feminine noun: words agreeing with it follow (« Structure : Toutes »). */
  'x-feminine'?: boolean;
  /** Limits of a `format: file` property (engine/files/file-ref.ts). */
  'x-file'?: { maxBytes?: number; accept?: string[] };
  /** A list of content blocks (items: oneOf kinds told apart by a `type` const), with a live preview. */
  'x-blocks'?: { preview: 'newsletter' };
  /** Set on fields added by a white-label overlay: stored in the record's `extra` JSON column. */
  'x-extra'?: boolean;
  [key: string]: unknown;
}

export type EntityAction = 'list' | 'detail' | 'create' | 'update' | 'delete';
export type RightAction = 'view' | 'create' | 'change' | 'delete';

export interface RecordActionDeclaration {
  name: string;
  label: string;
  /** (generic `linkWhenFound`) the record whose existence shows the button; `{pk}`: the record's key. */
  find?: { entity: string; filters: Record<string, string> };
  /** (with `find`) where the button leads; `{pk}` the record's key, `{found}` the found record's. */
  to?: string;
  /** (generic `post`) the API path the button POSTs to (`{pk}`: the record's key). */
  post?: string;
  /** (with `post`) the body; a value `{pk}` becomes the record's key. */
  body?: Record<string, string>;
  /** (with `post`) the button shows when this rule on `record` and `user` holds. */
  visibleIf?: Rule;
  /** (with `post`) the button hides when the user sees such a record (`{pk}`: the record's key). */
  unlessFound?: { entity: string; filters: Record<string, string> };
  /** (with `post`) the French notice of a success. */
  done?: string;
}

/** A list button calling one POST endpoint of the entity (« Tout recalculer »). */
export interface ListActionDeclaration {
  label: string;
  /** The path under the entity's API path, ending with a slash (`recompute/`). */
  post?: string;
  /** Instead of `post`: the screen the button links to (`/annuaire-des-professionnels-admin/comptes/creation`). */
  to?: string;
  access: Rule;
  busyLabel?: string;
  help?: string;
}

export interface EntityScreens {
  path: string;
  list?: boolean;
  create?: string | null;
  edit?: string | null;
  detail?: string | null;
  access: Rule;
  accessByKind?: Partial<Record<'list' | 'create' | 'edit' | 'detail', Rule>>;
  /** Extra buttons on a record's screens, by registered component name (client/screens/record-actions.ts). */
  actions?: RecordActionDeclaration[];
  /** A registered check adding a French warning to the delete confirmation. */
  deleteWarning?: string;
  /** Buttons above the list, each a POST to `<api path>/<post>` for the users `access` allows. */
  listActions?: ListActionDeclaration[];
  title?: string;
  description?: string;
  helpUrl?: string;
  /** A week/day calendar view beside the list (docs/calendar.md). */
  calendar?: EntityCalendar;
  /** The list's filters when the address names none (`me` on a relation to users: the caller). */
  filters?: Record<string, string>;
}

/** The calendar block of `x-entity.screens`: which properties place a record in time. */
export interface EntityCalendar {
  start: string;
  end: string;
  title: string;
  color?: string;
  default?: 'week' | 'day' | 'list';
  /** "HH:MM", Paris wall-clock time. */
  dayStart?: string;
  dayEnd?: string;
}

export interface EntityDeclaration {
  name: string;
  module: string;
  table: string;
  timestamps?: boolean;
  extraFields?: boolean;
  /**
   * Indexes over several properties, in order (`[["owningGroup", "lastName", "pk"]]`): what a list
   * scoped by structure and sorted reads without touching the rows (docs/performance.md).
   */
  indexes?: string[][];
  /**
   * Custom forms (platform-entities §7): the model name of the reference (`Contact`…), where the
   * form shows (`anchor`) and, per scope dimension, the property of the record holding its value.
   */
  customForms?: {
    model: string;
    anchor?: string;
    scopes: Partial<Record<'group' | 'project' | 'folderModel' | 'actionModel', string>>;
  };
  labels: {
    singular: string;
    plural: string;
    new?: string;
    feminine?: boolean;
    /** The generic delete's texts when DELETE does not remove (soft delete): button, question, notice. */
    delete?: { action: string; keep: string; confirm: string; done: string };
  };
  display: string;
  /** Properties whose values, joined by a space, name a record to a person (default: `display`). */
  label?: string[];
  api?: {
    path: string;
    actions?: EntityAction[];
    storeList?: boolean;
    public?: boolean;
    /** DELETE sets `field` to `value` instead of removing the record; lists then leave it out. */
    softDelete?: { field: string; value: string };
  };
  list?: {
    columns?: string[];
    search?: string[];
    /**
     * The property every search of this list is narrowed by (the structure): on PostgreSQL the
     * search index then holds it too, so a search reads only that structure's entries.
     */
    searchScope?: string;
    /** Found by the global search (GET /api/v1/search/, docs/search.md). */
    globalSearch?: GlobalSearchDeclaration;
    sortable?: string[];
    defaultSort?: string;
    filters?: string[];
    /** Relation columns shown as links to the related record's screen (a reminder's contact). */
    linked?: string[];
    /** Rows where `if` holds (data: record, today as YYYY-MM-DD in Paris) carry `label` (an overdue reminder). */
    highlight?: { if: Rule; label: string };
    /** Icons with a French label beside the first column where `if` holds (x-entity.list.markers). */
    markers?: ListMarker[];
    /** Search, filters and order kept in local storage per user and white label (x-entity.list.rememberFilters). */
    rememberFilters?: boolean;
    pageSize?: number;
    /** The list as a map (« Carte », ?map=1; GET /api/v1/<path>/map/). */
    map?: ListMap;
    /** Choice filters whose options are rules on the record (a reminder « En retard »). */
    states?: ListState[];
    /** Date properties filtered by a period (?<property>From=&<property>To=). */
    ranges?: string[];
    /** Downloads of the list (docs/export-import.md). */
    export?: ListExport;
  };
  rights: Record<RightAction, Rule> & { list?: Rule };
  /**
   * Per-field rules. `readableIf` is a read right: when it does not hold for the caller (and the
   * record), the server leaves the field out of every answer of the generic API — the value stays
   * stored and the entity's own rules still read it (e.g. a view rule over a private list).
   */
  fieldRules?: Record<
    string,
    {
      visibleIf?: Rule;
      requiredIf?: Rule;
      readOnlyIf?: Rule;
      readableIf?: Rule;
      /** JSON-Logic for the value a new record's form starts with, on { user, whiteLabel } (the signed-in user). */
      initial?: unknown;
    }
  >;
  checks?: { rule: Rule; path?: string; message: string }[];
  screens?: EntityScreens;
  menu?: {
    audience: MenuAudience;
    label: string;
    parent?: string;
    order?: number;
    description?: string;
    badge?: MenuBadge;
  };
  hooks?: string[];
  moduleSettings?: boolean;
  /**
   * Records reached by a secret link (a print page's data, a booking's manage link, an
   * unsubscribe link): read one at a time by the value of `field`, for `ttlHours` after creation,
   * never listed, never offered as a relation choice, never read by pk.
   */
  secretLink?: { field: string; ttlHours?: number };
  /** Lists of other entities' records pointing at this one, beside its edit screen (docs in schemas/README.md). */
  related?: RelatedDeclaration[];
}

/** `x-entity.list.map`: where a record's point is and how it is named. */
export interface ListMap {
  lat: string;
  lon: string;
  label: string[];
  /** Most points answered (default 1000). */
  max?: number;
}

/** `x-entity.list.states`: a choice filter whose options are rules (data: record, today, user). */
export interface ListState {
  name: string;
  label: string;
  options: { value: string; label: string; if: Rule }[];
}

/** A count beside a menu entry: the entity's list as the user sees it, narrowed by `filters`. */
export interface MenuBadge {
  filters?: Record<string, string>;
  label: string;
}

/** One related list of `x-entity.related`: the records of `entity` whose `link` points at this record. */
export interface RelatedDeclaration {
  entity: string;
  /** The related entity's x-relation property: an integer (equality) or a list of integers (containment). */
  link: string;
  title?: string;
  columns?: string[];
  sort?: string;
  inlineCreate?: boolean;
  perPage?: number;
  /** For a list link: add this record to an existing related record (« Ajouter à une liste »). */
  addExisting?: { label: string };
  /** The French sentence of an empty panel (what would fill it, for who sees none yet). */
  empty?: string;
  /** Each row shows the related entity's record actions (« Partager le contact » on an interest). */
  rowActions?: boolean;
}

export interface EntitySchema {
  $schema?: string;
  $id: string;
  title: string;
  description?: string;
  type: 'object';
  properties: Record<string, PropertySchema>;
  required?: string[];
  'x-entity': EntityDeclaration;
}

export interface FormSection {
  id: string;
  title: string;
  description?: string;
  fields: string[];
}

export interface FormDeclaration {
  $id: string;
  entity: string;
  layout: { kind: 'tabs' | 'panels'; sections: FormSection[] };
  ui?: Record<
    string,
    {
      widget?: string;
      placeholder?: string;
      help?: string;
      rows?: number;
      autofocus?: boolean;
      options?: Record<string, unknown>;
    }
  >;
}

export type MenuAudience = 'anonymous' | 'professional' | 'advisor';

export interface MenuEntry {
  id: string;
  label: string;
  labelFromModule?: boolean;
  description?: string;
  route?: string;
  href?: string;
  module?: string;
  visibleIf?: Rule;
  hidden?: boolean;
  order?: number;
  icon?: string;
  /** A count beside the entry (an entity's `menu.badge`): the records of `entity` the user may see. */
  badge?: MenuBadge & { entity: string };
  children?: MenuEntry[];
}

export interface MenuDeclaration {
  $id: string;
  audience: MenuAudience;
  entries: MenuEntry[];
}

export type ScreenRef =
  { component: string } | { redirect: string } | { kind: 'list' | 'create' | 'edit' | 'detail'; entity: string };

export interface RouteDeclaration {
  name: string;
  path: string;
  screen: ScreenRef;
  access: Rule;
  guestOnly?: boolean;
  /** Other sites that the white label lists (embeddingSites) may frame this page. */
  embeddable?: boolean;
  module?: string;
  layout?: 'web' | 'pdf' | 'public-newsletters';
  title?: string;
  description?: string;
  helpUrl?: string;
  params?: Record<string, string>;
}

export interface RoutesDeclaration {
  $id: string;
  routes: RouteDeclaration[];
}

export interface ModuleDeclaration {
  $id: string;
  id: string;
  flag: string;
  label: string;
  description?: string;
  defaultActive: boolean;
  defaultName: string;
  defaultBaseline: string;
  /** What a visitor does with the public service: the landing card's title (white-label key `<flag>Task`). */
  defaultTask?: string;
  always?: boolean;
  /** Route of the module's public service, linked from the landing page while the module is on. */
  publicRoute?: string;
}

export interface RolesDeclaration {
  userTypes: Record<string, { label: string }>;
  defaultUserType: string;
  roles: Record<string, { label: string; anonymous?: boolean; userTypes?: string[] }>;
}

export type MessageCatalogue = Record<string, string>;

/** Everything read from schemas/, before expansion. */
/** `x-entity.list.export`: the list as a file, same query and rights (docs/export-import.md). */
export interface ListExport {
  columns?: string[];
  formats: ('csv' | 'xlsx')[];
  fileName: string;
}

/** `schemas/imports/<entity>.import.json` (meta/import.meta.json, docs/export-import.md). */
export interface ImportDeclaration {
  $id: string;
  entity: string;
  /** File columns, in the order of the template file. */
  columns: ImportColumn[];
  /** Properties that identify an existing record: a line with the same values is skipped. */
  duplicateKey: string[];
  /** Values set on every created record unless the file gives one (e.g. isActive: true). */
  defaults?: Record<string, unknown>;
  /** A registered enrichment (server/modules/imports/import-hooks.ts), e.g. geocodeAddress. */
  hook?: string;
}

export interface ImportColumn {
  header: string;
  property: string;
  /** Other headers accepted for this column (compared without case, accents or spaces). */
  aliases?: string[];
  /** The column must be in the file. */
  required?: boolean;
  /** File text → stored value (compared without case or accents), e.g. { "Oui": true, "Non": false }. */
  values?: Record<string, string | number | boolean | null>;
  /** A relation: the related records' property the cell names (default: their display label), e.g. email. */
  matchBy?: string;
  /** A list property: the cell holds several values separated by this (default ","). */
  separator?: string;
}

export interface Declarations {
  entities: EntitySchema[];
  forms: FormDeclaration[];
  menus: MenuDeclaration[];
  routes: RoutesDeclaration[];
  modules: ModuleDeclaration[];
  roles: RolesDeclaration;
  messages: MessageCatalogue;
  /** Other JSON Schemas (e.g. the simulators' request schemas), by $id. */
  others: Record<string, Record<string, unknown>>;
  /** Import mappings (schemas/imports/), one per entity that can be imported. */
  imports?: ImportDeclaration[];
  /** Workflows (schemas/workflows/), at most one per entity. */
  workflows?: WorkflowDeclaration[];
}

/** How an entity takes part in the global search (trigram similarity, reference §8.1). */
export interface GlobalSearchDeclaration {
  /** Properties compared with the query (texts, numbers, lists of texts): a record scores its best field. */
  fields: string[];
  /** Properties whose values, joined by a space, name a hit (default: the entity's `display`). */
  label?: string[];
  /** Name of the result group and of the `type` query value (default: the entity name), e.g. `clients`. */
  key?: string;
  /** Multiplies the score when hits of several entities are merged into one list (default 1). */
  weight?: number;
}

/** The glyphs a list marker may use (client/runtime/ListMarkers.tsx draws them). */
export type MarkerIcon = 'check' | 'pending' | 'star' | 'mail' | 'exchange' | 'refresh' | 'pin' | 'warning';

/** An icon shown on the rows where `if` holds, read as its French label (x-entity.list.markers). */
export interface ListMarker {
  if: Rule;
  icon: MarkerIcon;
  label: string;
}
