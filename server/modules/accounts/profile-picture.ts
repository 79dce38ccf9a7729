import { Router } from 'express';
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { AppContext, RequestContext } from '../../context';
import { message, notFound } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { HttpError, ValidationError } from '../../http/http-error';
import { nowIso } from '../../db/column-types';
import { parsePk } from '../../operations/find-one';
import { accountSettings } from './settings';
import { changeableUser, requireUser } from './profile';

export const MEDIA_URL = '/media/';
const PICTURES = 'profile-pics';

/** The image type from the first bytes, whatever the data URL claims. */
export function imageKind(bytes: Buffer): 'png' | 'jpg' | 'webp' | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

function tooLarge(ctx: RequestContext): HttpError {
  return new HttpError(413, 'too_large', message(ctx.app, 'errors.413'));
}

/** A data URL (or bare base64) → bytes, refusing oversize input before decoding it. */
export function decodePicture(ctx: RequestContext, value: string): { bytes: Buffer; ext: string } {
  const invalid = new ValidationError(
    [
      {
        path: 'profilePic',
        code: 'accounts.picture.invalid',
        params: {},
        message: message(ctx.app, 'accounts.picture.invalid'),
      },
    ],
    message(ctx.app, 'validation.summary'),
  );
  const m = /^data:([a-z0-9.+/-]*)(;[a-z0-9=.-]+)*;base64,/i.exec(value);
  const b64 = m ? value.slice(m[0].length) : value;
  const max = accountSettings(ctx.app).maxPictureBytes;
  if (b64.length > Math.ceil((max * 4) / 3) + 4) throw tooLarge(ctx);
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(b64)) throw invalid;
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length > max) throw tooLarge(ctx);
  const kind = imageKind(bytes);
  if (!kind) throw invalid;
  return { bytes, ext: kind };
}

/** The file behind a /media/ URL, only when it is inside the media folder. */
export function mediaFile(app: AppContext, url: string | null | undefined): string | null {
  if (!url || !url.startsWith(MEDIA_URL)) return null;
  const root = resolve(accountSettings(app).mediaDir);
  const file = resolve(root, decodeURIComponent(url.slice(MEDIA_URL.length)));
  return file.startsWith(root + sep) ? file : null;
}

export async function removeMediaFile(app: AppContext, url: string | null | undefined): Promise<void> {
  const file = mediaFile(app, url);
  if (file) await rm(file, { force: true });
}

async function storePicture(app: AppContext, userPk: number, bytes: Buffer, ext: string): Promise<string> {
  const dir = join(accountSettings(app).mediaDir, PICTURES, String(userPk));
  await mkdir(dir, { recursive: true });
  // 12 random characters (reference 1.4): a new name per upload, so caches never show an old face.
  const name = `${randomBytes(9).toString('base64url')}.${ext}`;
  await writeFile(join(dir, name), bytes, { mode: 0o644 });
  return `${MEDIA_URL}${PICTURES}/${userPk}/${name}`;
}

export function profilePictureRouter(app: AppContext): Router {
  const router = Router();

  router.get(
    '/api/v1/accounts/user-profile-pic/:pk/',
    asyncHandler(async (req, res) => {
      requireUser(req.ctx);
      const pk = parsePk(req.params.pk);
      const row =
        pk === null
          ? undefined
          : await app.database.db
              .selectFrom('account_user')
              .select(['pk', 'profile_pic'])
              .where('pk', '=', pk)
              .executeTakeFirst();
      if (!row) throw notFound(req.ctx);
      res.json({ pk: row.pk, profilePic: row.profile_pic || null });
    }),
  );

  router.patch(
    '/api/v1/accounts/user-profile-pic/:pk/',
    asyncHandler(async (req, res) => {
      const ctx = req.ctx;
      const target = await changeableUser(ctx, req.params.pk);
      const body = req.body as Record<string, unknown> | undefined;
      const value = body && typeof body === 'object' ? body.profilePic : undefined;
      if (value !== null && typeof value !== 'string') {
        throw new ValidationError(
          [{ path: 'profilePic', code: 'required', params: {}, message: message(app, 'validation.required') }],
          message(app, 'validation.summary'),
        );
      }
      const previous = (
        await app.database.db
          .selectFrom('account_user')
          .select('profile_pic')
          .where('pk', '=', target.pk)
          .executeTakeFirst()
      )?.profile_pic;
      let url: string | null = null;
      if (value !== null && value !== '') {
        const { bytes, ext } = decodePicture(ctx, value);
        url = await storePicture(app, target.pk, bytes, ext);
      }
      // profilePic is read-only in the user schema (no generic write can set it): this endpoint is its only writer.
      await app.database.db
        .updateTable('account_user')
        .set({ profile_pic: url ?? '', updated_at: nowIso() })
        .where('pk', '=', target.pk)
        .execute();
      if (previous && previous !== url) await removeMediaFile(app, previous);
      res.json({ pk: target.pk, profilePic: url });
    }),
  );

  return router;
}
