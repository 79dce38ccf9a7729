import type { RequestContext } from '../../context';
import type { MenuEntry } from '../../../engine/schema/types';
import { HttpError } from '../../http/http-error';
import { entityOf, assertModuleEnabled } from '../../operations/entity-access';
import { visibleRows } from '../../operations/find';

/**
 * The count of a menu badge (x-entity.menu.badge): the records of the entity's list this user may
 * see (rights as SQL, so an advisor counts their structure's only), narrowed by the declared list
 * filters. Nothing (no badge) at 0, for anonymous visitors, or when the user may not list them.
 */
export async function badgeCount(
  ctx: RequestContext,
  badge: NonNullable<MenuEntry['badge']>,
): Promise<{ count: number; label: string } | undefined> {
  if (ctx.user.anonymous) return undefined;
  try {
    const entity = entityOf(ctx, badge.entity);
    assertModuleEnabled(ctx, entity);
    const row = (await visibleRows(ctx, entity, { filters: badge.filters ?? {} })
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst()) as { n: unknown } | undefined;
    const count = Number(row?.n ?? 0);
    return count > 0 ? { count, label: badge.label } : undefined;
  } catch (e) {
    // Refused (403/404): the entry is shown without a count rather than the menu failing.
    if (e instanceof HttpError) return undefined;
    throw e;
  }
}
