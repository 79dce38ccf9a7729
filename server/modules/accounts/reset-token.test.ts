import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { checkToken, makeToken, pkFromUidb64, uidb64 } from './reset-token';
import { loadAccountSettings, useAccountSettings } from './settings';

const app = { jwtSecret: new TextEncoder().encode('unit-test-secret') } as unknown as AppContext;
useAccountSettings(app, loadAccountSettings({ PASSWORD_RESET_HOURS: '24', ACCOUNT_INITIALISATION_DAYS: '7' }));
const user = {
  pk: 42,
  email: 'client@demo.fr',
  password_hash: '$argon2id$old',
  last_login: '2026-01-01T10:00:00.000Z',
};
const now = Date.parse('2026-03-01T12:00:00Z');

describe('password links', () => {
  it('round-trips the pk through uidb64 and refuses anything else', () => {
    expect(uidb64(42)).toBe('NDI');
    expect(pkFromUidb64('NDI')).toBe(42);
    expect(pkFromUidb64('MA')).toBeNull(); // "0"
    expect(pkFromUidb64('YWJj')).toBeNull(); // "abc"
    expect(pkFromUidb64('../x')).toBeNull();
  });

  it('is valid for its purpose and lifetime only', () => {
    const reset = makeToken(app, user, 'reset', now);
    expect(reset).toMatch(/^[0-9a-z]+-[0-9a-f]{32}$/);
    expect(checkToken(app, user, reset, now + 23 * 3600_000)).toBe('reset');
    expect(checkToken(app, user, reset, now + 25 * 3600_000)).toBeNull();
    const init = makeToken(app, user, 'initialisation', now);
    expect(checkToken(app, user, init, now + 6 * 86_400_000)).toBe('initialisation');
    expect(checkToken(app, user, init, now + 8 * 86_400_000)).toBeNull();
  });

  it('dies when the password or the last sign-in changes, and with another secret', () => {
    const token = makeToken(app, user, 'reset', now);
    expect(checkToken(app, { ...user, password_hash: '$argon2id$new' }, token, now)).toBeNull();
    expect(checkToken(app, { ...user, last_login: '2026-03-01T12:30:00.000Z' }, token, now)).toBeNull();
    expect(checkToken(app, { ...user, pk: 43 }, token, now)).toBeNull();
    const other = { jwtSecret: new TextEncoder().encode('another-secret') } as unknown as AppContext;
    useAccountSettings(other, loadAccountSettings({}));
    expect(checkToken(other, user, token, now)).toBeNull();
    expect(
      checkToken(
        app,
        user,
        token.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
        now,
      ),
    ).toBeNull();
  });
});
