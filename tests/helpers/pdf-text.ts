import { resolve } from 'node:path';

/** Every space-like character as one plain space: PDF text keeps no no-break spaces. */
export const flat = (text: string): string => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

/** The text of every page of a PDF, read back with pdf.js (standard font metrics from the package, no network). */
export async function pdfText(bytes: Uint8Array | ArrayBuffer): Promise<{ text: string; pages: number }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const standardFontDataUrl = `${resolve(import.meta.dirname, '../../node_modules/pdfjs-dist/standard_fonts')}/`;
  // pdf.js refuses Node's Buffer (a Uint8Array subclass): always hand it a plain Uint8Array.
  const data =
    bytes instanceof Uint8Array
      ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength).slice()
      : new Uint8Array(bytes);
  const doc = await pdfjs.getDocument({ data, useSystemFonts: false, isEvalSupported: false, standardFontDataUrl })
    .promise;
  const parts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  const pages = doc.numPages;
  await doc.destroy();
  return { text: flat(parts.join(' ')), pages };
}
