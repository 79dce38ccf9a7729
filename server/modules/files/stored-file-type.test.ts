import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { FILE_HEAD_BYTES } from '../../../engine/files/file-type-rule';
import { HeadCapture, typeOfHead, withHead } from './stored-file-type';

const PNG_SIGNATURE = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);

describe('types read from stored bytes', () => {
  it('reads the signature, and text for markup whatever the name', async () => {
    expect(await typeOfHead('logo.txt', PNG_SIGNATURE)).toBe('image/png');
    expect(await typeOfHead('plan.png', Buffer.from('%PDF-1.4\n%%EOF\n'))).toBe('application/pdf');
    expect(await typeOfHead('evil.png', Buffer.from('<html><script>alert(1)</script></html>'))).toBe('text/plain');
    expect(await typeOfHead('evil.png', Buffer.from('GIF89a<script>alert(1)</script>'))).toBe('image/gif');
  });

  it('keeps the first bytes going by, and passes everything through', async () => {
    const content = Buffer.alloc(FILE_HEAD_BYTES * 2 + 10, 0x61);
    content[0] = 0x62;
    const capture = new HeadCapture();
    const out = await buffer(Readable.from([content.subarray(0, 100), content.subarray(100)]).pipe(capture));
    expect(out.equals(content)).toBe(true);
    expect(capture.head().equals(content.subarray(0, FILE_HEAD_BYTES))).toBe(true);
  });

  it('gives the head of a stream and the whole content after it, for short and long files', async () => {
    for (const size of [5, FILE_HEAD_BYTES, FILE_HEAD_BYTES * 3 + 7]) {
      const content = Buffer.from(Array.from({ length: size }, (_, i) => i % 251));
      const chunks = [content.subarray(0, 3), content.subarray(3, 4000), content.subarray(4000)].filter(
        (c) => c.length,
      );
      const { head, body } = await withHead(Readable.from(chunks));
      expect(head.equals(content.subarray(0, FILE_HEAD_BYTES))).toBe(true);
      expect((await buffer(body)).equals(content)).toBe(true);
    }
  });

  it('ends the source when the body is dropped unread', async () => {
    const source = Readable.from([Buffer.alloc(FILE_HEAD_BYTES), Buffer.alloc(10)]);
    const { body } = await withHead(source);
    body.destroy();
    await new Promise((resolve) => body.once('close', resolve));
    expect(source.destroyed).toBe(true);
  });
});
