// The password rule, shared by the server (authority) and the screens (hints before sending).
// No Node or browser API here: both import this file.

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 256;

export interface PasswordProblem { code: string; params: Record<string, unknown> }

// The most used passwords of 10+ characters in French and international leaks, plus the demo's own.
const COMMON = new Set([
  '1234567890', '12345678910', '0123456789', '1234567891', 'azertyuiop', 'qwertyuiop', 'motdepasse', 'motdepasse1',
  'motdepasse123', 'password12', 'password123', 'password1234', 'passwordpassword', 'azerty1234', 'azerty12345',
  'azertyuiop1', 'iloveyou12', 'jetaime1234', 'soleil1234', 'bonjour123', 'bonjour1234', 'doudou1234', 'marseille13',
  'abcdefghij', 'abcd123456', 'qwerty1234', 'qwerty12345', '1q2w3e4r5t', 'a1b2c3d4e5', '0000000000', '1111111111',
  'administrateur', 'administrator', 'changeme123', 'bienvenue1', 'bienvenue123', 'renovation', 'renovation1',
]);

/** What is wrong with a new password (empty when it is acceptable). Both entries are compared elsewhere. */
export function passwordProblems(password: string, email: string | null | undefined): PasswordProblem[] {
  if (password.length < PASSWORD_MIN) return [{ code: 'accounts.password.too_short', params: { min: PASSWORD_MIN } }];
  if (password.length > PASSWORD_MAX) return [{ code: 'accounts.password.too_long', params: { max: PASSWORD_MAX } }];
  const lower = password.toLowerCase();
  if (new Set(lower).size === 1) return [{ code: 'accounts.password.one_character', params: {} }];
  const mail = (email ?? '').trim().toLowerCase();
  const local = mail.split('@')[0] ?? '';
  if (mail && (lower.includes(mail) || (local.length >= 4 && lower.includes(local)))) {
    return [{ code: 'accounts.password.like_email', params: {} }];
  }
  if (COMMON.has(lower)) return [{ code: 'accounts.password.too_common', params: {} }];
  return [];
}
