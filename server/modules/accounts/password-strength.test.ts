import { describe, expect, it } from 'vitest';
import { passwordProblems } from './password-strength';
import { basicPasswordProblems } from './password-policy';

const codes = (p: string, email = 'claire.conseillere@demo.fr') => passwordProblems(p, email).map((x) => x.code);

describe('password rule', () => {
  it('accepts long passphrases', () => {
    expect(codes('une toiture bien isolée')).toEqual([]);
    expect(codes('la rénovation, pas à pas')).toEqual([]);
    expect(codes('une phrase assez longue')).toEqual([]);
  });

  it('refuses short, repeated and e-mail-like passwords', () => {
    expect(passwordProblems('court', null)).toEqual([{ code: 'accounts.password.too_short', params: { min: 10 } }]);
    expect(codes('aaaaaaaaaaaa')).toEqual(['accounts.password.one_character']);
    expect(codes('claire.conseillere2024')).toEqual(['accounts.password.like_email']);
    expect(codes('x'.repeat(300))).toEqual(['accounts.password.too_long']);
  });

  it('refuses common French passwords the old 40-word list let through', () => {
    const common = [
      'Marseille2013',
      'motdepasse2024',
      'bonjour2024',
      'soleil12345',
      'jetaime2012',
      'P@ssw0rd2024',
      'Isabelle1975',
    ];
    for (const p of common) {
      expect(codes(p), p).toEqual(['accounts.password.too_common']);
    }
    for (const p of ['doudou12345', 'chouchou2010', 'loulou123456', 'nicolas1990']) {
      expect(codes(p), p).toEqual(['accounts.password.too_guessable']);
    }
  });

  it('says why a guessable password is refused, in French', () => {
    expect(passwordProblems('azertyuiop', null)).toEqual([
      {
        code: 'accounts.password.too_guessable',
        params: { reason: 'les lignes droites de touches de votre clavier sont faciles à deviner' },
      },
    ]);
    expect(codes('marguerite1980')).toEqual(['accounts.password.too_guessable']);
  });

  it("weighs the person's and the platform's own words", () => {
    expect(passwordProblems('renovation2024', 'claire@demo.fr')).toEqual([
      {
        code: 'accounts.password.too_guessable',
        params: { reason: 'le mot de passe ne doit pas comporter de données personnelles ou liées au site' },
      },
    ]);
  });

  it('ignores a short local part (too many passwords would contain it)', () => {
    expect(basicPasswordProblems('une phrase avec abc dedans', 'abc@demo.fr')).toEqual([]);
    expect(codes('une phrase avec abc dedans', 'abc@demo.fr')).toEqual([]);
  });
});
