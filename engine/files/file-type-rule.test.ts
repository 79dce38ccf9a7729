import { describe, expect, it } from 'vitest';
import { actualFileType, isTextHead, mayShowInline, typeAllowed } from './file-type-rule';

const bytes = (text: string) => new TextEncoder().encode(text);
const IMAGES = ['image/png', 'image/jpeg', '.png', '.jpg', '.jpeg'];

describe('the type of a file, from its bytes', () => {
  it('is the signature when there is one, whatever the name says', () => {
    expect(actualFileType('evil.png', { mime: 'image/gif', ext: 'gif' }, bytes('GIF89a'))).toBe('image/gif');
    expect(actualFileType('plan.pdf', { mime: 'application/pdf', ext: 'pdf' }, bytes('%PDF-1.4'))).toBe(
      'application/pdf',
    );
    expect(actualFileType('anim.png', { mime: 'image/apng', ext: 'apng' }, bytes('x'))).toBe('image/png');
  });

  it('is plain text for text bytes — HTML, SVG or script included — and CSV only by its name', () => {
    expect(actualFileType('evil.png', undefined, bytes('<!doctype html><script>alert(1)</script>'))).toBe('text/plain');
    expect(actualFileType('evil.svg', undefined, bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(
      'text/plain',
    );
    // SVG with an XML prolog is « application/xml » for file-type: markup, so text as well.
    expect(actualFileType('a.svg', { mime: 'application/xml', ext: 'xml' }, bytes('<?xml?><svg/>'))).toBe('text/plain');
    expect(actualFileType('a.ics', { mime: 'text/calendar', ext: 'ics' }, bytes('BEGIN:VCALENDAR'))).toBe('text/plain');
    expect(actualFileType('Export.CSV', undefined, bytes('nom;ville\r\nDupont;Grenoble\r\n'))).toBe('text/csv');
    // Excel's French CSV is Windows-1252: « é » is the byte 0xE9.
    expect(actualFileType('liste.csv', undefined, Uint8Array.from([0x63, 0xe9, 0x3b, 0x0d, 0x0a]))).toBe('text/csv');
  });

  it('is application/octet-stream for unknown binary bytes', () => {
    expect(actualFileType('a.png', undefined, Uint8Array.from([0x4d, 0x5a, 0x00, 0x01]))).toBe(
      'application/octet-stream',
    );
  });

  it('refines an old office container by its name only', () => {
    const cfb = { mime: 'application/x-cfb', ext: 'cfb' };
    expect(actualFileType('devis.doc', cfb, bytes('x'))).toBe('application/msword');
    expect(actualFileType('budget.XLS', cfb, bytes('x'))).toBe('application/vnd.ms-excel');
    expect(actualFileType('page.html', cfb, bytes('x'))).toBe('application/x-cfb');
  });

  it('tells text from binary heads', () => {
    expect(isTextHead(bytes('bonjour\tà tous\n'))).toBe(true);
    expect(isTextHead(Uint8Array.from([0xff, 0xfe, 0x41, 0x00]))).toBe(true);
    expect(isTextHead(Uint8Array.from([0x41, 0x00, 0x42]))).toBe(false);
    expect(isTextHead(Uint8Array.from([0x41, 0x7f]))).toBe(false);
    expect(isTextHead(new Uint8Array(0))).toBe(false);
  });
});

describe('a property’s accept list against the actual type', () => {
  it('admits the listed types and the types the listed extensions name', () => {
    expect(typeAllowed(IMAGES, 'image/png')).toBe(true);
    expect(typeAllowed(['.jpg'], 'image/jpeg')).toBe(true);
    expect(typeAllowed(['.pdf'], 'application/pdf')).toBe(true);
    expect(typeAllowed(['image/*'], 'image/webp')).toBe(true);
    expect(typeAllowed(['.doc'], 'application/msword')).toBe(true);
  });

  it('never admits text, markup or unknown bytes to a pictures-only property', () => {
    for (const type of ['text/plain', 'text/csv', 'application/octet-stream', 'application/x-cfb'])
      expect(typeAllowed(IMAGES, type)).toBe(false);
    expect(typeAllowed(['image/*'], 'text/plain')).toBe(false);
  });

  it('admits text only where the list names a text type or extension', () => {
    expect(typeAllowed(['text/csv', '.csv'], 'text/csv')).toBe(true);
    expect(typeAllowed(['.csv'], 'text/plain')).toBe(false);
    expect(typeAllowed(['.txt'], 'text/plain')).toBe(true);
    expect(typeAllowed(['text/*'], 'text/plain')).toBe(true);
    // An extension names a type, not a file that carries the name: HTML is never « .html ».
    expect(typeAllowed(['.html', 'text/html'], 'text/plain')).toBe(false);
  });

  it('admits every type when the property has no list', () => {
    expect(typeAllowed(undefined, 'application/octet-stream')).toBe(true);
    expect(typeAllowed([], 'text/plain')).toBe(true);
  });

  it('shows inline only raster pictures', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp']) expect(mayShowInline(type)).toBe(true);
    for (const type of ['image/svg+xml', 'text/plain', 'text/html', 'application/pdf', 'image/x-icon'])
      expect(mayShowInline(type)).toBe(false);
  });
});
