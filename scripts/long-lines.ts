/** The longest line the code may have: Prettier's printWidth (.prettierrc.json), which cannot break every token. */
export const MAX_LINE_LENGTH = 120;

/** Files a generator writes (engine/, server/ and client/generated): their writers decide their lines. */
export function isGenerated(path: string): boolean {
  return path.split('/').includes('generated');
}

export interface LongLine {
  line: number;
  length: number;
}

/**
 * The lines of `text` longer than `max` characters, numbered from 1. Length counts code points, as an editor's column
 * does: "é" or "€" is one character, whatever its bytes or UTF-16 units.
 */
export function longLines(text: string, max = MAX_LINE_LENGTH): LongLine[] {
  const found: LongLine[] = [];
  text.split('\n').forEach((raw, i) => {
    const length = [...raw.replace(/\r$/, '')].length;
    if (length > max) found.push({ line: i + 1, length });
  });
  return found;
}
