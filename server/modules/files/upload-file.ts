import busboy from 'busboy';
import type { Request } from 'express';
import type { Readable } from 'node:stream';
import {
  cleanFileName,
  fileProblem,
  fileSpecOf,
  formatBytes,
  maxBytesOf,
  type FileRef,
} from '../../../engine/files/file-ref';
import type { PropertySchema } from '../../../engine/schema/types';
import { translate } from '../../../engine/validation/messages';
import type { RequestContext } from '../../context';
import { message } from '../../context';
import { nowIso } from '../../db/column-types';
import { HttpError, ValidationError } from '../../http/http-error';
import { fileSettings, fileStorage, type StoredFile } from '../../storage';

/** Room for the multipart boundaries and headers around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

function tooLarge(ctx: RequestContext, max: number): HttpError {
  return new HttpError(413, 'too_large', message(ctx.app, 'errors.413'), [
    {
      path: 'file',
      code: 'file_too_large',
      params: { max: formatBytes(max) },
      message: translate(ctx.app.catalogue, 'validation.file_too_large', { max: formatBytes(max) }),
    },
  ]);
}

function fieldError(ctx: RequestContext, code: string, params: Record<string, unknown> = {}): ValidationError {
  return new ValidationError(
    [{ path: 'file', code, params, message: translate(ctx.app.catalogue, `validation.${code}`, params) }],
    message(ctx.app, 'validation.summary'),
  );
}

interface Received {
  stored: StoredFile;
  name: string;
  contentType: string;
  truncated: boolean;
}

/** Reads the one `file` part of a multipart request into the storage, stopping at `max` bytes. */
function receive(ctx: RequestContext, req: Request, prop: PropertySchema, max: number): Promise<Received | null> {
  const storage = fileStorage(ctx.app);
  const spec = fileSpecOf(prop);
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // Browsers send file names as UTF-8 bytes; busboy's default would read them as Latin-1.
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: { files: 1, fileSize: max, fields: 10, parts: 20 },
      });
    } catch {
      reject(fieldError(ctx, 'file_missing'));
      return;
    }
    let pending: Promise<Received> | null = null;
    let refused: HttpError | null = null;
    parser.on('file', (field: string, stream: Readable, info: busboy.FileInfo) => {
      if (field !== 'file' || pending || refused) {
        stream.resume();
        return;
      }
      const name = cleanFileName(info.filename ?? '');
      const declared = (info.mimeType ?? '').toLowerCase();
      const contentType = MIME.test(declared) ? declared : 'application/octet-stream';
      const problem = fileProblem(spec, { name, contentType }, max);
      if (problem) {
        refused = fieldError(ctx, problem.code, problem.params);
        stream.resume();
        return;
      }
      let truncated = false;
      stream.on('limit', () => {
        truncated = true;
      });
      pending = storage.put(stream).then((stored) => ({ stored, name, contentType, truncated }));
      // Seen by whoever awaits it; without this an early rejection would be "unhandled".
      pending.catch(() => undefined);
    });
    parser.on('error', () => reject(fieldError(ctx, 'file_missing')));
    parser.on('close', () => {
      if (refused) reject(refused);
      else if (!pending) resolve(null);
      else pending.then(resolve, reject);
    });
    req.on('aborted', () => parser.destroy(new Error('request aborted')));
    req.pipe(parser);
  });
}

/**
 * One upload for a file property: streamed into the storage under a new key, checked against
 * the property's types and size (413 past the limit, nothing kept), then listed as pending for
 * this caller, entity and property until a save attaches it (server/operations/file-fields.ts).
 */
export async function uploadFile(
  ctx: RequestContext,
  req: Request,
  entityName: string,
  property: string,
  prop: PropertySchema,
): Promise<FileRef> {
  const max = maxBytesOf(fileSpecOf(prop), fileSettings(ctx.app).maxBytes);
  const declaredLength = Number(req.get('content-length'));
  if (Number.isFinite(declaredLength) && declaredLength > max + MULTIPART_OVERHEAD) throw tooLarge(ctx, max);
  if (!/^multipart\/form-data/i.test(req.get('content-type') ?? '')) throw fieldError(ctx, 'file_missing');
  const received = await receive(ctx, req, prop, max);
  if (!received) throw fieldError(ctx, 'file_missing');
  const storage = fileStorage(ctx.app);
  const { stored, name, contentType, truncated } = received;
  if (truncated || stored.size > max) {
    await storage.delete(stored.key);
    throw tooLarge(ctx, max);
  }
  if (stored.size === 0) {
    await storage.delete(stored.key);
    throw fieldError(ctx, 'file_empty');
  }
  try {
    await ctx.app.database.db
      .insertInto('file_upload')
      .values({
        file_key: stored.key,
        entity: entityName,
        property,
        user_pk: ctx.user.pk,
        name,
        size: stored.size,
        content_type: contentType,
        created_at: nowIso(),
      })
      .execute();
  } catch (err) {
    await storage.delete(stored.key);
    throw err;
  }
  return { key: stored.key, name, size: stored.size, contentType };
}
