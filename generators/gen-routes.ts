import type { Registry } from '../engine/schema/registry';
import { TS_BANNER } from './banner';

/** The Express route table: one line per entity API, all served by the generic handler. */
export function generateServerRoutes(registry: Registry): string {
  const rows = [...registry.entities.values()]
    .filter((e) => e.apiPath)
    .sort((a, b) => a.apiPath!.localeCompare(b.apiPath!))
    .map((e) => {
      const api = e.schema['x-entity'].api!;
      const actions = api.actions ?? ['list', 'detail', 'create', 'update', 'delete'];
      const list = actions.map((a) => `'${a}'`).join(', ');
      return (
        `  { entity: '${e.name}', path: '/api/v1/${api.path}/', ` +
        `actions: [${list}], storeList: ${Boolean(api.storeList)} },`
      );
    });
  return `${TS_BANNER}
import type { EntityAction } from '../../engine/schema/types';

export interface GeneratedEntityRoute {
  entity: string;
  path: string;
  actions: EntityAction[];
  storeList: boolean;
}

export const entityRoutes: GeneratedEntityRoute[] = [
${rows.join('\n')}
];
`;
}
