import { Router } from 'express';
import type { AppContext, RequestContext } from '../../context';
import { message } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { HttpError } from '../../http/http-error';
import { assertModuleEnabled, entityOf } from '../../operations/entity-access';
import { rowToRecord, type ApiRecord } from '../../db/row-mapper';
import {
  buildSearchTree,
  matchesSearch,
  newSeed,
  seededShuffle,
  type TreeLink,
  type TreeNode,
  type TreeSubMission,
} from '../../../engine/listepro/search';

const BASE = '/api/v1/listepro/public';

async function all(ctx: RequestContext, name: string): Promise<ApiRecord[]> {
  const entity = entityOf(ctx, name);
  const rows = await ctx.app.database.db
    .selectFrom(entity.schema['x-entity'].table as never)
    .selectAll()
    .execute();
  return rows.map((r) => rowToRecord(entity, r as Record<string, unknown>));
}

function moduleOn(ctx: RequestContext): void {
  assertModuleEnabled(ctx, entityOf(ctx, 'listepro-professional'));
}

/** A query parameter as a positive integer, absent → undefined, anything else → the French error. */
function positive(value: unknown, ctx: RequestContext, key: string, max = 0x7fffffff): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = typeof value === 'string' && /^[0-9]{1,10}$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > max) throw new HttpError(400, 'bad_query', message(ctx.app, key));
  return n;
}

/** The public card of a sheet: what a visitor may read, never the account behind it (quirk §8.2). */
function card(p: ApiRecord, presentation: ApiRecord, jobs: Map<number, string>, words: Map<number, string>) {
  return {
    pk: p.pk,
    name: p.name,
    job: typeof p.job === 'number' ? (jobs.get(p.job) ?? '') : '',
    address: p.address,
    postcode: p.postcode,
    town: p.town,
    lat: p.lat,
    lon: p.lon,
    phoneNumber: p.phoneNumber,
    email: p.email,
    url: p.url,
    isMonAccompagnateurRenov: p.isMonAccompagnateurRenov === true,
    description: presentation.description ?? '',
    keyWords: ((presentation.primaryKeyWords as number[] | undefined) ?? [])
      .map((k) => words.get(k))
      .filter((w): w is string => !!w),
  };
}

/**
 * The public directory (spec 03 §2): the search tree, and the search itself on the server — only
 * valid, published sheets, matched on their published presentation, in a random order drawn from
 * a seed the answer returns and the next pages send back (same seed, same order).
 */
export function listeproRouter(_app: AppContext): Router {
  const router = Router();

  router.get(
    `${BASE}/search-tree/`,
    asyncHandler(async (req, res) => {
      moduleOn(req.ctx);
      const [activities, missions, subMissions, links] = await Promise.all([
        all(req.ctx, 'listepro-activity'),
        all(req.ctx, 'listepro-mission'),
        all(req.ctx, 'listepro-sub-mission'),
        all(req.ctx, 'listepro-link'),
      ]);
      res.json(
        buildSearchTree(
          activities as unknown as (TreeNode & { icon?: string })[],
          missions as unknown as TreeNode[],
          subMissions as unknown as TreeSubMission[],
          links as unknown as TreeLink[],
        ),
      );
    }),
  );

  router.get(
    `${BASE}/search/`,
    asyncHandler(async (req, res) => {
      const ctx = req.ctx;
      moduleOn(ctx);
      const q = req.query as Record<string, string | undefined>;
      const mar = q.mar === '1' || q.mar === 'true';
      const activity = positive(q.activity, ctx, 'listepro.error.search_query');
      const subMission = positive(q.subMission, ctx, 'listepro.error.search_query');
      if (!mar && (activity === undefined || subMission === undefined))
        throw new HttpError(400, 'bad_query', message(ctx.app, 'listepro.error.search_query'));
      const page = positive(q.page, ctx, 'listepro.error.page') ?? 1;
      const perPage = positive(q.perPage, ctx, 'listepro.error.page', 50) ?? 10;
      const seed = positive(q.seed, ctx, 'listepro.error.seed') ?? newSeed();

      const pro = entityOf(ctx, 'listepro-professional');
      const pres = entityOf(ctx, 'listepro-presentation');
      const db = ctx.app.database.db;
      // Validity and publication filter in SQL (booleans are stored 0/1 on both databases); the
      // lists of the presentation are matched here, the same rule as the unit-tested one.
      const sheets = (
        await db
          .selectFrom(pro.schema['x-entity'].table as never)
          .selectAll()
          .where('pro_is_valid' as never, '=', 1 as never)
          .where('transition_state' as never, '=', 'published' as never)
          .execute()
      ).map((r) => rowToRecord(pro, r as Record<string, unknown>));
      const published = new Map<number, ApiRecord>();
      if (sheets.length) {
        const rows = await db
          .selectFrom(pres.schema['x-entity'].table as never)
          .selectAll()
          .where('version' as never, '=', 'published' as never)
          .where('professional' as never, 'in', sheets.map((s) => s.pk) as never)
          .execute();
        for (const r of rows) {
          const p = rowToRecord(pres, r as Record<string, unknown>);
          published.set(p.professional as number, p);
        }
      }
      const matching = sheets.filter((s) => {
        const p = published.get(s.pk as number);
        return matchesSearch(
          {
            proIsValid: s.proIsValid === true,
            transitionState: String(s.transitionState),
            isMonAccompagnateurRenov: s.isMonAccompagnateurRenov === true,
            activities: (p?.activities as number[] | undefined) ?? [],
            subMissions: (p?.subMissions as number[] | undefined) ?? [],
          },
          mar ? { mar: true } : { activity: activity!, subMission: subMission! },
        );
      });
      const ordered = seededShuffle(matching, seed, (s) => s.pk as number);
      const [jobs, words] = await Promise.all([all(ctx, 'listepro-job'), all(ctx, 'listepro-key-word')]);
      const jobNames = new Map(jobs.map((j) => [j.pk as number, String(j.name)]));
      const wordNames = new Map(words.map((w) => [w.pk as number, String(w.name)]));
      const slice = ordered.slice((page - 1) * perPage, page * perPage);
      res.json({
        seed,
        page,
        perPage,
        total: ordered.length,
        results: slice.map((s) => card(s, published.get(s.pk as number) ?? {}, jobNames, wordNames)),
      });
    }),
  );

  return router;
}
