import type { Kysely } from 'kysely';
import type { EntityRuntime } from '../../engine/schema/registry';
import { fileProperties, isFileRef, type FileRef } from '../../engine/files/file-ref';
import type { FieldError } from '../../engine/validation/field-error';
import { translate } from '../../engine/validation/messages';
import type { RequestContext } from '../context';
import type { AppDatabase } from '../db/tables';
import type { ApiRecord } from '../db/row-mapper';
import { afterCommit } from '../db/transaction';
import { fileStorage } from '../storage';

function errorOf(ctx: RequestContext, path: string, code: string): FieldError {
  return { path, code, params: {}, message: translate(ctx.app.catalogue, `validation.${code}`) };
}

/**
 * Turns the file values a save received into stored references, inside the write transaction.
 * A client sends back either the reference the record already has (kept as stored, whatever
 * name or size it claims), null (the file is removed), or the answer of an upload: that one is
 * accepted only if this caller uploaded it for this entity and property and it was never
 * attached (table file_upload), and its name, size and type are taken from the upload, not from
 * the client. Files the record no longer points to are deleted from the storage after the
 * commit, never before: a save that fails keeps them. Returns the errors (the caller refuses the
 * save with them).
 */
export async function attachFiles(
  ctx: RequestContext,
  db: Kysely<AppDatabase>,
  entity: EntityRuntime,
  record: ApiRecord,
  previous?: ApiRecord,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const obsolete: string[] = [];
  for (const property of fileProperties(entity.schema.properties)) {
    const value = record[property];
    const before = previous && isFileRef(previous[property]) ? (previous[property] as FileRef) : null;
    if (value === undefined) continue;
    if (value === null || value === '') {
      record[property] = null;
      if (before) obsolete.push(before.key);
      continue;
    }
    const key = value && typeof value === 'object' ? (value as { key?: unknown }).key : undefined;
    if (typeof key !== 'string') continue; // not a reference: record validation says so
    if (before && before.key === key) {
      record[property] = before;
      continue;
    }
    let pending = db
      .selectFrom('file_upload')
      .selectAll()
      .where('file_key', '=', key)
      .where('entity', '=', entity.name)
      .where('property', '=', property);
    pending = ctx.user.pk === null ? pending.where('user_pk', 'is', null) : pending.where('user_pk', '=', ctx.user.pk);
    const upload = await pending.executeTakeFirst();
    if (!upload) {
      errors.push(errorOf(ctx, property, 'file_unknown'));
      continue;
    }
    await db.deleteFrom('file_upload').where('pk', '=', upload.pk).execute();
    record[property] = { key, name: upload.name, size: Number(upload.size), contentType: upload.content_type };
    if (before) obsolete.push(before.key);
  }
  if (obsolete.length && !errors.length) await deleteFilesAfterCommit(ctx, obsolete);
  return errors;
}

/** The storage keys a record points to. */
export function fileKeysOf(entity: EntityRuntime, record: ApiRecord): string[] {
  return fileProperties(entity.schema.properties)
    .map((p) => record[p])
    .filter(isFileRef)
    .map((f) => f.key);
}

/** Removes stored files once the outermost transaction has committed (never on a rollback). */
export async function deleteFilesAfterCommit(ctx: RequestContext, keys: string[]): Promise<void> {
  if (!keys.length) return;
  await afterCommit(ctx, async (app) => {
    const storage = fileStorage(app);
    for (const key of keys) {
      try {
        await storage.delete(key);
      } catch (err) {
        // The record no longer points to it: a file left over costs space, never data.
        app.logger.warn({ err, key }, 'could not delete a stored file');
      }
    }
  });
}
