// Types of the declarations in schemas/ (see schemas/README.md). They mirror schemas/meta/*.meta.json.

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
  'x-relation'?: { entity: string; filter?: Rule };
  'x-storage'?: { column?: string; index?: boolean; unique?: boolean; private?: boolean; virtual?: boolean };
  'x-tenant'?: string[];
  'x-enum-labels'?: Record<string, string>;
  /** The title is a feminine noun: words agreeing with it follow (« Structure : Toutes »). */
  'x-feminine'?: boolean;
  /** Set on fields added by a white-label overlay: stored in the record's `extra` JSON column. */
  'x-extra'?: boolean;
  [key: string]: unknown;
}

export type EntityAction = 'list' | 'detail' | 'create' | 'update' | 'delete';
export type RightAction = 'view' | 'create' | 'change' | 'delete';

export interface EntityScreens {
  path: string;
  list?: boolean;
  create?: string | null;
  edit?: string | null;
  detail?: string | null;
  access: Rule;
  accessByKind?: Partial<Record<'list' | 'create' | 'edit' | 'detail', Rule>>;
  title?: string;
  description?: string;
  helpUrl?: string;
}

export interface EntityDeclaration {
  name: string;
  module: string;
  table: string;
  timestamps?: boolean;
  extraFields?: boolean;
  labels: { singular: string; plural: string; new?: string; feminine?: boolean };
  display: string;
  api?: { path: string; actions?: EntityAction[]; storeList?: boolean; public?: boolean };
  list?: {
    columns?: string[];
    search?: string[];
    sortable?: string[];
    defaultSort?: string;
    filters?: string[];
    pageSize?: number;
  };
  rights: Record<RightAction, Rule> & { list?: Rule };
  fieldRules?: Record<string, { visibleIf?: Rule; requiredIf?: Rule; readOnlyIf?: Rule }>;
  checks?: { rule: Rule; path?: string; message: string }[];
  screens?: EntityScreens;
  menu?: { audience: MenuAudience; label: string; parent?: string; order?: number; description?: string };
  hooks?: string[];
  moduleSettings?: boolean;
  /**
   * Records reached by a secret link (a print page's data, a booking's manage link, an
   * unsubscribe link): read one at a time by the value of `field`, for `ttlHours` after creation,
   * never listed, never offered as a relation choice, never read by pk.
   */
  secretLink?: { field: string; ttlHours?: number };
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
}
