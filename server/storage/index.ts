import type { AppContext } from '../context';
import type { FileStorage } from './file-storage';
import { LocalFileStorage } from './local-file-storage';
import { loadFileSettings, type FileSettings } from './storage-settings';

export type { FileStorage, StoredFile } from './file-storage';
export { FileNotFoundError, InvalidFileKeyError } from './file-storage';
export type { FileSettings } from './storage-settings';

interface Configured {
  settings: FileSettings;
  storage: FileStorage;
}

const byApp = new WeakMap<AppContext, Configured>();

/**
 * The storage FILE_STORAGE names. `s3` is declared but has no implementation in this code base
 * yet (no S3 client library is installed, and none could be tested here): choosing it stops the
 * server at start (fileRouter configures the storage) with a message saying so, rather than
 * writing files somewhere unexpected. docs/files.md says how to plug one in: a class implementing FileStorage, built
 * here from `settings.s3`.
 */
export function createFileStorage(settings: FileSettings): FileStorage {
  if (settings.driver === 's3') {
    throw new Error(
      'FILE_STORAGE=s3: no S3-compatible storage is implemented yet; ' +
        'docs/files.md (section Storage) says how to add one',
    );
  }
  return new LocalFileStorage(settings.localRoot);
}

function configured(app: AppContext): Configured {
  let c = byApp.get(app);
  if (!c) {
    const settings = loadFileSettings();
    c = { settings, storage: createFileStorage(settings) };
    byApp.set(app, c);
  }
  return c;
}

/** The application's file storage (read from the environment on first use). */
export function fileStorage(app: AppContext): FileStorage {
  return configured(app).storage;
}

export function fileSettings(app: AppContext): FileSettings {
  return configured(app).settings;
}

/** Tests (and a process that wants another root) give an application its own storage and limits. */
export function useFileStorage(app: AppContext, settings: FileSettings, storage?: FileStorage): void {
  byApp.set(app, { settings, storage: storage ?? createFileStorage(settings) });
}
