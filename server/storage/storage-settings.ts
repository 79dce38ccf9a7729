import { resolve } from 'node:path';
import { ROOT_DIR } from '../config';

export type FileStorageDriver = 'local' | 's3';

/** What the file storage reads from the environment (README, docs/files.md). */
export interface FileSettings {
  /** FILE_STORAGE: `local` (default) or `s3`. */
  driver: FileStorageDriver;
  /** Files of the local storage: MEDIA_DIR/files (MEDIA_DIR defaults to data/media). */
  localRoot: string;
  /** FILE_MAX_BYTES: the largest upload, whatever a property declares (default 20 Mo). */
  maxBytes: number;
  /** Pending uploads never attached to a record are removed after this many hours (FILE_PENDING_HOURS). */
  pendingHours: number;
  /** FILE_S3_*: read only when the driver is s3. */
  s3: {
    endpoint: string | null;
    region: string | null;
    bucket: string | null;
    accessKeyId: string | null;
    secretAccessKey: string | null;
    forcePathStyle: boolean;
  };
}

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
}

export function loadFileSettings(env: NodeJS.ProcessEnv = process.env): FileSettings {
  const raw = (env.FILE_STORAGE || 'local').trim().toLowerCase();
  if (raw !== 'local' && raw !== 's3') throw new Error(`FILE_STORAGE=${raw}: expected local or s3`);
  return {
    driver: raw,
    localRoot: resolve(ROOT_DIR, env.MEDIA_DIR || 'data/media', 'files'),
    maxBytes: positive(env.FILE_MAX_BYTES, 20 * 1024 * 1024),
    pendingHours: positive(env.FILE_PENDING_HOURS, 24),
    s3: {
      endpoint: env.FILE_S3_ENDPOINT || null,
      region: env.FILE_S3_REGION || null,
      bucket: env.FILE_S3_BUCKET || null,
      accessKeyId: env.FILE_S3_ACCESS_KEY_ID || null,
      secretAccessKey: env.FILE_S3_SECRET_ACCESS_KEY || null,
      forcePathStyle: env.FILE_S3_FORCE_PATH_STYLE === 'true',
    },
  };
}
