import type { RequestContext } from '../../context';
import type { MenuAudience, MenuEntry } from '../../../engine/schema/types';
import { holds } from '../../../engine/logic/logic';
import { MENU_TARGET, type OverlayOp } from '../../../engine/schema/overlay-types';
import { overlayOps } from '../../access/effective-entity';
import { ruleData } from '../../operations/entity-access';

export interface MenuItem {
  id: string;
  label: string;
  description?: string;
  path?: string;
  href?: string;
  children?: MenuItem[];
}

export function audienceOf(ctx: RequestContext): MenuAudience {
  if (ctx.user.anonymous) return 'anonymous';
  return ctx.user.userType === 'professional' ? 'professional' : 'advisor';
}

/**
 * The side menu for this user on this white label (spec 01 §2): the audience's entries whose
 * module is on and whose rule holds, with the white label's module names and menu overlay.
 */
export async function effectiveMenu(ctx: RequestContext): Promise<MenuItem[]> {
  const { registry } = ctx.app;
  const audience = audienceOf(ctx);
  const data = ruleData(ctx);
  const routes = new Map(registry.routes.map((r) => [r.name, r]));
  const wl = ctx.whiteLabel;
  const version = wl.id === null ? 0 : wl.overlayVersions[MENU_TARGET] ?? 0;
  const ops: OverlayOp[] = version && wl.id !== null ? await overlayOps(ctx.app, wl.id, MENU_TARGET, version) : [];
  // An entry is named by its id (every audience whose menu has it) or by "<audience>/<id>".
  const hiddenIds = new Set(ops.filter((o) => o.op === 'menuHide').map((o) => (o as { entry: string }).entry));
  const labels = new Map(ops.filter((o) => o.op === 'menuLabel').map((o) => [(o as { entry: string }).entry, (o as { value: string }).value]));
  const orders = new Map(ops.filter((o) => o.op === 'menuOrder').map((o) => [(o as { entry: string }).entry, (o as { value: number }).value]));
  const moduleName = (id: string) => {
    const m = registry.modules.find((x) => x.id === id);
    return m ? (wl.record?.[`${m.flag}Name`] as string | undefined) || m.defaultName : undefined;
  };

  const visit = (entries: MenuEntry[]): MenuItem[] => {
    const out: (MenuItem & { order: number })[] = [];
    for (const e of entries) {
      if (e.hidden || hiddenIds.has(e.id) || hiddenIds.has(`${audience}/${e.id}`)) continue;
      if (e.module && !wl.modules[e.module]) continue;
      if (e.visibleIf !== undefined && !holds(e.visibleIf, data)) continue;
      const route = e.route ? routes.get(e.route) : undefined;
      if (route && (!holds(route.access, data) || (route.module && !wl.modules[route.module]))) continue;
      const children = e.children ? visit(e.children) : undefined;
      if (!route && !e.href && (!children || children.length === 0)) continue;
      out.push({
        id: e.id,
        label: labels.get(`${audience}/${e.id}`) ?? labels.get(e.id) ?? ((e.labelFromModule && e.module && moduleName(e.module)) || e.label),
        description: e.description,
        path: route?.path,
        href: e.href,
        children: children && children.length ? children : undefined,
        order: orders.get(`${audience}/${e.id}`) ?? orders.get(e.id) ?? e.order ?? 100,
      });
    }
    return out.sort((a, b) => a.order - b.order).map(({ order: _o, ...item }) => item);
  };
  return visit(registry.menus[audience]);
}
