import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download';

describe('file name of a download', () => {
  it('reads content-disposition, quoted, plain or RFC 5987', () => {
    expect(fileNameOf('attachment; filename="thermix-2026-11-21.pdf"', 'x.pdf')).toBe('thermix-2026-11-21.pdf');
    expect(fileNameOf('attachment; filename=rapport.pdf', 'x.pdf')).toBe('rapport.pdf');
    expect(fileNameOf("attachment; filename*=UTF-8''%C3%A9cor%C3%A9nover.pdf", 'x.pdf')).toBe('écorénover.pdf');
    expect(fileNameOf(null, 'x.pdf')).toBe('x.pdf');
  });
});
