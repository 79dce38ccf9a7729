import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileNotFoundError, type FileStorage, type StoredFile } from './file-storage';
import { assertFileKey, newFileKey } from './file-key';

/**
 * Files in a folder of the server (MEDIA_DIR/files by default): `<root>/<2 first characters of
 * the key>/<key>`, so that no folder holds millions of entries. The key is a UUID checked on
 * every call, so a path is never built from anything a caller wrote. A file is written under a
 * temporary name and renamed once complete: a reader never sees half a file, and an aborted
 * upload leaves nothing. The folder is not served by any static route (server/modules/accounts/
 * media.ts refuses it): contents go out through the download endpoints only.
 */
export class LocalFileStorage implements FileStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    assertFileKey(key);
    const path = join(this.root, key.slice(0, 2), key);
    // The key check already makes this impossible; kept so that a future key format cannot escape.
    if (!path.startsWith(this.root + sep)) throw new Error('file key outside the storage folder');
    return path;
  }

  async put(source: Readable | Buffer): Promise<StoredFile> {
    const key = newFileKey();
    const path = this.pathOf(key);
    const partial = `${path}.part`;
    await mkdir(join(this.root, key.slice(0, 2)), { recursive: true });
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    try {
      const input = Buffer.isBuffer(source) ? Readable.from([source]) : source;
      await pipeline(input, count, createWriteStream(partial, { flags: 'wx' }));
      await rename(partial, path);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
    return { key, size };
  }

  async get(key: string): Promise<Readable> {
    const path = this.pathOf(key);
    if (!(await this.exists(key))) throw new FileNotFoundError(key);
    return createReadStream(path);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
  }
}
