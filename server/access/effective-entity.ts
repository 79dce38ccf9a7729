import { applyOverlay, type EffectiveEntity } from '../../engine/schema/apply-overlay';
import { entityTarget, SCOPED_OPS, scopedEntityTarget, type OverlayOp } from '../../engine/schema/overlay-types';
import { getEntity } from '../../engine/schema/registry';
import type { AppContext, WhiteLabelInfo } from '../context';

const cache = new Map<string, EffectiveEntity>();

export async function overlayOps(
  app: AppContext,
  whiteLabelId: number,
  target: string,
  version: number,
): Promise<OverlayOp[]> {
  const row = await app.database.db
    .selectFrom('white_label_overlay')
    .select('ops')
    .where('white_label', '=', whiteLabelId)
    .where('target', '=', target)
    .where('version', '=', version)
    .executeTakeFirst();
  if (!row) return [];
  const ops = typeof row.ops === 'string' ? JSON.parse(row.ops) : row.ops;
  return (ops as OverlayOp[]) ?? [];
}

/**
 * Base declaration ⊕ the white label's overlay ⊕ the custom forms of the given scopes (see
 * record-scopes.ts), memoised by (entity, white label, overlay versions): a new overlay version
 * is a new key, so no process ever serves a stale schema for longer than the white-label cache (1 s).
 */
export async function effectiveEntity(
  app: AppContext,
  name: string,
  whiteLabel: WhiteLabelInfo,
  scopes: readonly string[] = [],
): Promise<EffectiveEntity> {
  const base = getEntity(app.registry, name);
  const version = whiteLabel.id === null ? 0 : (whiteLabel.overlayVersions[entityTarget(name)] ?? 0);
  // Only the scopes that have a custom form count: records of other scopes share one entry.
  const scoped =
    whiteLabel.id === null || !base.schema['x-entity'].customForms
      ? []
      : [...new Set(scopes)]
          .sort()
          .map((scope) => [scope, whiteLabel.overlayVersions[scopedEntityTarget(name, scope)] ?? 0] as const)
          .filter(([, v]) => v > 0);
  const scopeKey = scoped.map(([scope, v]) => `${scope}#${v}`).join(',');
  const key = `${name}|${whiteLabel.id}|${version}|${scopeKey}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const ops =
    version > 0 && whiteLabel.id !== null ? await overlayOps(app, whiteLabel.id, entityTarget(name), version) : [];
  for (const [scope, v] of scoped) {
    const custom = await overlayOps(app, whiteLabel.id!, scopedEntityTarget(name, scope), v);
    ops.push(...custom.filter((o) => SCOPED_OPS.has(o.op)));
  }
  const effective = { ...applyOverlay(base, ops, version), scopeKey };
  if (effective.problems.length)
    app.logger.warn(
      { entity: name, whiteLabel: whiteLabel.id, scopes: scopeKey, problems: effective.problems },
      'overlay operations skipped',
    );
  cache.set(key, effective);
  return effective;
}

export function effectiveCacheKey(e: EffectiveEntity, whiteLabel: WhiteLabelInfo): string {
  return `${e.name}|${whiteLabel.id}|${e.version}|${e.scopeKey}`;
}
