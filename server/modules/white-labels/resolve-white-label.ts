import type { AppContext, WhiteLabelInfo } from '../../context';
import { rowToRecord } from '../../db/row-mapper';
import { getEntity } from '../../../engine/schema/registry';
import { cacheBusLive, onCacheChange, publishCacheChange } from '../../cluster/cache-bus';

/** Alone, or without news from the other processes: they may have changed a white label meanwhile. */
const TTL_MS = 1000;
/** While the cache bus is live, another process's change arrives as a message within milliseconds. */
const TTL_WITH_BUS_MS = 30_000;
const cache = new Map<string, { at: number; info: WhiteLabelInfo | null }>();

/**
 * Forget cached white labels (after a white label or an overlay is saved): at once in this
 * process, and in the others through the cache bus when `app` is given.
 */
export function invalidateWhiteLabels(app?: AppContext): void {
  cache.clear();
  if (app) publishCacheChange(app, 'white-labels');
}

onCacheChange('white-labels', () => cache.clear());

function fresh(app: AppContext, at: number): boolean {
  return Date.now() - at < (cacheBusLive(app) ? TTL_WITH_BUS_MS : TTL_MS);
}

export function moduleFlags(app: AppContext, record: Record<string, unknown> | null): Record<string, boolean> {
  const flags: Record<string, boolean> = {};
  for (const m of app.registry.modules) {
    flags[m.id] = m.always ? true : record ? Boolean(record[`${m.flag}IsActive`] ?? m.defaultActive) : m.defaultActive;
  }
  return flags;
}

async function load(app: AppContext, domain: string | null, pk?: number): Promise<WhiteLabelInfo | null> {
  const db = app.database.db;
  const entity = getEntity(app.registry, 'white-label');
  const row =
    pk !== undefined
      ? await db.selectFrom('white_label').selectAll().where('pk', '=', pk).executeTakeFirst()
      : domain === null
        ? await db
            .selectFrom('white_label')
            .selectAll()
            .orderBy('is_default', 'desc')
            .orderBy('pk')
            .limit(1)
            .executeTakeFirst()
        : await db.selectFrom('white_label').selectAll().where('domain', '=', domain).executeTakeFirst();
  if (!row) return null;
  const record = rowToRecord(entity, row as Record<string, unknown>);
  const versions = await db
    .selectFrom('white_label_overlay')
    .select(['target', (eb) => eb.fn.max('version').as('version')])
    .where('white_label', '=', row.pk as number)
    .groupBy('target')
    .execute();
  return {
    id: row.pk as number,
    domain: row.domain as string,
    record,
    modules: moduleFlags(app, record),
    overlayVersions: Object.fromEntries(versions.map((v) => [v.target, Number(v.version)])),
  };
}

/**
 * The white label of a domain, cached: this process sees a change at once (writes call
 * invalidateWhiteLabels), the others when the bus's message arrives, or within a second without it.
 */
export async function whiteLabelByDomain(app: AppContext, domain: string | null): Promise<WhiteLabelInfo | null> {
  const key = domain ?? '\u0000default';
  const hit = cache.get(key);
  if (hit && fresh(app, hit.at)) return hit.info;
  const info = await load(app, domain);
  cache.set(key, { at: Date.now(), info });
  return info;
}

/** A white label by its pk (a user's own), with the same cache as by domain. */
export async function whiteLabelById(app: AppContext, pk: number): Promise<WhiteLabelInfo | null> {
  const key = `\u0000pk:${pk}`;
  const hit = cache.get(key);
  if (hit && fresh(app, hit.at)) return hit.info;
  const info = await load(app, null, pk);
  cache.set(key, { at: Date.now(), info });
  return info;
}

/** A request's white label: the domain's own, else the default one, else none configured. */
export async function resolveWhiteLabel(
  app: AppContext,
  domain: string,
): Promise<{ info: WhiteLabelInfo; matched: boolean }> {
  const own = await whiteLabelByDomain(app, domain);
  if (own) return { info: own, matched: true };
  const fallback = await whiteLabelByDomain(app, null);
  if (fallback) return { info: fallback, matched: false };
  return {
    info: { id: null, domain: null, record: null, modules: moduleFlags(app, null), overlayVersions: {} },
    matched: false,
  };
}
