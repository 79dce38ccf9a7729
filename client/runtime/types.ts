import type { FormDeclaration, PropertySchema, Rule } from '../../engine/schema/types';
import type { AccessRules } from '../../engine/access/can-access';

/** GET /api/v1/meta/entity/:name — what a generic screen needs (see server/modules/meta/entity-meta.ts). */
export interface EntityMeta extends AccessRules {
  name: string;
  version: number;
  title: string;
  description?: string;
  schema: { type: 'object'; properties: Record<string, PropertySchema>; required: string[] };
  form: FormDeclaration;
  labels: { singular: string; plural: string; new?: string; feminine?: boolean };
  /** Labels of the entities that relation fields point to. */
  relationLabels?: Record<string, { singular: string; plural: string; feminine?: boolean }>;
  display: string;
  apiPath?: string;
  /** The list is a store list: kept in the browser, refreshed incrementally (client/state/store-lists.ts). */
  storeList?: boolean;
  list: {
    columns: string[];
    search?: string[];
    sortable?: string[];
    defaultSort?: string;
    filters?: string[];
    pageSize?: number;
  };
  screens?: { path: string; title?: string; description?: string; helpUrl?: string };
  fieldRules: Record<string, { visibleIf?: Rule; requiredIf?: Rule; readOnlyIf?: Rule }>;
  checks: { rule: Rule; path?: string; message: string }[];
  extraFields: string[];
  messages: Record<string, string>;
  /** Whether the action could be allowed on some record (per record: canAccess with `rights`). */
  /** Same-origin ES module of the record validator (server/modules/meta/validator-modules.ts). */
  validator?: string;
  can: { view: boolean; create: boolean; change: boolean; delete: boolean };
}

export type RecordData = Record<string, unknown> & { pk?: number | null };
