import { useMatches } from 'react-router-dom';
import { routes, type ManifestRoute } from '../generated/manifest';
import type { EntityMeta } from './types';
import { holds } from '../../engine/logic/logic';
import { store } from '../state/store';
import { ruleUserAtom } from '../state/session';
import { ruleWhiteLabelAtom } from '../state/white-label';

export function useCurrentRoute(): ManifestRoute {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i].handle as { route?: ManifestRoute } | undefined;
    if (handle?.route) return handle.route;
  }
  throw new Error('screen outside a manifest route');
}

/**
 * The entity screens' paths (list, creation, edition, detail) for links between them. An entity
 * may have several screens of a kind (the team's projects list and the professionals' one, each
 * a route with its own `access`): the first one the signed-in user may open is taken, and none
 * when they may open none (no link to a screen that would turn them away).
 */
export function entityPaths(entity: string) {
  const rule = { user: store.get(ruleUserAtom), whiteLabel: store.get(ruleWhiteLabelAtom) };
  const find = (kind: string) => {
    const all = routes.filter((r) => 'entity' in r.screen && r.screen.entity === entity && r.screen.kind === kind);
    return all.find((r) => holds(r.access, rule))?.path;
  };
  const withPk = (path: string | undefined, pk: number | string) =>
    path?.replace(':pk', encodeURIComponent(String(pk)));
  return {
    list: find('list'),
    create: find('create'),
    edit: (pk: number | string) => withPk(find('edit'), pk),
    detail: (pk: number | string) => withPk(find('detail'), pk),
  };
}

/** The screen of the record a `list.linked` relation cell names (its edit screen, else its detail). */
export function relatedPath(meta: EntityMeta, column: string, value: unknown): string | undefined {
  const entity = meta.schema.properties[column]?.['x-relation']?.entity;
  if (!entity || !(meta.list.linked ?? []).includes(column) || typeof value !== 'number') return undefined;
  const paths = entityPaths(entity);
  return paths.edit(value) ?? paths.detail(value);
}
