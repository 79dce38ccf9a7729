import type { ListMarker } from '../../engine/schema/types';
import type {
  EntityCalendar,
  EntitySchema,
  ListMap,
  ListState,
  FormDeclaration,
  PropertySchema,
  RelatedDeclaration,
  Rule,
} from '../../engine/schema/types';
import type { AccessRules } from '../../engine/access/can-access';

/** GET /api/v1/meta/entity/:name — what a generic screen needs (see server/modules/meta/entity-meta.ts). */
export interface EntityMeta extends AccessRules {
  name: string;
  version: number;
  /** The custom forms applied (`group:2#1`), '' for none. */
  scopeKey?: string;
  /** Where a record's custom-form scopes are read from (x-entity.customForms). */
  customForms?: EntitySchema['x-entity']['customForms'] | null;
  /** The scopes with a custom form on this white label. */
  customFormScopes?: string[];
  title: string;
  description?: string;
  schema: { type: 'object'; properties: Record<string, PropertySchema>; required: string[] };
  form: FormDeclaration;
  labels: {
    singular: string;
    plural: string;
    new?: string;
    feminine?: boolean;
    /** The generic delete's texts when DELETE does not remove (soft delete): button, question, notice. */
    delete?: { action: string; keep: string; confirm: string; done: string };
  };
  /** Labels of the entities that relation fields point to. */
  relationLabels?: Record<string, { singular: string; plural: string; feminine?: boolean }>;
  display: string;
  /** The properties that name a record to a person (x-entity.label, default [display]). */
  label?: string[];
  apiPath?: string;
  /** The list is a store list: kept in the browser, refreshed incrementally (client/state/store-lists.ts). */
  storeList?: boolean;
  list: {
    columns: string[];
    search?: string[];
    sortable?: string[];
    defaultSort?: string;
    filters?: string[];
    /** Relation columns shown as links to the related record's screen. */
    linked?: string[];
    /** Rows where the rule holds carry the label (x-entity.list.highlight). */
    highlight?: { if: Rule; label: string };
    /** Icons with a French label beside the first column where `if` holds (x-entity.list.markers). */
    markers?: ListMarker[];
    /** Search, filters and order kept in local storage per user and white label (x-entity.list.rememberFilters). */
    rememberFilters?: boolean;
    pageSize?: number;
    /** The list as a map (x-entity.list.map, ?map=1). */
    map?: ListMap;
    /** Choice filters whose options are rules (x-entity.list.states). */
    states?: ListState[];
    /** Date properties filtered by a period (?<property>From=&<property>To=). */
    ranges?: string[];
    /** ?format=csv|xlsx on the list endpoint (docs/export-import.md). */
    export?: { columns?: string[]; formats: ('csv' | 'xlsx')[]; fileName: string };
  };
  /** The entity has an import mapping and the user may create: its columns (POST /api/v1/import/<entity>/). */
  import?: { columns: { header: string; required: boolean }[] };
  screens?: {
    path: string;
    title?: string;
    description?: string;
    helpUrl?: string;
    calendar?: EntityCalendar;
    /** The list's filters when the address names none (x-entity.screens.filters). */
    filters?: Record<string, string>;
  };
  fieldRules: Record<string, { visibleIf?: Rule; requiredIf?: Rule; readOnlyIf?: Rule; initial?: unknown }>;
  /** The entity has a workflow (schemas/workflows/): its records show the workflow panel. */
  workflow?: boolean;
  checks: { rule: Rule; path?: string; message: string }[];
  /** Extra buttons of a record's screens (x-entity.screens.actions), resolved by client/screens/record-actions.ts. */
  recordActions?: {
    name: string;
    label: string;
    /** (generic `linkWhenFound`) the record to look for, with its entity's API path. */
    find?: { entity: string; path: string; filters: Record<string, string> };
    to?: string;
    /** (generic `post`) see RecordActionDeclaration; `unlessFound` comes with its entity's API path. */
    post?: string;
    body?: Record<string, string>;
    visibleIf?: Rule;
    unlessFound?: { entity: string; path: string; filters: Record<string, string> };
    done?: string;
  }[];
  /** Buttons above the list that POST to `<apiPath>/<post>` (x-entity.screens.listActions), those the user may use. */
  listActions?: { label: string; post?: string; to?: string; busyLabel?: string; help?: string }[];
  /** Registered check whose warning the delete confirmation adds (x-entity.screens.deleteWarning). */
  deleteWarning?: string | null;
  /** Other entities' records pointing at this one that the caller could read (x-entity.related). */
  related?: RelatedList[];
  extraFields: string[];
  messages: Record<string, string>;
  /** Whether the action could be allowed on some record (per record: canAccess with `rights`). */
  /** Same-origin ES module of the record validator (server/modules/meta/validator-modules.ts). */
  validator?: string;
  can: { view: boolean; create: boolean; change: boolean; delete: boolean };
}

export type RecordData = Record<string, unknown> & { pk?: number | null };

/** What a record action (x-entity.screens.actions, client/screens/record-actions.ts) receives. */
export interface RecordActionProps {
  meta: EntityMeta;
  /** The saved record. */
  record: RecordData;
  /** The button's text, from the declaration. */
  label: string;
  /** The whole declaration (generic actions read their settings from it). */
  declaration?: NonNullable<EntityMeta['recordActions']>[number];
  /** Called once the action changed the record on the server: the screen reads it again. */
  onDone?: () => void;
}

/** A related list as GET /api/v1/meta/entity/:name gives it (server/modules/meta/related-lists.ts). */
export interface RelatedList extends RelatedDeclaration {
  title: string;
  perPage: number;
  /** The link is a list of pks: the list API keeps the records whose list contains this record's pk. */
  linkIsList: boolean;
}

/** What a block editor's live preview receives (client/screens/block-previews.ts). */
export interface BlockPreviewProps {
  /** The blocks as being edited. */
  blocks: unknown[];
  /** The whole record as being edited (a preview may show its title, its group's charter…). */
  record: RecordData;
}
