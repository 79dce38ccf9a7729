import { RE2JS, RE2JSSyntaxException } from 're2js';

/**
 * Record patterns run on RE2 (re2js, a pure-JavaScript port): matching time is linear in the
 * input whatever the pattern, so a pattern an administrator types in an overlay (`^(a+)+$`) cannot
 * stall the server or a browser tab the way a backtracking engine would. RE2 has no look-around
 * and no back-references; such a pattern is refused when it is saved (see `patternProblem`).
 */
export interface SafePattern {
  test(input: string): boolean;
  toString(): string;
}

const compiled = new Map<string, SafePattern>();

/**
 * AJV's `code.regExp` contract: a function `(pattern, flags) → { test }` whose `code` property is
 * the expression standalone validator code uses to reach it (the browser's validator modules get
 * this file under the name "app:regexp"). RE2 is Unicode-aware by itself, so the "u" flag needs
 * nothing. `toString` must tell patterns apart: AJV shares one compiled pattern per string.
 */
export const safeRegExp = Object.assign(
  (pattern: string): SafePattern => {
    let found = compiled.get(pattern);
    if (!found) {
      const re = RE2JS.compile(pattern);
      found = { test: (input: string) => re.test(input), toString: () => `re2:${pattern}` };
      compiled.set(pattern, found);
    }
    return found;
  },
  { code: 'require("app:regexp").safeRegExp' },
);

/** French reasons for RE2's syntax errors (re2js `error` codes); others get the generic reason. */
const REASONS: Record<string, string> = {
  'missing closing )': "une parenthèse ouvrante n'est pas fermée",
  'unexpected )': "une parenthèse fermante n'a pas d'ouvrante",
  'missing closing ]': "un crochet ouvrant n'est pas fermé",
  'invalid character class range': "un intervalle de caractères est à l'envers ou mal formé",
  'invalid escape sequence':
    "une séquence d'échappement (\\…) n'est pas reconnue ; les références arrière (\\1) ne sont pas acceptées",
  'trailing backslash at end of expression': 'le motif se termine par une barre oblique inversée',
  'missing argument to repetition operator': 'un opérateur de répétition (*, +, ?, {n}) ne porte sur rien',
  'invalid nested repetition operator': 'deux opérateurs de répétition se suivent',
  'invalid repeat count': 'un nombre de répétitions {n,m} est invalide ou dépasse 1 000',
  'invalid or unsupported Perl syntax': 'les assertions (?=…), (?!…), (?<=…) et (?<!…) ne sont pas acceptées',
  'invalid named capture': 'un nom de groupe est invalide',
  'duplicate capture group name': 'deux groupes portent le même nom',
  'expression nests too deeply': 'le motif est trop imbriqué',
  'expression too large': 'le motif est trop long',
};

/** Why a pattern cannot be used, in French, or null when RE2 accepts it. */
export function patternProblem(pattern: string): string | null {
  try {
    RE2JS.compile(pattern);
    return null;
  } catch (e) {
    if (e instanceof RE2JSSyntaxException) return REASONS[e.error] ?? "la syntaxe n'est pas reconnue";
    return "la syntaxe n'est pas reconnue";
  }
}
