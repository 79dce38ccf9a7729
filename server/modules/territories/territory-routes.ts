import { Router, type Request } from 'express';
import type { AppContext, RequestContext } from '../../context';
import { denied, message } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { HttpError } from '../../http/http-error';
import { parsePk } from '../../operations/find-one';
import { territories, type Commune } from './territory-data';
import { communeShape, departementShape, epciShape, regionShape } from './shapes';
import { adminTerritories, allowedCommunes, groupTerritories } from './group-territories';
import { indexCommunes, searchCommunes, type CommuneIndex } from './commune-search';
import { communeCentre } from './commune-centres';

const BASE = '/api/v1/territories';
export const COMMUNE_SEARCH_MAX = 50;

function notFoundCode(ctx: RequestContext, key: string, params: Record<string, unknown>): HttpError {
  return new HttpError(404, 'not_found', message(ctx.app, key, params));
}

function invalid(ctx: RequestContext, path: string, key: string, params: Record<string, unknown> = {}): HttpError {
  const text = message(ctx.app, key, params);
  return new HttpError(400, 'validation', text, [{ path, code: key, params, message: text }]);
}

/** Communes visible to the caller, by code (null = all). */
async function visible(req: Request): Promise<(c: Commune) => boolean> {
  const allowed = await allowedCommunes(req.ctx);
  return allowed ? (c) => allowed.has(c.code) : () => true;
}

async function groupOrFail(ctx: RequestContext, raw: unknown) {
  const pk = parsePk(raw);
  const group = pk === null ? null : await groupTerritories(ctx, pk);
  if (!group) throw notFoundCode(ctx, 'territories.unknown_group', { pk: String(raw ?? '') });
  return group;
}

const indexes = new Map<boolean, CommuneIndex>();
function searchIndex(withDistricts: boolean): CommuneIndex {
  let index = indexes.get(withDistricts);
  if (!index) {
    const t = territories();
    index = indexCommunes(withDistricts ? [...t.communeList, ...t.districts] : t.communeList);
    indexes.set(withDistricts, index);
  }
  return index;
}

const communesOf = (codes: Iterable<string>) =>
  [...new Set(codes)]
    .map((c) => territories().communes.get(c))
    .filter((c): c is Commune => Boolean(c))
    .sort((a, b) => a.name.localeCompare(b.name, 'fr'));

/**
 * `/api/v1/territories/…`: regions, departements, EPCIs and communes from the official
 * divisions, identified by their INSEE (SIREN for EPCIs) codes. Lists answered to managers and
 * advisors are limited to the communes of their admin group, and to the divisions containing them.
 */
export function territoryRouter(_app: AppContext): Router {
  const router = Router();

  router.get(
    `${BASE}/regions/`,
    asyncHandler(async (req, res) => {
      const show = await visible(req);
      const t = territories();
      const regions = new Set(t.communeList.filter(show).map((c) => c.region));
      res.json([...t.regions.values()].filter((r) => regions.has(r.code)).map(regionShape));
    }),
  );

  const departements = asyncHandler(async (req, res) => {
    const t = territories();
    const region = req.params.region as string | undefined;
    if (region !== undefined && !t.regions.has(region))
      throw notFoundCode(req.ctx, 'territories.unknown_region', { code: region });
    const show = await visible(req);
    const used = new Set(t.communeList.filter(show).map((c) => c.departement));
    res.json(
      [...t.departements.values()]
        .filter((d) => used.has(d.code) && (region === undefined || d.region === region))
        .map(departementShape),
    );
  });
  router.get(`${BASE}/departements/`, departements);
  router.get(`${BASE}/departements/:region/`, departements);

  router.get(
    `${BASE}/epcis/:departement/`,
    asyncHandler(async (req, res) => {
      const t = territories();
      const dep = req.params.departement as string;
      if (!t.departements.has(dep)) throw notFoundCode(req.ctx, 'territories.unknown_departement', { code: dep });
      const show = await visible(req);
      const used = new Set((t.communesByDepartement.get(dep) ?? []).filter(show).map((c) => c.epci));
      res.json([...t.epcis.values()].filter((e) => used.has(e.code)).map(epciShape));
    }),
  );

  router.get(
    `${BASE}/epcis_for_group/`,
    asyncHandler(async (req, res) => {
      if (!req.ctx.user.roles.includes('staff')) throw denied(req.ctx);
      if (req.query.for_group === undefined || req.query.for_group === '')
        throw invalid(req.ctx, 'for_group', 'territories.for_group_required');
      const group = await groupOrFail(req.ctx, req.query.for_group);
      const used = new Set(communesOf(group.territories).map((c) => c.epci));
      res.json([...territories().epcis.values()].filter((e) => used.has(e.code)).map(epciShape));
    }),
  );

  router.get(
    `${BASE}/communes_by_dep/:departement/`,
    asyncHandler(async (req, res) => {
      const t = territories();
      const dep = req.params.departement as string;
      if (!t.departements.has(dep)) throw notFoundCode(req.ctx, 'territories.unknown_departement', { code: dep });
      const show = await visible(req);
      res.json((t.communesByDepartement.get(dep) ?? []).filter(show).map(communeShape));
    }),
  );

  router.get(
    `${BASE}/communes_by_epci/:epci/`,
    asyncHandler(async (req, res) => {
      const epci = territories().epcis.get(req.params.epci as string);
      if (!epci) throw notFoundCode(req.ctx, 'territories.unknown_epci', { code: req.params.epci });
      const show = await visible(req);
      res.json(communesOf(epci.communes).filter(show).map(communeShape));
    }),
  );

  router.get(
    `${BASE}/communes_for_group/:group/`,
    asyncHandler(async (req, res) => {
      const group = await groupOrFail(req.ctx, req.params.group);
      const codes = await adminTerritories(req.ctx, group);
      if (codes === null) throw invalid(req.ctx, 'group', 'territories.group_without_admin', { pk: group.pk });
      res.json(communesOf(codes).map(communeShape));
    }),
  );

  router.get(
    `${BASE}/commune/:code/`,
    asyncHandler(async (req, res) => {
      const commune = territories().communes.get(String(req.params.code).toUpperCase());
      if (!commune) throw notFoundCode(req.ctx, 'territories.unknown_commune', { code: req.params.code });
      res.json({ ...communeShape(commune), centre: communeCentre(commune.code) });
    }),
  );

  router.get(
    `${BASE}/communes/`,
    asyncHandler(async (req, res) => {
      const q = typeof req.query.q === 'string' ? req.query.q.trim() : '';
      if (q.length < 2 || q.length > 100) throw invalid(req.ctx, 'q', 'territories.q_length');
      const limit = req.query.limit === undefined ? 20 : Number(req.query.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > COMMUNE_SEARCH_MAX)
        throw invalid(req.ctx, 'limit', 'territories.limit', { max: COMMUNE_SEARCH_MAX });
      const within = req.query.allowed !== undefined ? await allowedCommunes(req.ctx) : null;
      res.json(
        searchCommunes(searchIndex(req.query.districts === 'true'), q, { limit, within: within ?? undefined }).map(
          (m) => communeShape(m.commune),
        ),
      );
    }),
  );

  return router;
}
