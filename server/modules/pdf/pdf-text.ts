// The reports embed a Unicode TrueType font (fonts.ts): French text, « CO₂ », « ≥ », « € » and the
// fr-FR narrow no-break space are drawn as typed. Only what breaks a line of text is changed.

/** Text as drawn in the PDF: line breaks and tabs become spaces (layout wraps lines itself). */
export function pdfText(text: string): string {
  return text.replace(/[\n\r\t]/g, ' ');
}
