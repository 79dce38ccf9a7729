import { describe, expect, it } from 'vitest';
import { hashPassword, passwordHashOptions, verifyPassword } from './passwords';

describe('password hashing cost', () => {
  it('keeps the production cost unless the test runner asks for the cheap one under NODE_ENV=test', () => {
    expect(passwordHashOptions({ NODE_ENV: 'production', TEST_PASSWORD_HASH: 'cheap' })).not.toHaveProperty(
      'memoryCost',
    );
    expect(passwordHashOptions({ TEST_PASSWORD_HASH: 'cheap' })).not.toHaveProperty('memoryCost');
    expect(passwordHashOptions({ NODE_ENV: 'test' })).not.toHaveProperty('memoryCost');
    expect(passwordHashOptions({ NODE_ENV: 'test', TEST_PASSWORD_HASH: 'cheap' })).toMatchObject({
      memoryCost: 4096,
    });
  });

  it('verifies hashes of either cost, since the cost is read from the stored hash', async () => {
    const cheap = await hashPassword('renovation-demo');
    expect(await verifyPassword(cheap, 'renovation-demo')).toBe(true);
    expect(await verifyPassword(cheap, 'autre')).toBe(false);
    // Made with the production options (64 MiB, 3 passes, 4 lanes).
    const production =
      '$argon2id$v=19$m=65536,p=4,t=3$3ad/oxvxNesMOkT6gtZWpQ' + '$8RsMrqmO46zJSG01WtAFpWqt5TA3eMnpRdmK+mh2Cqc';
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=4096,/);
    expect(await verifyPassword(production, 'renovation-demo')).toBe(true);
    expect(await verifyPassword(production, 'autre')).toBe(false);
    expect(await verifyPassword(null, 'renovation-demo')).toBe(false);
  });
});
