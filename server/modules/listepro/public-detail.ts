import type { Response } from 'express';
import type { RequestContext } from '../../context';
import { message } from '../../context';
import { HttpError } from '../../http/http-error';
import { entityOf } from '../../operations/entity-access';
import { rowToRecord, type ApiRecord } from '../../db/row-mapper';
import { cleanHtml } from '../../security/sanitize-html';
import { fileStorage } from '../../storage';
import { declaredAccept } from '../files/file-entities';
import { sendStoredFile } from '../files/send-stored-file';
import { typeOfHead } from '../files/stored-file-type';
import { allRecords, isDirectoryTeam, publicCard } from './public-search';

function notFound(ctx: RequestContext): HttpError {
  return new HttpError(404, 'not_found', message(ctx.app, 'listepro.error.not_found'));
}

async function rowsWhere(ctx: RequestContext, name: string, column: string, value: unknown): Promise<ApiRecord[]> {
  const entity = entityOf(ctx, name);
  const rows = await ctx.app.database.db
    .selectFrom(entity.schema['x-entity'].table as never)
    .selectAll()
    .where(column as never, '=', value as never)
    .orderBy('pk' as never)
    .execute();
  return rows.map((r) => rowToRecord(entity, r as Record<string, unknown>));
}

/**
 * A sheet a visitor may open: valid and published; the directory team opens any (to validate it).
 * Anything else is « not found », the same answer as a sheet that does not exist.
 */
export async function readableSheet(ctx: RequestContext, pk: number): Promise<ApiRecord> {
  const [sheet] = await rowsWhere(ctx, 'listepro-professional', 'pk', pk);
  if (!sheet) throw notFound(ctx);
  const isPublic =
    sheet.proIsValid === true && sheet.transitionState === 'published' && (await accountActive(ctx, sheet.user));
  if (!isPublic && !isDirectoryTeam(ctx)) throw notFound(ctx);
  return sheet;
}

/** Whether a sheet's account is active (issue 28 row 1: a deactivated professional leaves the directory). */
async function accountActive(ctx: RequestContext, user: unknown): Promise<boolean> {
  if (typeof user !== 'number') return false;
  const [account] = await rowsWhere(ctx, 'user', 'pk', user);
  return account?.isActive === true;
}

/** `12` or `12-3` (the sheet shown at its additional address 3, spec 03 §2). */
export function parseDetailId(ctx: RequestContext, id: string): { pk: number; addressId: number | null } {
  const m = /^([0-9]{1,9})(?:-([0-9]{1,9}))?$/.exec(id);
  if (!m) throw notFound(ctx);
  return { pk: Number(m[1]), addressId: m[2] ? Number(m[2]) : null };
}

/**
 * GET /api/v1/listepro/public/professional/:id/ — the public detail: the card, the description
 * (clean HTML), the published references with their images (or the bank offers), the labels;
 * for the directory team also the activities, the missions, the labels' keys, the validity and
 * the additional addresses (spec 03 §2, « Blocks for listeproadmin and advisor only »).
 */
export async function publicDetail(ctx: RequestContext, id: string) {
  const { pk, addressId } = parseDetailId(ctx, id);
  const sheet = await readableSheet(ctx, pk);
  const [presentations, addresses, jobs, words, labels, references, images, offers] = await Promise.all([
    rowsWhere(ctx, 'listepro-presentation', 'professional', pk),
    rowsWhere(ctx, 'listepro-additional-address', 'professional', pk),
    allRecords(ctx, 'listepro-job'),
    allRecords(ctx, 'listepro-key-word'),
    allRecords(ctx, 'listepro-label'),
    rowsWhere(ctx, 'listepro-reference', 'professional', pk),
    rowsWhere(ctx, 'listepro-reference-image', 'professional', pk),
    rowsWhere(ctx, 'listepro-bank-offer', 'professional', pk),
  ]);
  const presentation = presentations.find((p) => p.version === 'published') ?? {};
  let shown: ApiRecord = sheet;
  if (addressId !== null) {
    const address = addresses.find((a) => a.pk === addressId);
    if (!address) throw notFound(ctx);
    // The additional address replaces the contact block; the rest of the sheet is the firm's.
    shown = { ...sheet, ...pick(address, ['name', 'email', 'url', 'phoneNumber', 'address', 'postcode', 'town']) };
    shown.lat = address.lat;
    shown.lon = address.lon;
    if (typeof address.job === 'number') shown.job = address.job;
  }
  const jobNames = new Map(jobs.map((j) => [j.pk as number, String(j.name)]));
  const job = jobs.find((j) => j.pk === shown.job);
  const formType = typeof job?.formType === 'string' ? job.formType : 'generic';
  const card = publicCard(shown, presentation, jobNames, new Map(words.map((w) => [w.pk as number, String(w.name)])));
  const labelPks = (sheet.labels as number[] | undefined) ?? [];
  const publishedRefs = references.filter((r) => r.version === 'published' && r.transitionState === 'published');
  const publishedOffers = offers.filter((o) => o.version === 'published' && o.transitionState === 'published');
  const team = isDirectoryTeam(ctx);
  const labelImage =
    formType === 'bank' ? 'imageForBank' : formType === 'broker' ? 'imageForBroker' : 'imageForRealEstate';
  return {
    ...card,
    addressId,
    formType,
    description: cleanHtml(presentation.description ?? ''),
    labels: labels
      .filter((l) => labelPks.includes(l.pk as number))
      .map((l) => ({
        pk: l.pk,
        name: l.name,
        description: l.description ?? '',
        image: l[labelImage] ? `/api/v1/listepro/label/${String(l.pk)}/file/${labelImage}/` : null,
      })),
    references:
      formType === 'generic'
        ? publishedRefs.map((r) => ({
            pk: r.pk,
            productionName: r.productionName,
            year: r.year ?? null,
            place: r.place ?? '',
            completedMission: r.completedMission ?? '',
            consumptionBefore: r.consumptionBefore ?? null,
            consumptionAfter: r.consumptionAfter ?? null,
            images: images
              .filter((i) => i.reference === r.pk && i.image)
              .map((i) => ({
                pk: i.pk,
                name: String(i.name ?? ''),
                url: `/api/v1/listepro/public/reference-image/${String(i.pk)}/`,
              })),
          }))
        : [],
    bankOffers:
      formType === 'bank'
        ? publishedOffers.map((o) => ({
            pk: o.pk,
            offerName: o.offerName,
            offerDescription: o.offerDescription ?? '',
            link: o.link ?? '',
          }))
        : [],
    staff: team
      ? {
          proIsValid: sheet.proIsValid === true,
          transitionState: sheet.transitionState,
          activities: (presentation.activities as number[] | undefined) ?? [],
          subMissions: (presentation.subMissions as number[] | undefined) ?? [],
          labels: labelPks,
          additionalAddresses: addresses.map((a) => ({
            pk: a.pk,
            name: a.name,
            address: [a.address, [a.postcode, a.town].filter(Boolean).join(' ')].filter(Boolean).join(', '),
          })),
        }
      : null,
  };
}

function pick(record: ApiRecord, keys: string[]): ApiRecord {
  return Object.fromEntries(
    keys.filter((k) => record[k] !== undefined && record[k] !== null && record[k] !== '').map((k) => [k, record[k]]),
  );
}

/**
 * A picture of a public sheet (its logo, a reference's image), inline only when its bytes are a
 * raster picture its property accepts; anything else is « not found » (docs/files.md).
 */
export async function sendImage(
  ctx: RequestContext,
  res: Response,
  ref: unknown,
  [entity, property]: [string, string],
): Promise<void> {
  // Public pictures of public sheets: a short private cache (they change when the team publishes).
  await sendStoredFile(ctx, res, ref, {
    purpose: 'image',
    accept: declaredAccept(ctx.app, entity, property),
    cacheControl: 'private, max-age=300',
  }).catch((err: unknown) => {
    throw err instanceof HttpError && err.status === 404 ? notFound(ctx) : err;
  });
}

/** The logo of a sheet the caller may open. */
export async function logoOf(ctx: RequestContext, pk: number): Promise<unknown> {
  return (await readableSheet(ctx, pk)).logo;
}

/** A reference image, when its reference is published and its sheet is one the caller may open. */
export async function referenceImageOf(ctx: RequestContext, pk: number): Promise<unknown> {
  const [image] = await rowsWhere(ctx, 'listepro-reference-image', 'pk', pk);
  if (!image) throw notFound(ctx);
  await readableSheet(ctx, image.professional as number);
  const [reference] = await rowsWhere(ctx, 'listepro-reference', 'pk', image.reference);
  if (!reference || reference.version !== 'published' || reference.transitionState !== 'published') throw notFound(ctx);
  return image.image;
}

/** Reads a file's bytes (for the PDF's logos); null when it is missing or not a PNG/JPEG picture. */
export async function imageBytes(
  ctx: RequestContext,
  ref: unknown,
): Promise<{ data: Buffer; type: 'PNG' | 'JPEG' } | null> {
  const file = ref as { key?: string; name?: string } | null;
  if (!file?.key) return null;
  try {
    const stream = await fileStorage(ctx.app).get(file.key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const data = Buffer.concat(chunks);
    // What the bytes are, not what the reference says (docs/files.md, « Types »).
    const actual = await typeOfHead(String(file.name ?? ''), data);
    const type = actual === 'image/png' ? 'PNG' : actual === 'image/jpeg' ? 'JPEG' : null;
    return type ? { data, type } : null;
  } catch {
    return null;
  }
}
