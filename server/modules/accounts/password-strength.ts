import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as french from '@zxcvbn-ts/language-fr';
import { basicPasswordProblems, personalWords, type PasswordProblem } from './password-policy';

// How long a guesser would take, estimated by zxcvbn (Dropbox's estimator, TypeScript port) with
// its common-password lists and the French dictionaries (words, first names, surnames, French
// Wikipedia). The server always checks; the screens import this module on demand (its
// dictionaries weigh about 540 KB gzipped), never with a public first page.

/** zxcvbn's score 3: about 10^8 guesses at least, enough for an online attack on throttled sign-ins. */
export const MIN_SCORE = 3;

const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...french.dictionary },
  graphs: common.adjacencyGraphs,
  translations: french.translations,
  // The estimate's cost grows fast with length and l33t look-alikes (a 72-character string of
  // digits and letters took seconds with the defaults): 64 characters are judged, and a password
  // that long is strong anyway.
  maxLength: 64,
  l33tMaxSubstitutions: 15,
});

type WarningKey = keyof typeof french.translations.warnings;
const COMMON_KEYS: WarningKey[] = ['topTen', 'topHundred', 'common', 'similarToCommon', 'pwned'];
const COMMON_WARNINGS = new Set(COMMON_KEYS.map((k) => french.translations.warnings[k]));

/** What is wrong with a new password (empty when it is acceptable). Both entries are compared elsewhere. */
export function passwordProblems(password: string, email: string | null | undefined): PasswordProblem[] {
  const basic = basicPasswordProblems(password, email);
  if (basic.length) return basic;
  const { score, feedback } = zxcvbn.check(password, personalWords(email));
  if (score >= MIN_SCORE) return [];
  const warning = feedback.warning ?? '';
  if (!warning || COMMON_WARNINGS.has(warning)) return [{ code: 'accounts.password.too_common', params: {} }];
  // zxcvbn's French reason, as a clause: "les dates sont faciles à deviner".
  const reason = warning.replace(/\.$/, '').replace(/^./, (c) => c.toLowerCase());
  return [{ code: 'accounts.password.too_guessable', params: { reason } }];
}
