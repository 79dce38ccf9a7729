import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { jsPDF } from 'jspdf';

// The reports' font: DejaVu Sans (npm package dejavu-fonts-ttf, free licence: Bitstream Vera and
// public-domain changes, see node_modules/dejavu-fonts-ttf/LICENSE). jsPDF's standard Helvetica
// only encodes WinAnsi, so « CO₂ », « ≥ » or a narrow no-break space had to be replaced; an
// embedded Unicode TrueType font prints every French character and symbol as typed. jsPDF embeds
// only the glyphs a document uses, about 60 kB per style in a report.

export const PDF_FONT = 'DejaVuSans';

const FILES = { normal: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;

let cache: Record<keyof typeof FILES, string> | null = null;

/** The TTF files as base64, read once per process from the package. */
function fontData(): Record<keyof typeof FILES, string> {
  if (cache) return cache;
  const require = createRequire(import.meta.url);
  const folder = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  cache = {
    normal: readFileSync(join(folder, FILES.normal)).toString('base64'),
    bold: readFileSync(join(folder, FILES.bold)).toString('base64'),
  };
  return cache;
}

/**
 * Registers the font's normal and bold styles in a document. No italic: every registered style is
 * embedded (about 50 kB each) and the reports draw no italic text (PdfLayout.font maps it to normal).
 */
export function registerPdfFont(doc: jsPDF): void {
  const data = fontData();
  for (const style of ['normal', 'bold'] as const) {
    doc.addFileToVFS(FILES[style], data[style]);
    doc.addFont(FILES[style], PDF_FONT, style, undefined, 'Identity-H');
  }
  doc.setFont(PDF_FONT, 'normal');
}
