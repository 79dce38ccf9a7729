import type { RequestContext } from '../../context';
import { message } from '../../context';
import { ValidationError } from '../../http/http-error';
import { entityOf } from '../../operations/entity-access';
import { whiteLabelByDomain } from '../white-labels/resolve-white-label';
import { imageBytes } from './public-detail';
import { allRecords, cardsFor, distanceFrom, matchingSheets, ordered } from './public-search';
import { searchPlace, searchQuery, WHAT_MAX } from './search-query';

/** A visitor's comment on the cover: a few paragraphs, not a document. */
export const COMMENT_MAX = 2000;
/** Professionals of one PDF: the largest search of the demo and of a real network stays far below. */
export const PDF_MAX_PROFESSIONALS = 1000;

interface PdfRequest {
  domain: string | null;
  activity: number | null;
  mission: number | null;
  subMission: number | null;
  mar: boolean;
  /** « Quoi ? » (issue 26 item 6), instead of the tree's path. */
  q: string | null;
  seed: number;
  near: string | null;
  lat: unknown;
  lon: unknown;
  favoritePro: number[];
  commentPdf: string;
  downloadAll: 'all' | 'selection';
}

/**
 * `{domain, data: {activity, mission, subMission | mar, seed, near, favoritePro, commentPdf,
 * downloadAll}}` (spec 03 §3 « PDF request »), checked field by field with French messages.
 */
function parse(ctx: RequestContext, body: unknown): PdfRequest {
  const errors: { path: string; code: string; params: Record<string, unknown>; message: string }[] = [];
  const fail = (path: string, key: string, params: Record<string, unknown> = {}) =>
    errors.push({ path, code: 'invalid', params, message: message(ctx.app, key, params) });
  const root =
    body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const data =
    root.data !== null && typeof root.data === 'object' && !Array.isArray(root.data)
      ? (root.data as Record<string, unknown>)
      : null;
  if (!data) fail('/data', 'listepro.error.pdf_request');
  const d = data ?? {};
  const int = (key: string): number | null => {
    const v = d[key];
    if (v === undefined || v === null || v === '') return null;
    const n = typeof v === 'string' && /^[0-9]{1,10}$/.test(v) ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 0x7fffffff) {
      fail(`/data/${key}`, 'listepro.error.search_query');
      return null;
    }
    return n;
  };
  const mar = d.mar === true || d.mar === 'true' || d.mar === 1;
  const activity = int('activity');
  const mission = int('mission');
  const subMission = int('subMission');
  const seed = int('seed');
  const q = d.q === undefined || d.q === null ? null : d.q;
  if (q !== null && (typeof q !== 'string' || q.length > WHAT_MAX)) fail('/data/q', 'listepro.error.what');
  if (!mar && q === null && (activity === null || subMission === null))
    fail('/data/activity', 'listepro.error.search_query');
  if (seed === null) fail('/data/seed', 'listepro.error.seed');
  const downloadAll =
    d.downloadAll === 'selection' ? 'selection' : d.downloadAll === 'all' || d.downloadAll === undefined ? 'all' : null;
  if (downloadAll === null) fail('/data/downloadAll', 'listepro.error.download_all');
  const favourites = d.favoritePro ?? [];
  const favoritePro =
    Array.isArray(favourites) &&
    favourites.length <= PDF_MAX_PROFESSIONALS &&
    favourites.every((v) => Number.isInteger(v) && (v as number) > 0)
      ? (favourites as number[])
      : null;
  if (favoritePro === null) fail('/data/favoritePro', 'listepro.error.favourites', { max: PDF_MAX_PROFESSIONALS });
  if (downloadAll === 'selection' && favoritePro?.length === 0)
    fail('/data/favoritePro', 'listepro.error.no_selection');
  const comment = d.commentPdf ?? '';
  if (typeof comment !== 'string' || comment.length > COMMENT_MAX)
    fail('/data/commentPdf', 'listepro.error.comment', { max: COMMENT_MAX });
  const near = typeof d.near === 'string' && d.near !== '' ? d.near : null;
  const domain =
    typeof root.domain === 'string' && root.domain && root.domain.length <= 200 ? root.domain.toLowerCase() : null;
  if (errors.length) throw new ValidationError(errors, message(ctx.app, 'validation.summary'));
  return {
    domain,
    activity,
    mission,
    subMission,
    mar,
    q: q as string | null,
    seed: seed!,
    near,
    lat: d.lat,
    lon: d.lon,
    favoritePro: favoritePro!,
    commentPdf: String(comment),
    downloadAll: downloadAll!,
  };
}

/**
 * The PDF of a search (all its professionals, in the order the visitor saw: the same seed) or of
 * the visitor's selection among them; only public sheets ever print (favourites are pks sent by
 * the browser: one that no longer answers the search is left out).
 */
export async function directoryPdf(ctx: RequestContext, body: unknown): Promise<Buffer> {
  const r = parse(ctx, body);
  const near = searchPlace(ctx, { near: r.near ?? undefined, lat: r.lat, lon: r.lon });
  const query =
    r.mar || r.q !== null
      ? searchQuery(ctx, r.mar ? { mar: true } : { q: r.q })
      : { activity: r.activity!, subMission: r.subMission! };
  const matches = ordered(await matchingSheets(ctx, query, near ? 'positions' : 'keys'), r.seed, near);
  const matching = new Set(matches.map((m) => m.pk));
  const pks =
    r.downloadAll === 'selection'
      ? [...new Set(r.favoritePro)].filter((pk) => matching.has(pk))
      : matches.map((m) => m.pk).slice(0, PDF_MAX_PROFESSIONALS);
  const cards = await cardsFor(ctx, pks);
  const logos = new Map<number, { data: Buffer; type: 'PNG' | 'JPEG' }>();
  const sheets = await logoRefs(
    ctx,
    cards.filter((c) => c.logo).map((c) => c.pk),
  );
  for (const [pk, ref] of sheets) {
    const bytes = await imageBytes(ctx, ref);
    if (bytes) logos.set(pk, bytes);
  }
  const info = (r.domain ? await whiteLabelByDomain(ctx.app, r.domain) : null) ?? ctx.whiteLabel;
  const record = info.record ?? {};
  const siteTitle =
    typeof record.siteTitle === 'string' && record.siteTitle.trim()
      ? record.siteTitle.trim()
      : 'Rénovation énergétique';
  const module = ctx.app.registry.modules.find((m) => m.flag === 'listepro');
  const toolName =
    typeof record.listeproName === 'string' && record.listeproName.trim()
      ? record.listeproName.trim()
      : (module?.defaultName ?? 'Annuaire des professionnels');
  // jsPDF is loaded with the first PDF, not at every server start.
  const { directoryReport } = await import('./listepro-report');
  return directoryReport({
    siteTitle,
    toolName,
    search: r.mar
      ? "Mon Accompagnateur Rénov'"
      : r.q !== null
        ? r.q.trim()
          ? `« ${r.q.trim()} »`
          : 'Tous les professionnels'
        : await searchLabel(ctx, r),
    scope: r.downloadAll === 'selection' ? 'Votre sélection' : 'Tous les professionnels',
    comment: r.commentPdf,
    near: near ? { name: near.position ? 'votre position' : near.name, postcode: near.postcode } : null,
    professionals: cards.map((c) => ({ ...c, distanceKm: distanceFrom(near, c) })),
    logos,
    date: new Date(),
    primary: (record.theme as { primary?: unknown } | undefined)?.primary,
  });
}

async function searchLabel(ctx: RequestContext, r: PdfRequest): Promise<string> {
  const [activities, missions, subs] = await Promise.all([
    allRecords(ctx, 'listepro-activity'),
    allRecords(ctx, 'listepro-mission'),
    allRecords(ctx, 'listepro-sub-mission'),
  ]);
  const sub = subs.find((s) => s.pk === r.subMission);
  const missionPk = r.mission ?? (sub?.mission as number | undefined);
  return [activities.find((a) => a.pk === r.activity)?.name, missions.find((m) => m.pk === missionPk)?.name, sub?.name]
    .filter(Boolean)
    .map(String)
    .join(' › ');
}

async function logoRefs(ctx: RequestContext, pks: number[]): Promise<Map<number, unknown>> {
  const out = new Map<number, unknown>();
  if (!pks.length) return out;
  const entity = entityOf(ctx, 'listepro-professional');
  const column = entity.columnByProperty.get('logo')!.column;
  for (let i = 0; i < pks.length; i += 500) {
    const rows = (await ctx.app.database.db
      .selectFrom(entity.schema['x-entity'].table as never)
      .select(['pk' as never, `${column} as logo` as never])
      .where('pk' as never, 'in', pks.slice(i, i + 500) as never)
      .execute()) as { pk: number; logo: unknown }[];
    for (const row of rows) {
      const value = typeof row.logo === 'string' ? (JSON.parse(row.logo) as unknown) : row.logo;
      out.set(Number(row.pk), value);
    }
  }
  return out;
}
