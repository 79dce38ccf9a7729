import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { isFileRef, type FileRef } from '../../../engine/files/file-ref';
import { mayShowInline, OCTET_STREAM, typeAllowed } from '../../../engine/files/file-type-rule';
import type { RequestContext } from '../../context';
import { message } from '../../context';
import { HttpError } from '../../http/http-error';
import { FileNotFoundError, fileStorage, InvalidFileKeyError } from '../../storage';
import { typeOfHead, withHead } from './stored-file-type';

/**
 * `download`: the file as an attachment under its name (a record's file, an export);
 * `image`: a picture an <img> shows (public pages, mails): inline when the bytes are a raster
 * picture the property accepts, « not found » otherwise.
 */
export type FilePurpose = 'download' | 'image';

export interface SendStoredFile {
  purpose: FilePurpose;
  /** The `x-file.accept` of the property the file belongs to (undefined: any type). */
  accept: readonly string[] | undefined;
  /** `private, no-store` for a record's file; pictures of public pages may be cached. */
  cacheControl: string;
}

function fileNotFound(ctx: RequestContext): HttpError {
  return new HttpError(404, 'file_not_found', message(ctx.app, 'errors.file_not_found'));
}

/**
 * Headers of every answer that carries a file's bytes (a ZIP too): the browser never guesses a
 * type (`nosniff`) and never runs anything from it on the application's origin (sandbox, no source).
 */
export function inertFileHeaders(res: Response, cacheControl: string): void {
  res.set('X-Content-Type-Options', 'nosniff');
  res.set('Content-Security-Policy', "default-src 'none'; sandbox");
  res.set('Cache-Control', cacheControl);
}

/** An attachment: saved under `name`, never displayed in the application's origin. */
export function attachmentHeaders(res: Response, name: string, contentType: string, cacheControl: string): void {
  res.attachment(name);
  res.set('Content-Type', contentType);
  inertFileHeaders(res, cacheControl);
}

/**
 * The one way a stored file leaves the server (docs/files.md, « Sending a file »), for every
 * entity and route. The type sent is read again from the stored bytes — never the reference's
 * `contentType`, which older uploads took from the client — and must be in the property's
 * accept list: otherwise a download is plain bytes (`application/octet-stream`) and a picture is
 * not found. Only a raster picture is ever inline; everything else is an attachment. Callers check
 * the module flag and the record's view right first (the generic route through findOne).
 */
export async function sendStoredFile(
  ctx: RequestContext,
  res: Response,
  ref: unknown,
  options: SendStoredFile,
): Promise<void> {
  if (!isFileRef(ref)) throw fileNotFound(ctx);
  const file: FileRef = ref;
  let source;
  try {
    source = await fileStorage(ctx.app).get(file.key);
  } catch (err) {
    if (err instanceof FileNotFoundError || err instanceof InvalidFileKeyError) throw fileNotFound(ctx);
    throw err;
  }
  const { head, body } = await withHead(source);
  const type = await typeOfHead(file.name, head);
  const allowed = typeAllowed(options.accept, type);
  if (options.purpose === 'image') {
    if (!allowed || !mayShowInline(type)) {
      body.destroy();
      throw fileNotFound(ctx);
    }
    res.set('Content-Type', type);
    res.set('Content-Disposition', 'inline');
    inertFileHeaders(res, options.cacheControl);
  } else {
    attachmentHeaders(res, file.name, allowed ? type : OCTET_STREAM, options.cacheControl);
  }
  // A client gone half-way is no server error: the pipeline ends both streams.
  await pipeline(body, res).catch(() => undefined);
}
