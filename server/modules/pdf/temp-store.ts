import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { sql } from 'kysely';
import type { AppContext, RequestContext } from '../../context';
import { message } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { HttpError, ValidationError } from '../../http/http-error';
import { getEntity } from '../../../engine/schema/registry';
import { findBySecret } from '../../operations/find-secret';
import { create } from '../../operations/write';
import { assertReasonableBody } from '../simulators/request-validation';

const BASE = '/api/v1/pdf_generator/pdf_temp_store';
/**
 * Print pages read their data within seconds; a day (the entity's secretLink.ttlHours) leaves room for a report
 * opened again later.
 */
export const TEMP_STORE_TTL_MS = 24 * 60 * 60 * 1000;
/** Characters of JSON text kept per entry (a visit report with its photos stays under it). */
export const TEMP_STORE_MAX_CHARS = 5_000_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function expiryCutoff(): string {
  return new Date(Date.now() - TEMP_STORE_TTL_MS).toISOString();
}

/** Expired entries are deleted when someone stores a new one: no timer, works with many processes. */
async function purgeExpired(ctx: RequestContext): Promise<void> {
  const table = getEntity(ctx.app.registry, 'pdf-temp-store').schema['x-entity'].table;
  await ctx.app.database.db
    .deleteFrom(table as never)
    .where(sql.ref('updated_at'), '<', expiryCutoff())
    .execute();
}

function missing(ctx: RequestContext): HttpError {
  return new HttpError(404, 'not_found', message(ctx.app, 'simulators.temp_store_missing'));
}

async function store(ctx: RequestContext, body: unknown): Promise<{ uuid: string }> {
  assertReasonableBody(ctx, body, '', { maxNodes: 500_000 });
  const data =
    body !== null && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>).data
      : undefined;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new ValidationError(
      [{ path: '/data', code: 'object', params: {}, message: message(ctx.app, 'simulators.temp_store_data') }],
      message(ctx.app, 'validation.summary'),
    );
  }
  return storeTempData(ctx, data);
}

/** Keeps `data` for the print pages (24 hours) and answers its uuid; also used by modules that assemble it. */
export async function storeTempData(ctx: RequestContext, data: object): Promise<{ uuid: string }> {
  const payload = JSON.stringify(data);
  if (payload.length > TEMP_STORE_MAX_CHARS) throw new HttpError(413, 'too_large', message(ctx.app, 'errors.413'));
  await purgeExpired(ctx);
  const uuid = randomUUID();
  await create(ctx, 'pdf-temp-store', { uuid, payload });
  return { uuid };
}

/** A stored entry (404 in French once expired or unknown). */
export async function readTempData(ctx: RequestContext, uuid: string) {
  if (!UUID.test(uuid)) throw missing(ctx);
  const entry = await findBySecret(ctx, 'pdf-temp-store', uuid).catch((e: unknown) => {
    if (e instanceof HttpError && e.status === 404) throw missing(ctx);
    throw e;
  });
  return {
    uuid,
    data: JSON.parse(String(entry.payload)) as unknown,
    createdAt: entry.createdAt,
    updatedAt: entry.updatedAt,
  };
}

/**
 * The temporary store the print pages (/thermix/rapport/:uuid/pdf, /ecorenover/rapport/:uuid/pdf,
 * visit reports) read: POST stores `{data}` and answers `{uuid}`; GET answers `{uuid, data,
 * createdAt, updatedAt}` for 24 hours. Anyone may store (the public simulators print too), within
 * a size limit and a rate per address; the random uuid is what gives access.
 */
export function tempStoreRouter(app: AppContext): Router {
  const router = Router();
  router.post(
    `${BASE}/`,
    rateLimit({
      windowMs: 60_000,
      limit: Number(process.env.PDF_TEMP_STORE_PER_MINUTE ?? 60),
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      handler: (_req, res) => {
        res.status(429).json({ error: 'too_many_requests', message: message(app, 'errors.429') });
      },
    }),
    asyncHandler(async (req, res) => {
      res.status(201).json(await store(req.ctx, req.body));
    }),
  );
  router.get(
    [`${BASE}/:uuid`, `${BASE}/:uuid/`],
    asyncHandler(async (req, res) => {
      res.set('cache-control', 'no-store').json(await readTempData(req.ctx, String(req.params.uuid)));
    }),
  );
  return router;
}
