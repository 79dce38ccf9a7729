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
