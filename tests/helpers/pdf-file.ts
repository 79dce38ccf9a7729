/** The smallest file that readers and type sniffers take for a PDF (its `%PDF-` signature). */
export function makePdf(text: string): Buffer {
  return Buffer.from(`%PDF-1.4\n${text}\n%%EOF\n`);
}
