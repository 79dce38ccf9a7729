// The password rules that need no dictionary, shared by the server and the screens (no Node or
// browser API here: both import this file). The strength estimate with its dictionaries is in
// password-strength.ts, which the server always runs and the screens load on demand.

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 256;

export interface PasswordProblem {
  code: string;
  params: Record<string, unknown>;
}

/** Length, a single repeated character, the e-mail address (empty when none applies). */
export function basicPasswordProblems(password: string, email: string | null | undefined): PasswordProblem[] {
  if (password.length < PASSWORD_MIN) return [{ code: 'accounts.password.too_short', params: { min: PASSWORD_MIN } }];
  if (password.length > PASSWORD_MAX) return [{ code: 'accounts.password.too_long', params: { max: PASSWORD_MAX } }];
  const lower = password.toLowerCase();
  if (new Set(lower).size === 1) return [{ code: 'accounts.password.one_character', params: {} }];
  const mail = (email ?? '').trim().toLowerCase();
  const local = mail.split('@')[0] ?? '';
  if (mail && (lower.includes(mail) || (local.length >= 4 && lower.includes(local)))) {
    return [{ code: 'accounts.password.like_email', params: {} }];
  }
  return [];
}

/** Words a guesser would try first for this person on this platform. */
export function personalWords(email: string | null | undefined): string[] {
  const mail = (email ?? '').trim().toLowerCase();
  const [local = '', domain = ''] = mail.split('@');
  const words = [mail, local, ...local.split(/[^a-z0-9à-ÿ]+/), ...domain.split('.'), ...PLATFORM_WORDS];
  return [...new Set(words)].filter((w) => w.length >= 3);
}

const PLATFORM_WORDS = [
  'renovation',
  'rénovation',
  'renov',
  'energie',
  'énergie',
  'conseil',
  'conseiller',
  'habitat',
  'logement',
];
