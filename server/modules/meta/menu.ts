import type { RequestContext } from '../../context';
import type { MenuAudience, MenuEntry, RouteDeclaration } from '../../../engine/schema/types';
import { holds } from '../../../engine/logic/logic';
import { MENU_TARGET, type OverlayOp } from '../../../engine/schema/overlay-types';
import { overlayOps } from '../../access/effective-entity';
import { ruleData } from '../../operations/entity-access';
import { badgeCount } from './menu-badge';

export interface MenuItem {
  id: string;
  label: string;
  /** What the entry is, when its label is a product name (« Thermix » → « Simulateur chauffage… »). */
  subtitle?: string;
  description?: string;
  path?: string;
  href?: string;
  /** A count beside the entry (x-entity.menu.badge), absent at 0: « Saisies incomplètes, 3 à compléter ». */
  badge?: { count: number; label: string };
  children?: MenuItem[];
}

/**
 * A route that embeds a service whose address the white label gives (`params.urlField`) is
 * configured only when that address is filled in; otherwise its menu entry would lead to
 * « Ce service n'est pas configuré… ».
 */
export function routeConfigured(route: RouteDeclaration, record: Record<string, unknown> | null): boolean {
  const field = route.params?.urlField;
  if (!field) return true;
  const value = record?.[field];
  return typeof value === 'string' && value.trim() !== '';
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
  const version = wl.id === null ? 0 : (wl.overlayVersions[MENU_TARGET] ?? 0);
  const ops: OverlayOp[] = version && wl.id !== null ? await overlayOps(ctx.app, wl.id, MENU_TARGET, version) : [];
  // An entry is named by its id (every audience whose menu has it) or by "<audience>/<id>".
  const hiddenIds = new Set(ops.filter((o) => o.op === 'menuHide').map((o) => (o as { entry: string }).entry));
  const labels = new Map(
    ops
      .filter((o) => o.op === 'menuLabel')
      .map((o) => [(o as { entry: string }).entry, (o as { value: string }).value]),
  );
  const orders = new Map(
    ops
      .filter((o) => o.op === 'menuOrder')
      .map((o) => [(o as { entry: string }).entry, (o as { value: number }).value]),
  );
  const moduleName = (id: string) => {
    const m = registry.modules.find((x) => x.id === id);
    return m ? (wl.record?.[`${m.flag}Name`] as string | undefined) || m.defaultName : undefined;
  };
  const moduleDescription = (id: string | undefined) => registry.modules.find((x) => x.id === id)?.description;

  const visit = async (entries: MenuEntry[]): Promise<MenuItem[]> => {
    const out: (MenuItem & { order: number })[] = [];
    for (const e of entries) {
      if (e.hidden || hiddenIds.has(e.id) || hiddenIds.has(`${audience}/${e.id}`)) continue;
      if (e.module && !wl.modules[e.module]) continue;
      if (e.visibleIf !== undefined && !holds(e.visibleIf, data)) continue;
      const route = e.route ? routes.get(e.route) : undefined;
      if (route && (!holds(route.access, data) || (route.module && !wl.modules[route.module]))) continue;
      if (route && !routeConfigured(route, wl.record)) continue;
      const children = e.children ? await visit(e.children) : undefined;
      if (!route && !e.href && (!children || children.length === 0)) continue;
      const overlayLabel = labels.get(`${audience}/${e.id}`) ?? labels.get(e.id);
      const productName = e.labelFromModule && e.module ? moduleName(e.module) : undefined;
      const label = overlayLabel ?? (productName || e.label);
      out.push({
        id: e.id,
        label,
        subtitle: label !== e.label && e.labelFromModule ? e.label : undefined,
        description: e.description ?? (e.labelFromModule ? moduleDescription(e.module) : undefined),
        path: route?.path,
        href: e.href,
        badge: e.badge ? await badgeCount(ctx, e.badge) : undefined,
        children: children && children.length ? children : undefined,
        order: orders.get(`${audience}/${e.id}`) ?? orders.get(e.id) ?? e.order ?? 100,
      });
    }
    return out.sort((a, b) => a.order - b.order).map(({ order: _o, ...item }) => item);
  };
  return visit(registry.menus[audience]);
}
