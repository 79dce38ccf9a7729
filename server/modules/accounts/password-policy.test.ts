import { describe, expect, it } from 'vitest';
import { passwordProblems } from './password-policy';

const codes = (p: string, email = 'claire.conseillere@demo.fr') => passwordProblems(p, email).map((x) => x.code);

describe('password rule', () => {
  it('accepts a long passphrase', () => {
    expect(codes('une toiture bien isolée')).toEqual([]);
  });
  it('refuses short, repeated, common and e-mail-like passwords', () => {
    expect(passwordProblems('court', null)).toEqual([{ code: 'accounts.password.too_short', params: { min: 10 } }]);
    expect(codes('aaaaaaaaaaaa')).toEqual(['accounts.password.one_character']);
    expect(codes('Azertyuiop')).toEqual(['accounts.password.too_common']);
    expect(codes('claire.conseillere2024')).toEqual(['accounts.password.like_email']);
    expect(codes('x'.repeat(300))).toEqual(['accounts.password.too_long']);
  });
  it('ignores a short local part (too many passwords would contain it)', () => {
    expect(codes('une phrase avec abc dedans', 'abc@demo.fr')).toEqual([]);
  });
});
