import type { Registry } from '../engine/schema/registry';
import { TS_BANNER } from './banner';

/**
 * The client's route manifest: every route with its screen, rights, module and layout, plus
 * the roles needed to evaluate the rights in the browser (which only hides; the server decides).
 */
export function generateClientManifest(registry: Registry): string {
  const routes = registry.routes.map((r) => ({
    name: r.name,
    path: r.path,
    screen: r.screen,
    access: r.access,
    ...(r.guestOnly ? { guestOnly: true } : {}),
    ...(r.module ? { module: r.module } : {}),
    layout:
      r.layout ??
      (r.path.endsWith('/pdf') ? 'pdf' : r.path.startsWith('/newsletters-public') ? 'public-newsletters' : 'web'),
    ...(r.title ? { title: r.title } : {}),
    ...(r.description ? { description: r.description } : {}),
    ...(r.helpUrl ? { helpUrl: r.helpUrl } : {}),
    ...(r.params ? { params: r.params } : {}),
  }));
  const { $schema: _ignored, ...roles } = registry.declarations.roles as typeof registry.declarations.roles & {
    $schema?: string;
  };
  const modules = registry.modules.map((m) => ({ id: m.id, flag: m.flag, label: m.label, always: Boolean(m.always) }));
  const moduleType = '{ id: string; flag: string; label: string; always: boolean }[]';
  return `${TS_BANNER}
import type { RouteDeclaration, RolesDeclaration } from '../../engine/schema/types';

export interface ManifestRoute extends RouteDeclaration {
  layout: 'web' | 'pdf' | 'public-newsletters';
}

export const routes: ManifestRoute[] = ${JSON.stringify(routes, null, 2)};

export const roles: RolesDeclaration = ${JSON.stringify(roles, null, 2)};

export const modules: ${moduleType} = ${JSON.stringify(modules, null, 2)};
`;
}
