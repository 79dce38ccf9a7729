import type { AppContext, RequestContext } from '../context';
import { ruleUser } from '../../engine/logic/user-context';
import { moduleFlags } from '../modules/white-labels/resolve-white-label';

/** Context for work done by the platform itself (seeding, scripts): administrator rights, no domain. */
export function systemContext(app: AppContext): RequestContext {
  return {
    app,
    user: ruleUser({ pk: 0, userType: 'administrator', group: null }, app.registry.declarations.roles),
    whiteLabel: {
      id: null,
      domain: null,
      record: null,
      modules: Object.fromEntries(Object.keys(moduleFlags(app, null)).map((m) => [m, true])),
      overlayVersions: {},
    },
  };
}
