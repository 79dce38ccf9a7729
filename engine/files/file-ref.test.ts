import { describe, expect, it } from 'vitest';
import { acceptLabel, acceptedType, cleanFileName, fileProblem, formatBytes, isFileRef, maxBytesOf } from './file-ref';
import { recordSchema } from '../validation/record-schema';
import { compileSchema } from '../validation/compile-schema-ajv';

const spec = { maxBytes: 5 * 1024 * 1024, accept: ['application/pdf', 'image/*', '.odt'] };

describe('file choices against a property’s x-file', () => {
  it('accepts the listed MIME types, wildcards and extensions, whatever the case', () => {
    expect(acceptedType(spec.accept, { name: 'plan.PDF', contentType: 'application/pdf' })).toBe(true);
    expect(acceptedType(spec.accept, { name: 'photo', contentType: 'image/jpeg' })).toBe(true);
    expect(acceptedType(spec.accept, { name: 'Compte-Rendu.ODT', contentType: 'application/octet-stream' })).toBe(true);
    expect(acceptedType(spec.accept, { name: 'outil.exe', contentType: 'application/x-msdownload' })).toBe(false);
    // "image/*" is a family, not a prefix of any text.
    expect(acceptedType(['image/*'], { name: 'x', contentType: 'imagex/png' })).toBe(false);
    expect(acceptedType(undefined, { name: 'x.bin', contentType: 'application/octet-stream' })).toBe(true);
  });

  it('says which rule a file breaks: type first, then size against the smaller of the limits', () => {
    expect(fileProblem(spec, { name: 'a.exe', contentType: 'application/x-msdownload', size: 1 }, 1e9)).toEqual({
      code: 'file_type',
      params: { accepted: '.odt' },
    });
    expect(fileProblem(spec, { name: 'a.pdf', contentType: 'application/pdf', size: spec.maxBytes + 1 }, 1e9)).toEqual({
      code: 'file_too_large',
      params: { max: '5 Mo' },
    });
    expect(fileProblem(spec, { name: 'a.pdf', contentType: 'application/pdf', size: spec.maxBytes }, 1e9)).toBeNull();
    // The server's limit caps what a declaration asks for.
    expect(maxBytesOf(spec, 1024 * 1024)).toBe(1024 * 1024);
    expect(fileProblem({}, { name: 'a', contentType: 'text/plain', size: 2048 }, 1024)?.code).toBe('file_too_large');
  });

  it('names the accepted formats by their extensions when the list has some', () => {
    expect(acceptLabel(['application/pdf', '.pdf', '.png'])).toBe('.pdf, .png');
    expect(acceptLabel(['application/pdf', 'image/*'])).toBe('application/pdf, image/*');
  });

  it('writes sizes in French units', () => {
    expect(formatBytes(1)).toBe('1 octet');
    expect(formatBytes(900)).toBe('900 octets');
    expect(formatBytes(1536)).toBe('1,5 ko');
    expect(formatBytes(20 * 1024 * 1024)).toBe('20 Mo');
  });

  it('keeps only the last segment of a name, without control characters, never empty, at most 255 characters', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('C:\\Users\\moi\\plan.pdf')).toBe('plan.pdf');
    expect(cleanFileName('a\u0000b\r\n.pdf')).toBe('ab.pdf');
    expect(cleanFileName('..')).toBe('fichier');
    expect(cleanFileName('')).toBe('fichier');
    const long = cleanFileName(`${'é'.repeat(300)}.pdf`);
    expect(long).toHaveLength(255);
    expect(long.endsWith('.pdf')).toBe(true);
  });
});

describe('a file property in record validation', () => {
  const entity = {
    name: 'x',
    hidden: new Set<string>(),
    schema: { properties: { doc: { type: ['object', 'null'], title: 'Doc', format: 'file' } } },
  } as never;
  const validate = compileSchema(recordSchema(entity));
  const ref = { key: '0f8fad5b-d9cb-469f-a165-70867728950e', name: 'a.pdf', size: 3, contentType: 'application/pdf' };

  it('accepts exactly a reference with a UUID key, or null', () => {
    expect(validate({ doc: ref })).toBe(true);
    expect(validate({ doc: null })).toBe(true);
    expect(isFileRef(ref)).toBe(true);
  });

  it('refuses a key that could become a path, extra fields, or a data URL in place of a reference', () => {
    expect(validate({ doc: { ...ref, key: '../../etc/passwd' } })).toBe(false);
    expect(isFileRef({ ...ref, key: '../x' })).toBe(false);
    expect(validate({ doc: { ...ref, path: '/tmp/x' } })).toBe(false);
    expect(validate({ doc: 'data:application/pdf;base64,AAAA' })).toBe(false);
    expect(validate({ doc: { ...ref, size: -1 } })).toBe(false);
  });
});
