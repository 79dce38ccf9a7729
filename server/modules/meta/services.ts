import type { RequestContext } from '../../context';
import { holds } from '../../../engine/logic/logic';
import { anonymousUser } from '../../../engine/logic/user-context';
import type { MenuEntry } from '../../../engine/schema/types';
import { routeConfigured } from './menu';

/** Route names in the order a visitor meets them in the public menu. */
function menuOrder(entries: MenuEntry[], out: string[] = []): string[] {
  for (const e of entries) {
    if (e.route) out.push(e.route);
    if (e.children) menuOrder(e.children, out);
  }
  return out;
}

/** One card of the landing page: a public service of this white label, and where it is. */
export interface PublicService {
  module: string;
  /**
   * The card's title: what the visitor does there (the white label's `<flag>Task`, else the
   * module's `defaultTask`: « Prendre rendez-vous avec un conseiller »), else the service's name.
   */
  name: string;
  /** Second, smaller: the white label's product name (« DialogWatt »), else the kind of service. */
  kind: string;
  /** The white label's baseline of the module, else the module's own description. */
  description: string;
  path: string;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * What this white label offers the public (issue 16, item 1): the modules that declare a public
 * route, switched on for this white label, whose route a visitor may open and which is
 * configured (an embedded service needs its address). Each module once, in the public menu's order.
 */
export function publicServices(ctx: RequestContext): PublicService[] {
  const { registry } = ctx.app;
  const wl = ctx.whiteLabel;
  const routes = new Map(registry.routes.map((r) => [r.name, r]));
  const visitor = {
    user: anonymousUser(registry.declarations.roles),
    whiteLabel: { id: wl.id, domain: wl.domain, modules: wl.modules },
    record: {},
  };
  const services: PublicService[] = [];
  for (const m of registry.modules) {
    if (!m.publicRoute || !wl.modules[m.id]) continue;
    const route = routes.get(m.publicRoute);
    if (!route || (route.module && !wl.modules[route.module])) continue;
    if (!holds(route.access, visitor) || !routeConfigured(route, wl.record)) continue;
    const product = text(wl.record?.[`${m.flag}Name`]) || m.defaultName;
    // What the visitor does there first (issue 26 item 9), the product's name second.
    const task = text(wl.record?.[`${m.flag}Task`]) || m.defaultTask || '';
    services.push({
      module: m.id,
      name: task || product,
      kind: task ? product : m.label,
      description: text(wl.record?.[`${m.flag}Baseline`]) || m.description || m.defaultBaseline,
      path: route.path,
    });
  }
  const order = menuOrder(registry.menus.anonymous);
  const rank = (s: PublicService) => {
    const i = order.indexOf(registry.modules.find((m) => m.id === s.module)!.publicRoute!);
    return i < 0 ? order.length : i;
  };
  return services.sort((a, b) => rank(a) - rank(b));
}
