/** What a JSON editor's text means: a value to store, or why it cannot be stored. */
export type JsonTextResult = { ok: true; value: unknown } | { ok: false; message: string };

/** Empty text is « no value » (null); anything else must be JSON, its error said in French. */
export function parseJsonText(text: string): JsonTextResult {
  if (text.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, message: `Ce texte n'est pas un JSON valide : ${frenchReason(e)}` };
  }
}

/** The stored value as the editor shows it (two-space indentation; nothing for null). */
export function jsonText(value: unknown): string {
  return value === null || value === undefined ? '' : JSON.stringify(value, null, 2);
}

/** JavaScript's SyntaxError messages are English; the kind of mistake and where it is are what help. */
function frenchReason(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  const line = /line (\d+) column (\d+)/.exec(message);
  const position = /position (\d+)/.exec(message);
  const where = line
    ? ` (ligne ${line[1]}, colonne ${line[2]})`
    : position
      ? ` (caractère ${Number(position[1]) + 1})`
      : '';
  if (/end of (JSON )?input/i.test(message))
    return 'le texte s’arrête avant la fin (accolade, crochet ou guillemet non fermé ?).';
  if (/property name/i.test(message)) return `nom de propriété entre guillemets doubles attendu${where}.`;
  if (/after JSON/i.test(message)) return `texte en trop après la fin du JSON${where}.`;
  const token = /Unexpected token '?([^',\s])/.exec(message);
  if (token) return `caractère « ${token[1]} » inattendu${where}.`;
  return `syntaxe incorrecte${where}.`;
}
