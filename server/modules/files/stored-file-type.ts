import { fileTypeFromBuffer } from 'file-type';
import { Readable, Transform } from 'node:stream';
import { actualFileType, FILE_HEAD_BYTES, type SniffedType } from '../../../engine/files/file-type-rule';

/**
 * The signature in the first bytes, read by `file-type` (docs/files.md, « Types »); undefined when
 * there is none it knows (text, or unknown bytes). A head too short for a format is « none ».
 */
export async function sniffType(head: Uint8Array): Promise<SniffedType | undefined> {
  try {
    const found = await fileTypeFromBuffer(head);
    return found ? { mime: found.mime, ext: found.ext } : undefined;
  } catch {
    return undefined;
  }
}

/** The type a file is stored and sent as: from its first FILE_HEAD_BYTES bytes, whatever its name claims. */
export async function typeOfHead(name: string, head: Uint8Array): Promise<string> {
  const bytes = head.subarray(0, FILE_HEAD_BYTES);
  return actualFileType(name, await sniffType(bytes), bytes);
}

/** A pass-through that keeps a copy of the first FILE_HEAD_BYTES bytes going by (an upload on its way). */
export class HeadCapture extends Transform {
  private readonly chunks: Buffer[] = [];
  private kept = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (err?: Error | null, data?: Buffer) => void) {
    if (this.kept < FILE_HEAD_BYTES) {
      const part = chunk.subarray(0, FILE_HEAD_BYTES - this.kept);
      this.chunks.push(Buffer.from(part));
      this.kept += part.length;
    }
    done(null, chunk);
  }

  head(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

/**
 * Reads the first FILE_HEAD_BYTES bytes of a stored file's stream and gives them with a stream of
 * the whole content (those bytes, then the rest), so a sender checks the type before the first
 * byte goes out without reading the file twice. Destroying `body` ends the source.
 */
export async function withHead(source: Readable): Promise<{ head: Buffer; body: Readable }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let size = 0;
  let ended = false;
  while (size < FILE_HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    size += next.value.length;
  }
  const start = Buffer.concat(chunks);
  async function* all() {
    try {
      if (start.length) yield start;
      if (ended) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      source.destroy();
    }
  }
  const body = Readable.from(all(), { objectMode: false });
  // Destroyed before its first read (a refused send, a client gone), the generator never runs its finally.
  body.once('close', () => source.destroy());
  return { head: start.subarray(0, FILE_HEAD_BYTES), body };
}
