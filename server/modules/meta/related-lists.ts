import type { RequestContext } from '../../context';
import type { EntityRuntime } from '../../../engine/schema/registry';
import type { RelatedDeclaration } from '../../../engine/schema/types';
import { capitalise } from '../../../engine/schema/registry';
import { holds } from '../../../engine/logic/logic';
import { mainType } from '../../../engine/schema/columns';
import { mayEverDo, ruleData } from '../../operations/entity-access';

/** A related list as a screen receives it (x-entity.related, resolved for the caller). */
export interface RelatedList extends RelatedDeclaration {
  title: string;
  perPage: number;
  /** The link is a list of pks (the list API filters by containment), not one pk. */
  linkIsList: boolean;
}

/**
 * The related lists of an entity that this caller could read: those whose entity's module is on
 * for this white label and whose list the caller may ask for and could see a row of. The list API
 * checks the same again; this only keeps the screen from showing a panel that could only fail.
 */
export function relatedLists(ctx: RequestContext, entity: EntityRuntime): RelatedList[] {
  const out: RelatedList[] = [];
  for (const r of entity.schema['x-entity'].related ?? []) {
    const target = ctx.app.registry.entities.get(r.entity);
    if (!target) continue;
    const x = target.schema['x-entity'];
    if (ctx.whiteLabel.modules[x.module] === false) continue;
    if (x.rights.list !== undefined && !holds(x.rights.list, ruleData(ctx))) continue;
    if (!mayEverDo(ctx, target, 'view')) continue;
    out.push({
      ...r,
      title: r.title ?? x.screens?.title ?? capitalise(x.labels.plural),
      perPage: r.perPage ?? 5,
      inlineCreate: Boolean(r.inlineCreate) && mayEverDo(ctx, target, 'create'),
      addExisting: r.addExisting && mayEverDo(ctx, target, 'change') ? r.addExisting : undefined,
      linkIsList: mainType(target.schema.properties[r.link]) === 'array',
    });
  }
  return out;
}
