import type { Readable } from 'node:stream';

/** What a storage answers once a file is written. */
export interface StoredFile {
  /** The key to read or delete it with: chosen by the storage (a random UUID), never by a caller. */
  key: string;
  /** Bytes written. */
  size: number;
}

/**
 * Where uploaded files live (`format: file` properties, docs/files.md). The database keeps only
 * the key; the content is read back through the download endpoints, which check the record's
 * rights, never served from the storage directly. Every implementation refuses a key that is not
 * one it could have made (a UUID), so that no caller-chosen text ever becomes a path or an
 * object name. Configured by FILE_STORAGE (server/storage/storage-settings.ts).
 */
export interface FileStorage {
  /** Writes a new file under a fresh key; on a failed or aborted source nothing is left behind. */
  put(source: Readable | Buffer): Promise<StoredFile>;
  /** The content, as a stream; rejects with FileNotFoundError when there is none. */
  get(key: string): Promise<Readable>;
  /** Removes the file; removing a missing one is not an error (deletes run after commits, maybe twice). */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export class FileNotFoundError extends Error {
  constructor(key: string) {
    super(`no stored file ${key}`);
    this.name = 'FileNotFoundError';
  }
}

export class InvalidFileKeyError extends Error {
  constructor() {
    super('invalid file key');
    this.name = 'InvalidFileKeyError';
  }
}
