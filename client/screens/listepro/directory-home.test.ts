import { describe, expect, it } from 'vitest';
import { directoryHome } from './directory-home';

describe('directoryHome (spec 03 §2 default redirect)', () => {
  const declared = ['/annuaire-des-professionnels/accueil', '/annuaire-des-professionnels-admin/comptes'];

  it('sends professionals home, the team to the list, anyone else to the search', () => {
    expect(directoryHome('professional', declared)).toBe('/annuaire-des-professionnels/accueil');
    for (const type of ['advisor', 'superadvisor', 'listeproadmin'])
      expect(directoryHome(type, declared), type).toBe('/annuaire-des-professionnels-admin/comptes');
    for (const type of ['client', 'manager', 'administrator', null, undefined])
      expect(directoryHome(type, declared), String(type)).toBe('/annuaire-des-pros/recherche');
  });

  it('falls back on the search when the back office is not declared', () => {
    expect(directoryHome('professional', [])).toBe('/annuaire-des-pros/recherche');
    expect(directoryHome('advisor', ['/annuaire-des-professionnels/accueil'])).toBe('/annuaire-des-pros/recherche');
  });
});
