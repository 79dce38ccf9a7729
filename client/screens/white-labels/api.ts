import { api, request } from '../../api/http';
import type { OverlayOp } from '../../../engine/schema/overlay-types';
import type { EntityMeta } from '../../runtime/types';
import { sessionEpochAtom, whiteLabelAtom, type WhiteLabel } from '../../state/session';
import { store } from '../../state/store';
import { loadMenu } from '../../state/menu';

export interface OverlayVersionInfo {
  version: number;
  comment: string | null;
  author: number | null;
  createdAt: string;
}
export interface OverlayState {
  target: string;
  version: number;
  ops: OverlayOp[];
  comment: string | null;
  versions: OverlayVersionInfo[];
}
export interface MenuEntryInfo {
  id: string;
  label: string;
  module?: string;
  moduleActive: boolean;
  order: number;
  hiddenByBase: boolean;
  children?: MenuEntryInfo[];
}
export interface MenuAudienceInfo {
  audience: string;
  label: string;
  entries: MenuEntryInfo[];
}
export interface ImportResult {
  whiteLabel: WhiteLabel;
  overlays: Record<string, number>;
  ignoredFields: string[];
}

const base = (pk: number | string) => `/white_labelling/${encodeURIComponent(String(pk))}`;
const overlayPath = (pk: number | string, target: string) => `${base(pk)}/overlays/${encodeURIComponent(target)}`;

export const loadWhiteLabel = (pk: number | string) => api<WhiteLabel>(`${base(pk)}/`);
export const loadOverlaySummary = (pk: number | string) =>
  api<{ target: string; version: number }[]>(`${base(pk)}/overlays/`);
export const loadOverlay = (pk: number | string, target: string) => api<OverlayState>(overlayPath(pk, target));
export const loadVersion = (pk: number | string, target: string, version: number) =>
  api<OverlayVersionInfo & { ops: OverlayOp[] }>(`${overlayPath(pk, target)}/versions/${version}`);
export const saveOverlay = (pk: number | string, target: string, ops: OverlayOp[], comment: string) =>
  api<{ version: number }>(overlayPath(pk, target), {
    method: 'PUT',
    body: comment.trim() ? { ops, comment: comment.trim() } : { ops },
  });
export const revertOverlay = (pk: number | string, target: string, version: number) =>
  api<{ version: number }>(`${overlayPath(pk, target)}/revert/${version}`, { method: 'POST' });
export const previewEntity = (pk: number | string, entity: string, ops: OverlayOp[], scope?: string) =>
  api<{ meta: EntityMeta; problems: string[] }>(`/meta/preview/${encodeURIComponent(entity)}`, {
    method: 'POST',
    body: scope ? { whiteLabel: Number(pk), ops, scope } : { whiteLabel: Number(pk), ops },
  });
export const loadMenuEntries = (pk: number | string) => api<MenuAudienceInfo[]>(`${base(pk)}/menu-entries/`);
export const exportConfiguration = (pk: number | string) => request<unknown>(`${base(pk)}/export/`);
export const importConfiguration = (pk: number | string, doc: unknown, withDomain: boolean) =>
  api<ImportResult>(`${base(pk)}/import/`, {
    method: 'POST',
    body: doc,
    query: { withDomain: withDomain ? 'true' : undefined },
    timeoutMs: 120_000,
  });

/** Names of the authors of versions (users the administrator may see). */
export async function authorNames(ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const options = await api<{ value: number; label: string }[]>('/meta/options/user', {
    query: { ids: ids.join(',') },
  });
  return new Map(options.filter((o) => ids.includes(o.value)).map((o) => [o.value, o.label]));
}

/**
 * After a customisation of the white label this browser is on is saved: screens fetch their meta
 * again (the meta cache is keyed by the session epoch) and the side menu is reloaded.
 */
export function refreshIfCurrent(pk: number | string): void {
  if (store.get(whiteLabelAtom)?.pk !== Number(pk)) return;
  store.set(sessionEpochAtom, (n) => n + 1);
  void loadMenu();
}

/** The structures an administrator may scope a custom form to (value = pk, label = name). */
export const loadGroupOptions = () => api<{ value: number; label: string }[]>('/meta/options/group');
