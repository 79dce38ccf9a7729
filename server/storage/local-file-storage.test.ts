import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LocalFileStorage } from './local-file-storage';
import { FileNotFoundError, InvalidFileKeyError } from './file-storage';
import { isFileKey } from './file-key';

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function allFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

describe('local file storage', () => {
  const root = mkdtempSync(join(tmpdir(), 'files-'));
  const storage = new LocalFileStorage(root);

  it('stores a buffer or a stream under a fresh random key and reads it back', async () => {
    const a = await storage.put(Buffer.from('premier'));
    const b = await storage.put(Readable.from([Buffer.from('deux'), Buffer.from('ième')]));
    expect(isFileKey(a.key) && isFileKey(b.key)).toBe(true);
    expect(a.key).not.toBe(b.key);
    expect(b.size).toBe(Buffer.byteLength('deuxième'));
    expect(await text(await storage.get(a.key))).toBe('premier');
    expect(await text(await storage.get(b.key))).toBe('deuxième');
    expect(await storage.exists(a.key)).toBe(true);
    await storage.delete(a.key);
    expect(await storage.exists(a.key)).toBe(false);
    await expect(storage.get(a.key)).rejects.toBeInstanceOf(FileNotFoundError);
    await storage.delete(a.key); // twice: no error
  });

  it('refuses every key it could not have made, before touching the file system', async () => {
    for (const key of ['../../etc/passwd', '/etc/passwd', 'a/../b', '', 'ABCDEFAB-0000-4000-8000-000000000000x']) {
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
      await expect(storage.exists(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
    }
  });

  it('leaves nothing behind when the source fails half-way', async () => {
    const before = allFiles(root).length;
    const failing = new Readable({
      read() {
        this.push(Buffer.from('début'));
        this.destroy(new Error('connexion coupée'));
      },
    });
    await expect(storage.put(failing)).rejects.toThrow('connexion coupée');
    expect(allFiles(root)).toHaveLength(before);
  });
});
