import type { Rule } from './types';

/** The restricted operations a white label may apply to a base declaration (schemas/meta/overlay.meta.json). */
export type OverlayOp =
  | { op: 'label'; field: string; value: string }
  | { op: 'help'; field: string; value: string }
  | { op: 'hide'; field: string }
  | { op: 'require'; field: string }
  | { op: 'readOnly'; field: string }
  | { op: 'order'; fields: string[] }
  | { op: 'enumSubset'; field: string; values: unknown[] }
  | { op: 'default'; field: string; value: unknown }
  | { op: 'widget'; field: string; value: string }
  | { op: 'visibleIf'; field: string; rule: Rule }
  | { op: 'message'; key: string; value: string }
  | { op: 'listColumns'; columns: string[] }
  | { op: 'addField'; field: string; section?: string; required?: boolean; schema: ExtraFieldSchema }
  | { op: 'menuHide'; entry: string }
  | { op: 'menuLabel'; entry: string; value: string }
  | { op: 'menuOrder'; entry: string; value: number };

export interface ExtraFieldSchema {
  type: 'string' | 'integer' | 'number' | 'boolean';
  title: string;
  description?: string;
  format?: 'email' | 'url' | 'date' | 'textarea' | 'phone';
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  enum?: unknown[];
  'x-enum-labels'?: Record<string, string>;
  default?: unknown;
}

export interface Overlay {
  ops: OverlayOp[];
  comment?: string;
}

/** Overlay targets: an entity (its schema, screens and list) or the menus. */
export const entityTarget = (entity: string): string => `entity:${entity}`;
export const MENU_TARGET = 'menu';

/**
 * Custom forms: an overlay scoped to one structure, programme, folder model or action model adds
 * fields to the records of that scope only (platform-entities §7). Its target is the entity's
 * target with the scope appended: `entity:contact@group:2`.
 */
export const SCOPE_DIMENSIONS = ['group', 'project', 'folderModel', 'actionModel'] as const;
export type ScopeDimension = (typeof SCOPE_DIMENSIONS)[number];

export const scopeKey = (dimension: ScopeDimension, pk: number): string => `${dimension}:${pk}`;
export const scopedEntityTarget = (entity: string, scope: string): string => `entity:${entity}@${scope}`;

/** `group:2` → its parts; anything else (unknown dimension, not a positive integer) → null. */
export function parseScope(scope: string): { dimension: ScopeDimension; pk: number } | null {
  const m = /^([a-zA-Z]+):([1-9][0-9]{0,9})$/.exec(scope);
  if (!m || !(SCOPE_DIMENSIONS as readonly string[]).includes(m[1])) return null;
  const pk = Number(m[2]);
  return pk <= 2147483647 ? { dimension: m[1] as ScopeDimension, pk } : null;
}

/** `entity:contact@group:2` → { entity: 'contact', scope: 'group:2' }; `entity:contact` → no scope. */
export function parseEntityTarget(target: string): { entity: string; scope?: string } | null {
  const m = /^entity:([a-z][a-z0-9-]*)(?:@(.+))?$/.exec(target);
  if (!m) return null;
  if (m[2] === undefined) return { entity: m[1] };
  return parseScope(m[2]) ? { entity: m[1], scope: m[2] } : null;
}

/** What a scoped overlay may do: add fields (the custom form), nothing that changes the base. */
export const SCOPED_OPS: ReadonlySet<OverlayOp['op']> = new Set(['addField']);
