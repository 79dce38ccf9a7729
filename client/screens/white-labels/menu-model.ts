import type { OverlayOp } from '../../../engine/schema/overlay-types';
import type { MenuEntryInfo } from './api';

/** The menu overlay as the menu editor shows it (entry ids are shared by every audience's menu). */
export interface MenuModel {
  hidden: string[];
  labels: Record<string, string>;
  orders: Record<string, number>;
  others: OverlayOp[];
}

export function fromMenuOps(ops: OverlayOp[]): MenuModel {
  const model: MenuModel = { hidden: [], labels: {}, orders: {}, others: [] };
  for (const o of ops) {
    if (o.op === 'menuHide') {
      if (!model.hidden.includes(o.entry)) model.hidden.push(o.entry);
    } else if (o.op === 'menuLabel') model.labels[o.entry] = o.value;
    else if (o.op === 'menuOrder') model.orders[o.entry] = o.value;
    else model.others.push(o);
  }
  return model;
}

/** Every entry of the base menus, parents before children, each id once. */
export function allEntries(trees: MenuEntryInfo[][]): Map<string, MenuEntryInfo> {
  const out = new Map<string, MenuEntryInfo>();
  const walk = (list: MenuEntryInfo[]) =>
    list.forEach((e) => {
      if (!out.has(e.id)) out.set(e.id, e);
      if (e.children) walk(e.children);
    });
  trees.forEach(walk);
  return out;
}

export function toMenuOps(trees: MenuEntryInfo[][], model: MenuModel): OverlayOp[] {
  const entries = allEntries(trees);
  const ops: OverlayOp[] = [];
  for (const [id, e] of entries) {
    if (model.hidden.includes(id)) ops.push({ op: 'menuHide', entry: id });
    const label = model.labels[id]?.trim();
    if (label && label !== e.label) ops.push({ op: 'menuLabel', entry: id, value: label });
    if (model.orders[id] !== undefined && model.orders[id] !== e.order)
      ops.push({ op: 'menuOrder', entry: id, value: model.orders[id] });
  }
  ops.push(...model.others);
  return ops;
}

/** Siblings in the order the menu shows them: the overlay's position, else the declaration's. */
export function sortedSiblings(siblings: MenuEntryInfo[], model: MenuModel): MenuEntryInfo[] {
  const orderOf = (e: MenuEntryInfo) => model.orders[e.id] ?? e.order;
  return siblings
    .map((e, i) => ({ e, i }))
    .sort((a, b) => orderOf(a.e) - orderOf(b.e) || a.i - b.i)
    .map(({ e }) => e);
}

/** Moves an entry among its siblings; every sibling gets an explicit position (10, 20, 30…). */
export function moveEntry(
  siblings: MenuEntryInfo[],
  model: MenuModel,
  id: string,
  delta: -1 | 1,
): { model: MenuModel; position: number } | null {
  const list = sortedSiblings(siblings, model);
  const i = list.findIndex((e) => e.id === id);
  const j = i + delta;
  if (i < 0 || j < 0 || j >= list.length) return null;
  [list[i], list[j]] = [list[j], list[i]];
  const orders = { ...model.orders };
  list.forEach((e, k) => {
    orders[e.id] = (k + 1) * 10;
  });
  return { model: { ...model, orders }, position: j + 1 };
}

export interface PreviewEntry {
  id: string;
  label: string;
  moduleActive: boolean;
  children: PreviewEntry[];
}

/** The menu as the overlay makes it (the server also drops what the user's rights or switched-off modules hide). */
export function previewMenu(entries: MenuEntryInfo[], model: MenuModel): PreviewEntry[] {
  return sortedSiblings(entries, model)
    .filter((e) => !e.hiddenByBase && !model.hidden.includes(e.id))
    .map((e) => ({
      id: e.id,
      label: model.labels[e.id]?.trim() || e.label,
      moduleActive: e.moduleActive,
      children: e.children ? previewMenu(e.children, model) : [],
    }));
}
