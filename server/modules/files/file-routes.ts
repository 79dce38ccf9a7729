import { Router, type Request, type Response } from 'express';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';
import { fileSpecOf, isFileRef, type FileRef } from '../../../engine/files/file-ref';
import type { AppContext, RequestContext } from '../../context';
import { denied, message, notFound } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { HttpError } from '../../http/http-error';
import { effectiveEntity } from '../../access/effective-entity';
import { assertModuleEnabled, assertNotSecretLinked, mayEverDo } from '../../operations/entity-access';
import { findOne } from '../../operations/find-one';
import { FileNotFoundError, fileStorage, InvalidFileKeyError } from '../../storage';
import { entityAtPath, fileProperty } from './file-entities';
import { uploadFile } from './upload-file';
import { attachmentHeaders, sendStoredFile } from './send-stored-file';

/** Records one ZIP may gather (a list page at most). */
export const ZIP_MAX_RECORDS = 200;

const PROPERTY = '([A-Za-z][A-Za-z0-9]*)';

async function openStored(ctx: RequestContext, ref: FileRef): Promise<Readable> {
  try {
    return await fileStorage(ctx.app).get(ref.key);
  } catch (err) {
    if (err instanceof FileNotFoundError || err instanceof InvalidFileKeyError)
      throw new HttpError(404, 'file_not_found', message(ctx.app, 'errors.file_not_found'));
    throw err;
  }
}

/** The record's file, after findOne checked that the record exists and the caller may view it. */
async function viewableFile(ctx: RequestContext, entityName: string, pk: string, property: string) {
  const record = await findOne(ctx, entityName, pk);
  // A field the white label hides is not sent with the record: its file is not either.
  const value = record[property];
  return isFileRef(value) ? value : null;
}

function parsePks(ctx: RequestContext, raw: unknown): string[] {
  const text = Array.isArray(raw) ? raw.join(',') : typeof raw === 'string' ? raw : '';
  const pks = [...new Set(text.split(',').map((p) => p.trim()))].filter(Boolean);
  if (!pks.length || pks.length > ZIP_MAX_RECORDS || pks.some((p) => !/^\d{1,10}$/.test(p)))
    throw new HttpError(400, 'zip_selection', message(ctx.app, 'errors.file_zip_selection', { max: ZIP_MAX_RECORDS }));
  return pks;
}

/** « plan.pdf », « plan (2).pdf »: names unique inside one ZIP. */
export function uniqueNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    for (let i = 2; seen.has(candidate.toLowerCase()); i++) candidate = `${stem} (${i})${ext}`;
    seen.add(candidate.toLowerCase());
    return candidate;
  });
}

async function sendZip(res: Response, zipName: string, files: { name: string; ref: FileRef }[], ctx: RequestContext) {
  attachmentHeaders(res, zipName, 'application/zip', 'private, no-store');
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      res.destroy(err);
      return;
    }
    res.write(chunk);
    if (final) res.end();
  });
  const names = uniqueNames(files.map((f) => f.name));
  for (const [i, file] of files.entries()) {
    // Documents are mostly compressed already (PDF, images, office files): stored as they are.
    const entry = new ZipPassThrough(names[i]!);
    zip.add(entry);
    const stream = await openStored(ctx, file.ref).catch(() => null);
    if (stream) {
      for await (const chunk of stream) {
        entry.push(chunk as Uint8Array);
        if (res.writableNeedDrain) await once(res, 'drain');
      }
    }
    entry.push(new Uint8Array(0), true);
  }
  zip.end();
}

/**
 * Files of `format: file` properties, for every entity that has one (docs/files.md):
 * - POST /api/v1/<path>/file/<property>/ — multipart upload (part `file`), for a caller who may
 *   create or change records of the entity; answers the reference to put in the record's field;
 * - GET /api/v1/<path>/<pk>/file/<property>/ — the file of one record the caller may view;
 * - GET /api/v1/<path>/file/<property>/zip/?pk=1,2,3 — the files of several records as one ZIP,
 *   each record checked like a download (one refused record refuses the whole ZIP).
 * Uploads are streamed by busboy: the JSON body limit of /api does not apply to them (it reads
 * application/json only), the property's size limit does.
 */
export function fileRouter(app: AppContext): Router {
  // Configured at start: a FILE_STORAGE that cannot work (s3 today) stops the server here, not at a first upload.
  fileStorage(app);
  const router = Router();

  router.post(
    new RegExp(`^/api/v1/(.+)/file/${PROPERTY}/?$`),
    asyncHandler(async (req: Request, res: Response) => {
      const ctx = req.ctx;
      const params = req.params as unknown as Record<string, string>;
      const entity = entityAtPath(ctx, params[0]!);
      const prop = fileProperty(ctx, entity, params[1]!);
      assertModuleEnabled(ctx, entity);
      assertNotSecretLinked(ctx, entity);
      const actions = entity.schema['x-entity'].api?.actions ?? [];
      const mayCreate = actions.includes('create') && mayEverDo(ctx, entity, 'create');
      const mayChange = actions.includes('update') && mayEverDo(ctx, entity, 'change');
      if (!mayCreate && !mayChange) throw denied(ctx);
      const effective = await effectiveEntity(ctx.app, entity.name, ctx.whiteLabel);
      if (prop.readOnly || effective.hidden.has(params[1]!)) throw denied(ctx);
      try {
        res.status(201).json(await uploadFile(ctx, req, entity.name, params[1]!, prop));
      } catch (err) {
        // The rest of a refused body is not read: the connection cannot carry another request.
        if (err instanceof HttpError && err.status === 413) res.set('Connection', 'close');
        throw err;
      }
    }),
  );

  router.get(
    new RegExp(`^/api/v1/(.+)/(\\d{1,15})/file/${PROPERTY}/?$`),
    asyncHandler(async (req: Request, res: Response) => {
      const ctx = req.ctx;
      const params = req.params as unknown as Record<string, string>;
      const entity = entityAtPath(ctx, params[0]!);
      const prop = fileProperty(ctx, entity, params[2]!);
      if (!(entity.schema['x-entity'].api?.actions ?? []).includes('detail')) throw notFound(ctx);
      const ref = await viewableFile(ctx, entity.name, params[1]!, params[2]!);
      if (!ref) throw new HttpError(404, 'file_not_found', message(ctx.app, 'errors.file_not_found'));
      await sendStoredFile(ctx, res, ref, {
        purpose: 'download',
        accept: fileSpecOf(prop).accept,
        cacheControl: 'private, no-store',
      });
    }),
  );

  router.get(
    new RegExp(`^/api/v1/(.+)/file/${PROPERTY}/zip/?$`),
    asyncHandler(async (req: Request, res: Response) => {
      const ctx = req.ctx;
      const params = req.params as unknown as Record<string, string>;
      const entity = entityAtPath(ctx, params[0]!);
      fileProperty(ctx, entity, params[1]!);
      if (!(entity.schema['x-entity'].api?.actions ?? []).includes('detail')) throw notFound(ctx);
      const pks = parsePks(ctx, req.query.pk);
      // Every record is checked before the first byte goes out: a refusal is a clean 403/404.
      const files: { name: string; ref: FileRef }[] = [];
      for (const pk of pks) {
        const ref = await viewableFile(ctx, entity.name, pk, params[1]!);
        if (ref) files.push({ name: ref.name, ref });
      }
      if (!files.length) throw new HttpError(404, 'file_not_found', message(ctx.app, 'errors.file_not_found'));
      await sendZip(res, `${entity.schema['x-entity'].labels.plural}.zip`, files, ctx);
    }),
  );

  return router;
}
