// jsPDF's standard fonts (Helvetica) encode text in WinAnsi: one character outside it makes the
// whole string come out as garbage. Everything drawn goes through pdfText first. No-break spaces
// become plain spaces: jsPDF measures U+00A0 wider than viewers draw it, which shifts
// right-aligned figures (the tables give figures room enough not to wrap).

/** Windows-1252 characters above Latin-1's control range (0x80–0x9F). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Characters our French texts and the engine's formulas use, mapped to what the font has. */
const REPLACEMENTS: Record<string, string> = {
  '\u202f': ' ', // fr-FR thousands separator (narrow no-break space)
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u2007': ' ',
  '\u2011': '-',
  '\u2212': '-', // minus sign
  '\u2192': '->',
  '\u2190': '<-',
  '\u2265': '>=',
  '\u2264': '<=',
  '\u2248': '~',
  '\u2260': '!=',
  '\u2082': '2', // CO₂
  '\u00b3': '3',
  '\u03c1': 'rho',
  '\u03a3': 'somme',
  '\u2026': '…',
};

function isWinAnsi(ch: string): boolean {
  const code = ch.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch);
}

/** Text the standard PDF fonts can draw: known symbols replaced, accents kept, the rest simplified. */
export function pdfText(text: string): string {
  let out = '';
  for (const ch of text) {
    if (ch === '\n' || ch === '\r' || ch === '\t') out += ' ';
    else if (REPLACEMENTS[ch] !== undefined) out += REPLACEMENTS[ch];
    else if (isWinAnsi(ch)) out += ch;
    else {
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += [...base].every(isWinAnsi) ? base : '?';
    }
  }
  return out;
}
