import busboy from 'busboy';
import type { Request } from 'express';
import type { Readable } from 'node:stream';
import {
  acceptLabel,
  cleanFileName,
  fileSpecOf,
  formatBytes,
  maxBytesOf,
  type FileRef,
} from '../../../engine/files/file-ref';
import { typeAllowed } from '../../../engine/files/file-type-rule';
import type { PropertySchema } from '../../../engine/schema/types';
import { translate } from '../../../engine/validation/messages';
import type { RequestContext } from '../../context';
import { message } from '../../context';
import { nowIso } from '../../db/column-types';
import { HttpError, ValidationError } from '../../http/http-error';
import { fileSettings, fileStorage, type StoredFile } from '../../storage';
import { HeadCapture, typeOfHead } from './stored-file-type';

/** Room for the multipart boundaries and headers around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

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
  /** The first bytes, which say the file's type (never the name or the type the client declared). */
  head: Buffer;
  truncated: boolean;
}

/** Reads the one `file` part of a multipart request into the storage, stopping at `max` bytes. */
function receive(ctx: RequestContext, req: Request, max: number): Promise<Received | null> {
  const storage = fileStorage(ctx.app);
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
    parser.on('file', (field: string, stream: Readable, info: busboy.FileInfo) => {
      if (field !== 'file' || pending) {
        stream.resume();
        return;
      }
      const name = cleanFileName(info.filename ?? '');
      let truncated = false;
      stream.on('limit', () => {
        truncated = true;
      });
      // The declared type (info.mimeType) is not even read: the stored bytes say what the file is.
      const capture = new HeadCapture();
      stream.on('error', (err) => capture.destroy(err));
      pending = storage.put(stream.pipe(capture)).then((stored) => ({ stored, name, head: capture.head(), truncated }));
      // Seen by whoever awaits it; without this an early rejection would be "unhandled".
      pending.catch(() => undefined);
    });
    parser.on('error', () => reject(fieldError(ctx, 'file_missing')));
    parser.on('close', () => {
      if (!pending) resolve(null);
      else pending.then(resolve, reject);
    });
    req.on('aborted', () => parser.destroy(new Error('request aborted')));
    req.pipe(parser);
  });
}

/**
 * One upload for a file property: streamed into the storage under a new key, checked against
 * the property's size (413 past the limit) and types — the type read from the bytes, which is the
 * one stored (docs/files.md, « Types ») — nothing kept after a refusal; then listed as pending for
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
  const received = await receive(ctx, req, max);
  if (!received) throw fieldError(ctx, 'file_missing');
  const storage = fileStorage(ctx.app);
  const { stored, name, head, truncated } = received;
  if (truncated || stored.size > max) {
    await storage.delete(stored.key);
    throw tooLarge(ctx, max);
  }
  if (stored.size === 0) {
    await storage.delete(stored.key);
    throw fieldError(ctx, 'file_empty');
  }
  const accept = fileSpecOf(prop).accept;
  const contentType = await typeOfHead(name, head);
  if (!typeAllowed(accept, contentType)) {
    await storage.delete(stored.key);
    throw fieldError(ctx, 'file_type', { accepted: acceptLabel(accept!) });
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
